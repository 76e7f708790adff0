/** Functions that run inside the page (each self-contained: it is serialised), shared by every engine's tests. */

/**
 * The panel is drawn in its own font, with its logo. Both come after the first paint, and each font
 * face is fetched when text needs it, so `document.fonts.ready` alone can resolve before the faces
 * are even known; the idle panel uses both weights' first-paint faces.
 */
export function isDecorated() {
  const fonts =
    [...document.fonts].filter((face) => face.family.includes('Service Inter') && face.status === 'loaded').length >= 2;
  const logos = [...document.querySelectorAll('service-valuation, [data-service-valuation]')].every((host) => {
    const logo = (host.shadowRoot?.querySelector('service-valuation')?.shadowRoot ?? host.shadowRoot)?.querySelector(
      'header img',
    ) as HTMLImageElement | null;
    return !logo || (logo.complete && logo.naturalWidth > 0);
  });
  return fonts && logos;
}

/** The accessibility rules every axe run checks: WCAG 2.2 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
