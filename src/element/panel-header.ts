import { html, nothing } from 'lit/html.js';
import { words } from '../words/words.js';

/** The brand and the panel's title; the logo (`logoSrc`) once the panel has been drawn (assets.ts). */
export const renderHeader = (logoSrc: string | undefined) =>
  html`<header>
    <img src=${logoSrc ?? nothing} alt="" width="28" height="28" />
    <div class="brand">
      <span class="brand-name">${words.brand}</span>
      <h2 id="sv-title">${words.title}</h2>
    </div>
  </header>`;
