/** `url` (resolved against `base`) when it is http(s): nothing else becomes a link or an API base. */
export function httpUrl(url: string | undefined, base?: string): URL | undefined {
  try {
    const parsed = new URL(url!, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Only http(s) links are rendered; anything else (javascript:, data:) is not a link. */
export const safeLink = (url: string | undefined) => (url ? httpUrl(url)?.href : undefined);

/** The service's own valuation page, served beside the widget host: where attribution links before an estimate. */
export const serviceHomeUrl = (baseUrl: string) => new URL('/valuation/', baseUrl).href;
