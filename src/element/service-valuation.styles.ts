
/** Marks CSS for editors and for the build's minifier; backslashes stay as written. */
const css = String.raw;

/**
 * Every inherited property is set on :host, so the host page's font, colour, line height and
 * letter spacing stop here; sizes are px (the page's root font size must not scale the panel).
 * Each colour is light-dark(light, dark); data-theme picks the colour scheme.
 */
export const styles = css`
  :host {
    /* Public hooks are read, never declared, here: a page sets them on the container. */
    --_accent: var(--sv-accent, light-dark(#0b6b57, #5fd4b5));
    --_accent-contrast: var(--sv-accent-contrast, light-dark(#fff, #0c1a16));
    --_radius: var(--sv-radius, 10px);
    --_font: var(--sv-font-family, 'Service Inter', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif);
    --_size: var(--sv-font-size, 15px);
    --_bg: light-dark(#fff, #151b22);
    --_fg: light-dark(#17212b, #e8edf2);
    --_muted: light-dark(#4f5b66, #a9b4bf);
    --_border: light-dark(#cfd6dd, #3a4653);
    --_surface: light-dark(#f3f6f8, #1e262f);
    --_mark: light-dark(#fff0b3, #5a4a00);
    --_error: light-dark(#a4262c, #ff9a9a);

    /* Stops every inherited property (font, colour, spacing, visibility) at the host. */
    all: initial;
    display: block;
    box-sizing: border-box;
    min-width: 260px;
    max-width: 100%;
    /* Equal to the space the loader reserves (loader.ts), kept from definition to first render. */
    min-height: 340px;
    font: var(--_size) / 1.45 var(--_font);
    color: var(--_fg);
    color-scheme: light;
  }
  :host([data-theme='dark']) {
    color-scheme: dark;
  }
  :host([data-theme='auto']) {
    color-scheme: light dark;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  .panel {
    container: panel / inline-size;
    /* The host's, so the panel fills the space reserved for it and the page does not move. */
    min-height: inherit;
    align-content: start;
    display: grid;
    gap: 14px;
    padding: 16px;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow-wrap: anywhere;
  }
  header {
    display: flex;
    align-items: center;
    gap: 10px;
  }
  header img {
    width: 28px;
    height: 28px;
    flex: none;
  }
  .brand {
    display: grid;
  }
  .brand-name {
    font-size: 12px;
    color: var(--_muted);
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }
  h2 {
    margin: 0;
    font-size: 18px;
    line-height: 1.25;
    font-weight: 600;
  }

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
  input[type='text'] {
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
  :focus-visible,
  .mode-option:has(:focus-visible) {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
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
    .spinner,
    .bone {
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

  .mode {
    display: inline-flex;
    justify-self: start;
    margin: 0;
    padding: 3px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
  }
  .mode-option {
    position: relative;
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 16px;
    border-radius: 999px;
    cursor: pointer;
    font-weight: 600;
    font-size: 14px;
  }
  .mode-option input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  .mode-option:has(input:checked) {
    background: var(--_accent);
    color: var(--_accent-contrast);
  }

  .estimate {
    display: grid;
    gap: 6px;
  }
  .property {
    display: grid;
    margin: 0;
  }
  .property-name {
    font-weight: 600;
  }
  .property-meta,
  .range,
  .estimate-label {
    color: var(--_muted);
    font-size: 14px;
  }
  .estimate-label {
    margin: 8px 0 0;
    font-weight: 400;
  }
  .value {
    margin: 0;
    font-size: 32px;
    line-height: 1.15;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .per {
    font-size: 16px;
    font-weight: 400;
  }
  .range {
    margin: 0;
  }
  .facts {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px;
    margin: 8px 0 0;
  }
  .facts div {
    padding: 8px 10px;
    background: var(--_surface);
    border-radius: 6px;
  }
  dt {
    font-size: 12px;
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  @container panel (min-width: 560px) {
    .facts {
      grid-template-columns: repeat(4, minmax(0, 1fr));
    }
  }

  .estimate-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    align-items: center;
  }
  button {
    min-height: 44px;
    padding: 0;
    font: inherit;
    font-weight: 600;
    color: inherit;
    background: none;
    border: 0;
    cursor: pointer;
  }
  .text-button {
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  .text-button[aria-pressed='true']::before {
    content: '✓ ';
  }
  .full-valuation {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
  }
  .sort {
    min-height: 32px;
    color: var(--_muted);
    white-space: nowrap;
    text-align: inherit;
  }
  .sort-icon {
    display: inline-block;
    width: 1em;
    font-size: 10px;
  }

  .chart {
    margin: 8px 0 0;
    max-width: 560px;
  }
  .chart svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }
  .grid {
    stroke: var(--_border);
    stroke-width: 1;
  }
  .tick {
    fill: var(--_muted);
    font-size: 15px;
    font-family: var(--_font);
  }
  .band {
    fill: var(--_accent);
    opacity: 0.16;
  }
  .estimate-line {
    stroke: var(--_accent);
    stroke-width: 2.5;
    stroke-dasharray: 8 5;
  }
  .dot {
    fill: var(--_bg);
    stroke: var(--_fg);
    stroke-width: 2;
  }
  /* The chart scales with its width; in a narrow panel its labels and dots grow to stay legible. */
  @container panel (max-width: 420px) {
    .tick {
      font-size: 28px;
    }
    .dot {
      r: 10px;
      stroke-width: 3;
    }
    .estimate-line {
      stroke-width: 4;
    }
  }
  figcaption {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    font-size: 12px;
    color: var(--_muted);
  }
  .key {
    display: inline-block;
    width: 10px;
    height: 10px;
  }
  .dot-key {
    border: 2px solid var(--_fg);
    border-radius: 50%;
  }
  .line-key {
    width: 16px;
    height: 8px;
    margin-inline-start: 8px;
    background: var(--_accent);
    opacity: 0.5;
  }

  .table-wrap {
    margin-top: 8px;
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  }
  caption {
    text-align: start;
    font-weight: 600;
    font-size: 14px;
    padding-bottom: 6px;
  }
  th,
  td {
    padding: 6px 8px 6px 0;
    text-align: start;
    border-bottom: 1px solid var(--_border);
    vertical-align: top;
  }
  th {
    font-weight: 600;
    color: var(--_muted);
    white-space: nowrap;
  }
  .num {
    text-align: end;
    white-space: nowrap;
  }
  @container panel (max-width: 520px) {
    thead tr {
      display: flex;
      flex-wrap: wrap;
      gap: 0 12px;
    }
    th {
      border: 0;
      padding: 0;
    }
    tr {
      display: grid;
      grid-template-columns: 1fr auto;
      padding: 8px 0;
      border-bottom: 1px solid var(--_border);
    }
    td {
      border: 0;
      padding: 0;
    }
    td.address {
      grid-column: 1 / -1;
      font-weight: 600;
    }
    td.num {
      text-align: start;
    }
  }

  .notice {
    margin: 0;
    padding: 12px;
    border-radius: 6px;
    background: var(--_surface);
    border-inline-start: 4px solid var(--_error);
  }
  .notice p {
    margin: 0;
  }
  .button {
    padding: 0 14px;
    color: var(--_accent-contrast);
    background: var(--_accent);
    border-radius: calc(var(--_radius) - 2px);
  }
  .notice .button {
    margin-top: 8px;
  }

  .skeleton .bone {
    display: block;
    height: 14px;
    border-radius: 4px;
    background: var(--_surface);
    animation: pulse 1.2s ease-in-out infinite alternate;
  }
  .skeleton .short {
    width: 50%;
  }
  .skeleton .value {
    height: 36px;
    width: 60%;
  }
  .skeleton .label {
    width: 30%;
    margin-top: 8px;
  }
  .skeleton .facts {
    height: 52px;
  }
  .skeleton .chart {
    height: 150px;
  }
  .skeleton .table {
    height: 300px;
  }
  .loading-note {
    margin: 0;
    color: var(--_muted);
  }
  @keyframes pulse {
    to {
      opacity: 0.45;
    }
  }

  /* Attribution and disclaimer: private colour and size, visible even if ::part(base) is hidden. */
  footer {
    display: grid;
    gap: 4px;
    padding-top: 10px;
    border-top: 1px solid var(--_border);
    font: 12px / 1.45 var(--_font);
    /* Not a token: a page that restyles the host element itself still cannot fade these out. */
    color: light-dark(#4f5b66, #a9b4bf);
    visibility: visible;
  }
  footer p {
    margin: 0;
  }
  a {
    color: inherit;
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  /* Text from the network keeps its direction to itself: a stray bidi override cannot flip the panel. */
  .option-text,
  .option-meta,
  .property-name,
  .property-meta,
  td,
  footer a,
  .disclaimer {
    unicode-bidi: isolate;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
