import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../element/service-valuation.js';
import type { ServiceValuation } from '../element/service-valuation.js';
import { DEMO_KEY } from '../../service/sandbox/in-page-host.js';
import { API_BASE } from './sandbox-worker.js';

/** Mounts a widget against the sandbox and opens every test with an accessibility assertion. */
export async function widget(
  options: { key?: string; theme?: string; query?: string; lang?: string } = {},
): Promise<ServiceValuation> {
  const key = options.key ?? DEMO_KEY;
  const el = await fixture<ServiceValuation>(
    html`<service-valuation
      data-embed-key=${key}
      data-theme=${options.theme ?? ''}
      data-query=${options.query ?? ''}
      data-lang=${options.lang ?? ''}
      data-api-base=${API_BASE}
    ></service-valuation>`,
  );
  await expect(el).to.be.accessible();
  return el;
}

export const $ = <T extends Element = HTMLElement>(el: ServiceValuation, selector: string) =>
  el.shadowRoot!.querySelector<T>(selector);
export const $$ = <T extends Element = HTMLElement>(el: ServiceValuation, selector: string) => [
  ...el.shadowRoot!.querySelectorAll<T>(selector),
];

export const input = (el: ServiceValuation) => $<HTMLInputElement>(el, 'input[role="combobox"]')!;

/** Types text the way a browser reports it: value, then an input event. */
export function type(el: ServiceValuation, text: string): void {
  const field = input(el);
  field.focus();
  field.value = text;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
}

export function press(el: ServiceValuation, key: string, init: KeyboardEventInit = {}): void {
  input(el).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, ...init }));
}

/** A labelled choice of the panel (the comparables' order, the home's type), found by its label. */
export const choice = (el: ServiceValuation, label: string) =>
  $$<HTMLLabelElement>(el, 'label.sort-by')
    .find((l) => l.textContent!.trim().startsWith(label))
    ?.querySelector('select') ?? undefined;
export const options = (el: ServiceValuation) => $$(el, '[role="option"]');
export const text = (el: ServiceValuation) => el.shadowRoot!.textContent?.replace(/\s+/g, ' ') ?? '';

export async function until(condition: () => unknown, message: string, timeout = 5000): Promise<void> {
  await waitUntil(condition, message, { timeout });
}

export async function searchAndChoose(el: ServiceValuation, query: string, index = 0): Promise<void> {
  // From an empty field: a focused field shows the last search's list until this query's answer replaces it.
  type(el, '');
  type(el, query);
  await until(() => options(el).length > index, `suggestions for ${query}`);
  for (let i = 0; i <= index; i++) press(el, 'ArrowDown');
  await el.updateComplete;
  press(el, 'Enter');
  // The chosen home's request drawn first: the estimate on show until then is the last address's.
  await el.updateComplete;
  await until(() => $(el, '.estimate:not(.skeleton)') || $(el, '[part="estimate-error"]'), `estimate for ${query}`);
}
