/** The service's icon (the widget's house mark), served as `/favicon.svg` on each of its origins. */
export const FAVICON_PATH = '/favicon.svg';

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b6b57"/><path d="M16 7 6 15.5h3V25h5.5v-6h3v6H23v-9.5h3z" fill="#fff"/></svg>`;

export const faviconResponse = () =>
  new Response(FAVICON_SVG, {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    },
  });
