/** Defines a custom element once, however many copies of the widget a page loads. */
export function defineOnce(tag: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, constructor);
}
