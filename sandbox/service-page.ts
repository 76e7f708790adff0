/** The service's own "full valuation" page for one property, which the widget links to. */
import type { WidgetHost } from './host.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The service's valuation home (`/valuation/`): where the widget's attribution links before any estimate. */
const serviceHomePage = () => `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Service Valuations (sandbox)</title>
<body style="font:16px system-ui;max-width:40rem;margin:2rem auto;padding:0 1rem">
<h1>Service Valuations</h1><p>Free sale and rent estimates for Singapore homes, from recent transactions.
In the sandbox this page stands in for the service's valuation home.</p></body></html>`;

/** The service's pages under `/valuation/`, or undefined for a path it does not serve. */
export function servicePage(host: WidgetHost, url: URL): string | undefined {
  if (!url.pathname.startsWith('/valuation/')) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(url.pathname.slice('/valuation/'.length));
  } catch {
    return undefined; // A malformed escape names no property.
  }
  if (!id) return serviceHomePage();
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
