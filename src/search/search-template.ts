/** The combobox: input and listbox in one shadow root (ARIA ID references do not cross roots). */
import { html, nothing } from 'lit/html.js';
import type { Suggestion } from '../api/types.js';
import { words } from '../words/words.js';
import { hostProblem } from '../words/problems.js';
import { highlight } from './highlight.js';
import { MAX_QUERY_CHARS, type SearchController } from './search-controller.js';
import { ACTIVE_CLASS, ANCHOR_CLASS, INPUT_ID, LISTBOX_ID, optionId, POPUP_CLASS } from './search-parts.js';

export interface SearchHandlers {
  onChoose(suggestion: Suggestion): void;
}

/** Clicks in the popup must not blur the input, which would close the popup before the click lands. */
const handlePopupMousedown = (event: Event) => event.preventDefault();

function handleKeydown(search: SearchController, handlers: SearchHandlers, event: KeyboardEvent) {
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
    case 'Enter': {
      const chosen =
        search.active ?? (search.open && search.suggestions.length === 1 ? search.suggestions[0] : undefined);
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
    class="option ${active ? ACTIVE_CLASS : ''}"
    part="option"
    aria-selected=${active ? 'true' : 'false'}
    @click=${() => handlers.onChoose(suggestion)}
  >
    <span class="option-text"
      >${highlight(suggestion.text, suggestion.matches).map((s) => (s.match ? html`<mark>${s.text}</mark>` : s.text))}</span
    >
    <span class="option-meta"><span class="kind">${words.kind[suggestion.kind]}</span> ${suggestion.secondaryText}</span>
  </li>`;
}

function renderPopupBody(search: SearchController, handlers: SearchHandlers) {
  if (search.request.status === 'error') {
    const problem = hostProblem(search.request.error!);
    return html`<div class="popup-message" part="search-error">
      <p>${problem.visitor}</p>
      ${problem.retry ? html`<button type="button" class="button" @click=${() => search.retry()}>${words.tryAgain}</button>` : nothing}
    </div>`;
  }
  if (search.suggestions.length === 0) {
    return html`<p class="popup-message" part="search-empty">${words.noMatches(search.answeredQuery)}</p>`;
  }
  return html`<ul id=${LISTBOX_ID} role="listbox" aria-label=${words.suggestionsLabel} class="listbox" part="listbox">
    ${search.suggestions.map((s, i) => renderOption(search, handlers, s, i))}
  </ul>`;
}

export function renderSearch(search: SearchController, handlers: SearchHandlers) {
  const expanded = search.open && search.suggestions.length > 0;
  return html`<div class="search" part="search">
    <label for=${INPUT_ID} class="search-label">${words.searchLabel}</label>
    <div class=${ANCHOR_CLASS}>
      <input
        id=${INPUT_ID}
        part="input"
        type="text"
        role="combobox"
        autocomplete="off"
        autocapitalize="off"
        spellcheck="false"
        enterkeyhint="search"
        maxlength=${MAX_QUERY_CHARS}
        placeholder=${words.searchPlaceholder}
        aria-autocomplete="list"
        aria-controls=${LISTBOX_ID}
        aria-expanded=${expanded ? 'true' : 'false'}
        aria-activedescendant=${expanded && search.activeIndex >= 0 ? optionId(search.activeIndex) : nothing}
        .value=${search.query}
        @input=${(e: InputEvent) => search.input((e.target as HTMLInputElement).value, e.isComposing)}
        @compositionend=${(e: CompositionEvent) => search.input((e.target as HTMLInputElement).value)}
        @keydown=${(e: KeyboardEvent) => handleKeydown(search, handlers, e)}
        @blur=${(e: FocusEvent) => {
          // Focus moved on (Tab, or another control): close. Focus simply lost (a click on the
          // widget's own text, another window): leave the list as it is.
          if (e.relatedTarget) search.close();
        }}
        @focus=${() => search.show()}
      />
      ${search.request.slow ? html`<span class="spinner" part="spinner" aria-hidden="true"></span>` : nothing}
    </div>
    ${
      search.open
        ? html`<div class=${POPUP_CLASS} part="popup" popover="manual" @mousedown=${handlePopupMousedown}>${renderPopupBody(search, handlers)}</div>`
        : nothing
    }
  </div>`;
}
