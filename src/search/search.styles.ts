import { css } from '../internal/css.js';

/** The search field, its loading spinner, and the suggestion popup. */
export const searchStyles = css`
  .search {
    display: grid;
    gap: 6px;
  }
  .search-label {
    font-weight: 600;
    font-size: 14px;
  }
  .input-wrap {
    position: relative;
  }
  input:not([type='radio']) {
    width: 100%;
    min-height: 44px;
    padding: 10px 40px 10px 12px;
    font: inherit;
    font-size: max(16px, var(--_size));
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_muted);
    border-radius: calc(var(--_radius) - 2px);
  }
  input[type='text']::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  .spinner {
    position: absolute;
    inset-inline-end: 12px;
    top: 50%;
    width: 18px;
    height: 18px;
    margin-top: -9px;
    border: 2px solid var(--_border);
    border-top-color: var(--_accent);
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }

  /* Placed by PopupController in fixed coordinates; in the top layer, free of every host ancestor. */
  .popup {
    position: fixed;
    inset: auto;
    z-index: 1;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    overflow: visible;
    color: var(--_fg);
    font: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    box-shadow: 0 8px 24px rgb(0 0 0 / 0.18);
  }
  /* The listbox scrolls itself: it is the combobox's popup, which keys (not Tab) scroll. */
  .listbox {
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    list-style: none;
    margin: 0;
    padding: 4px;
  }
  .option {
    display: grid;
    gap: 2px;
    min-height: 44px;
    padding: 8px 10px;
    border-radius: 6px;
    cursor: pointer;
  }
  .option:hover {
    background: var(--_surface);
  }
  .option.active {
    background: var(--_accent);
    color: var(--_accent-contrast);
  }
  .option.active .option-meta {
    color: inherit;
  }
  .option-meta {
    font-size: 13px;
    color: var(--_muted);
  }
  .kind {
    font-weight: 600;
  }
  mark {
    background: var(--_mark);
    color: inherit;
    font-weight: 600;
  }
  .option.active mark {
    background: transparent;
    text-decoration: underline;
  }
  .popup-message {
    margin: 0;
    padding: 12px;
    color: var(--_muted);
  }
  .popup-message p {
    margin: 0 0 6px;
  }
  /* Text from the network keeps its direction to itself and may break anywhere: it cannot widen the panel. */
  .option-text,
  .option-meta {
    unicode-bidi: isolate;
    overflow-wrap: anywhere;
  }
`;
