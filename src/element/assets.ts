/**
 * The panel's font and logo come from the widget host API's base URL, only once a panel renders. The font is
 * registered on the document through the FontFace API: @font-face inside a shadow root is ignored.
 */
export const FONT_FAMILY = 'Service Inter';

const fontsLoading = new Map<string, Promise<void>>();

export function loadFont(baseUrl: string): Promise<void> {
  let loading = fontsLoading.get(baseUrl);
  if (!loading) {
    const faces = [400, 600].map(
      (weight) =>
        new FontFace(FONT_FAMILY, `url(${new URL(`fonts/inter-latin-${weight}-normal.woff2`, baseUrl).href}) format('woff2')`, {
          weight: String(weight),
          display: 'swap',
        }),
    );
    loading = Promise.all(
      faces.map((face) => {
        document.fonts.add(face);
        return face.load();
      }),
    ).then(
      () => undefined,
      // Blocked by a CSP or offline: the system font stack takes over.
      () => undefined,
    );
    fontsLoading.set(baseUrl, loading);
  }
  return loading;
}

export const logoUrl = (baseUrl: string) => new URL('assets/logo.svg', baseUrl).href;
