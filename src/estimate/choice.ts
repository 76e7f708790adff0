/** A labelled choice among a few (the comparables' order, the home's type): a native select, styled alike. */
import { html } from 'lit/html.js';

export const renderChoice = (
  label: string,
  choices: [value: string, text: string][],
  chosen: string | undefined,
  onChoose: (value: string) => void,
) =>
  html`<label class="sort-by"
    >${label}<select @change=${(e: Event) => onChoose((e.target as HTMLSelectElement).value)}>
      ${choices.map(([value, text]) => html`<option value=${value} .selected=${value === chosen}>${text}</option>`)}
    </select></label
  >`;
