import { css } from '../internal/css.js';

/**
 * Every inherited property is set on :host, so the host page's font, colour, line height and
 * letter spacing stop here; sizes are px (the page's root font size must not scale the panel).
 * Each colour is light-dark(light, dark); data-theme picks the colour scheme.
 */
export const panelStyles = css`
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
    /* The host's, so the panel fills the space reserved for it and the page does not move. */
    min-height: inherit;
    align-content: start;
    display: grid;
    gap: 14px;
    padding: 16px;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    /* Words wrap whole; only text from the network (below, and in each part) may break anywhere. */
    overflow-wrap: break-word;
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

  :focus-visible,
  .mode-option:has(:focus-visible) {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
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
  /* Text from the network keeps its direction to itself and may break anywhere: it cannot widen the panel. */
  footer a,
  .disclaimer {
    unicode-bidi: isolate;
    overflow-wrap: anywhere;
  }
  /* A unit type ("4-room", "1-bedroom") stays whole. */
  .unit {
    white-space: nowrap;
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
