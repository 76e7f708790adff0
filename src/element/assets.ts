/**
 * The panel's font and logo come from the widget host API's base URL, once the panel has been drawn
 * (the element asks for both in afterFirstPaint). The font is registered on the document through
 * the FontFace API (@font-face inside a shadow root is ignored); adding a face makes the browser lay
 * out the page's text again, which must not delay the first search box. A face is downloaded only
 * when text on the page needs one of its characters (font-faces.ts), so before a search only the two
 * small `first` faces are fetched. Until they arrive, and wherever a CSP blocks them, the system
 * font stack draws the same layout.
 */
import { FONT_FACES } from './font-faces.js';

export const FONT_FAMILY = 'Service Inter';

/** The file of one face, as scripts/subset-fonts.ts writes it and the widget host serves it under fonts/. */
export const fontFile = (weight: number | string, part: string) => `inter-${weight}-${part}.woff2`;

const registered = new Set<string>();

export function registerFont(baseUrl: string): void {
  if (registered.has(baseUrl)) return;
  registered.add(baseUrl);
  for (const [weight, part, unicodeRange] of FONT_FACES) {
    const url = new URL(`fonts/${fontFile(weight, part)}`, baseUrl).href;
    document.fonts.add(
      new FontFace(FONT_FAMILY, `url(${url}) format('woff2')`, { weight, unicodeRange, display: 'swap' }),
    );
  }
}

/** After the next frame has been drawn, when the browser is idle (100 ms later where it cannot say). */
export function afterFirstPaint(callback: () => void): void {
  requestAnimationFrame(() =>
    'requestIdleCallback' in window ? requestIdleCallback(callback, { timeout: 1000 }) : setTimeout(callback, 100),
  );
}

export const logoUrl = (baseUrl: string) => new URL('assets/logo.svg', baseUrl).href;
