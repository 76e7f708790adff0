/** The combobox: input and listbox in one shadow root (ARIA ID references do not cross roots). */
import { html, nothing } from 'lit/html.js';
import type { Suggestion } from '../api/types.js';
import { hostProblem } from '../element/messages.js';
import { highlight } from './highlight.js';
import { MAX_QUERY_CHARS, type SearchController } from './search-controller.js';

export interface SearchHandlers {
  onChoose(suggestion: Suggestion): void;
}

const KIND_LABEL: Record<Suggestion['kind'], string> = {
  address: 'Address',
  postal_code: 'Postal code',
  condo: 'Condo',
};

/** Clicks in the popup must not blur the input, which would close the popup before the click lands. */
const keepFocus = (event: Event) => event.preventDefault();

const optionId = (index: number) => `sv-option-${index}`;

function onKeydown(search: SearchController, handlers: SearchHandlers, event: KeyboardEvent) {
  if (event.isComposing) return;
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      if (event.altKey) search.show();
      else search.move(1);
      break;
    case 'ArrowUp':
      event.preventDefault();
      if (event.altKey) search.close();
      else search.move(-1);
      break;
    case 'Home':
    case 'End':
      if (search.open && search.activeIndex >= 0) {
        event.preventDefault();
        search.moveTo(event.key === 'Home' ? 0 : search.suggestions.length - 1);
      }
      break;
    case 'Enter': {
      const chosen = search.active ?? (search.open && search.suggestions.length === 1 ? search.suggestions[0] : undefined);
      if (chosen) {
        event.preventDefault();
        handlers.onChoose(chosen);
      }
      break;
    }
    case 'Escape':
      if (search.open) search.close();
      else search.clear();
      break;
  }
}

function renderOption(search: SearchController, handlers: SearchHandlers, suggestion: Suggestion, index: number) {
  const active = index === search.activeIndex;
  return html`<li
    id=${optionId(index)}
    role="option"
    class="option ${active ? 'active' : ''}"
    part="option"
    aria-selected=${active ? 'true' : 'false'}
    @click=${() => handlers.onChoose(suggestion)}
  >
    <span class="option-text"
      >${highlight(suggestion.text, suggestion.matches).map((s) => (s.match ? html`<mark>${s.text}</mark>` : s.text))}</span
    >
    <span class="option-meta"><span class="kind">${KIND_LABEL[suggestion.kind]}</span> ${suggestion.secondaryText}</span>
  </li>`;
}

function renderPopupBody(search: SearchController, handlers: SearchHandlers) {
  if (search.status === 'error' && search.error) {
    const problem = hostProblem(search.error);
    return html`<div class="popup-message" part="search-error">
      <p>${problem.visitor}</p>
      ${problem.retry ? html`<button type="button" class="button" @click=${() => search.retry()}>Try again</button>` : nothing}
    </div>`;
  }
  if (search.suggestions.length === 0) {
    return html`<p class="popup-message" part="search-empty">
      No matches for “${search.answeredQuery}”. Try a block and street (e.g. 123 Ang Mo Kio Ave 3), a 6-digit postal code or a condo name.
    </p>`;
  }
  return html`<ul id="sv-listbox" role="listbox" aria-label="Suggestions" class="listbox" part="listbox">
    ${search.suggestions.map((s, i) => renderOption(search, handlers, s, i))}
  </ul>`;
}

export function renderSearch(search: SearchController, handlers: SearchHandlers) {
  const expanded = search.open && search.suggestions.length > 0;
  return html`<div class="search" part="search">
    <label for="sv-input" class="search-label">Search by address, postal code or condo</label>
    <div class="input-wrap">
      <input
        id="sv-input"
        part="input"
        type="text"
        role="combobox"
        autocomplete="off"
        autocapitalize="off"
        spellcheck="false"
        enterkeyhint="search"
        maxlength=${MAX_QUERY_CHARS}
        placeholder="e.g. 123 Ang Mo Kio Ave 3, 560123, Parc Esta"
        aria-autocomplete="list"
        aria-controls="sv-listbox"
        aria-expanded=${expanded ? 'true' : 'false'}
        aria-activedescendant=${expanded && search.activeIndex >= 0 ? optionId(search.activeIndex) : nothing}
        .value=${search.query}
        @input=${(e: InputEvent) => search.input((e.target as HTMLInputElement).value, e.isComposing)}
        @compositionend=${(e: CompositionEvent) => search.input((e.target as HTMLInputElement).value)}
        @keydown=${(e: KeyboardEvent) => onKeydown(search, handlers, e)}
        @blur=${(e: FocusEvent) => {
          // Focus moved on (Tab, or another control): close. Focus simply lost (a click on the
          // widget's own text, another window): leave the list as it is.
          if (e.relatedTarget) search.close();
        }}
        @focus=${() => search.show()}
      />
      ${search.slow ? html`<span class="spinner" part="spinner" aria-hidden="true"></span>` : nothing}
    </div>
    ${search.open
      ? html`<div class="popup" part="popup" popover="manual" @mousedown=${keepFocus}>${renderPopupBody(search, handlers)}</div>`
      : nothing}
  </div>`;
}
