/** The service's own "full valuation" page for one property, which the widget links to. */
import type { WidgetHost } from './host.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function serviceValuationPage(host: WidgetHost, url: URL): string | undefined {
  const id = decodeURIComponent(url.pathname.slice('/valuation/'.length));
  const property = host.fixtures.byId.get(id);
  if (!property) return undefined;
  const mode = url.searchParams.get('mode') === 'rent' ? 'rent' : 'sale';
  const title = escapeHtml(property.project ? `${property.project}, ${property.address}` : property.address);
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title}: full ${mode} valuation (sandbox)</title>
<body style="font:16px system-ui;max-width:40rem;margin:2rem auto;padding:0 1rem">
<h1>${title}</h1><p>The service's full ${mode} valuation page for this property. In the sandbox this page stands in for the real one.</p>
<p>${escapeHtml(property.town)} · ${escapeHtml(property.unitType)} · ${property.floorAreaSqm} m² · Singapore ${property.postalCode}</p></body></html>`;
}
