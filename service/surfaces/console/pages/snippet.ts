/** The snippet builder: the snippet (evergreen and pinned), the CSS and CSP lines, and a live preview. */
import type { PublicAttributeValues } from '../../../../src/api/attributes.js';
import type { WidgetKeyView } from '../../../core/keys/widget-key-admin.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { DAILY_LIMITS } from '../../../core/metering/limits.js';
import { escapeHtml, type Html, html, joined } from '../../../web/html.js';
import { codes, describedBy, fieldError, type FormState, invalid } from './form.js';
import { consolePage } from './frame.js';

/** The container's attributes a site owner chooses here, as the widget's one list types them. */
export interface SnippetOptions {
  theme: PublicAttributeValues['data-theme'];
  mode: PublicAttributeValues['data-mode'];
  query: PublicAttributeValues['data-query'];
  lang: PublicAttributeValues['data-lang'];
}

export const SNIPPET_LANGUAGES: [PublicAttributeValues['data-lang'], string][] = [
  ['en', 'English'],
  ['zh', '中文 (Simplified Chinese)'],
  ['ms', 'Bahasa Melayu'],
  ['ta', 'தமிழ் (Tamil)'],
  ['auto', "The page's language (its <html lang>), English otherwise"],
];

/** Where the snippet loads the widget from: the evergreen major, and a pinned version with its hash once built. */
export interface SnippetLoader {
  evergreen: string;
  pinned?: { src: string; integrity: string; version: string };
}

/** The container as a site owner pastes it: its attributes, written as text (the page shows it, escaped again). */
function containerText(key: WidgetKeyView, options: SnippetOptions): string {
  const attributes = [
    `data-embed-key="${key.key}"`,
    options.theme !== 'light' ? `data-theme="${options.theme}"` : '',
    options.mode !== 'sale' ? `data-mode="${options.mode}"` : '',
    options.query ? `data-query="${escapeHtml(options.query)}"` : '',
    options.lang !== 'en' ? `data-lang="${options.lang}"` : '',
  ].filter(Boolean);
  return `<div data-service-valuation ${attributes.join(' ')}></div>`;
}

export function snippetPage(
  session: Session,
  key: WidgetKeyView,
  options: SnippetOptions,
  loader: SnippetLoader,
  form: FormState,
): Html {
  const widgetScriptUrl = loader.evergreen;
  const widgetOrigin = new URL(widgetScriptUrl).origin;
  const container = containerText(key, options);
  const snippet = `${container}\n<script async src="${widgetScriptUrl}"></script>`;
  const pinned = loader.pinned;
  const pinnedSnippet =
    pinned &&
    `${container}\n<script async src="${pinned.src}" integrity="${pinned.integrity}" crossorigin="anonymous"></script>`;
  const css = '[data-service-valuation] { display: block; min-height: 340px; }';
  const csp = `script-src 'self' ${widgetOrigin}; connect-src 'self' ${widgetOrigin}; img-src 'self' ${widgetOrigin}; font-src 'self' ${widgetOrigin}`;
  const option = (name: string, v: string, label: string, current: string) =>
    html`<p><input type="radio" name="${name}" id="${name}-${v}" value="${v}"${current === v && html` checked`}><label class="inline" for="${name}-${v}">${label}</label></p>`;
  const preview = html`<div data-service-valuation data-embed-key="${key.key}"${options.theme !== 'light' && html` data-theme="${options.theme}"`}${
    options.mode !== 'sale' && html` data-mode="${options.mode}"`
  }${options.query && html` data-query="${options.query}"`}${options.lang !== 'en' && html` data-lang="${options.lang}"`}></div>`;
  return consolePage(
    'Snippet builder',
    session,
    html`<h2>${key.name}</h2><p>Works on: ${key.origins.length ? joined(codes(key.origins), ', ') : 'no website yet: add one on the key first'}.</p>
<div class="snippet-builder"><form method="get" action="/console/widget-keys/${key.id}/snippet" data-snippet-builder class="options">
<fieldset><legend>Theme</legend>${option('theme', 'light', 'Light', options.theme)}${option('theme', 'dark', 'Dark', options.theme)}${option('theme', 'auto', "Follow the visitor's system", options.theme)}</fieldset>
<fieldset><legend>Estimate</legend>${fieldError(form, 'mode')}${option('mode', 'sale', 'Sale price', options.mode)}${option('mode', 'rent', 'Monthly rent', options.mode)}</fieldset>
<fieldset><legend>Language</legend>${fieldError(form, 'lang')}${SNIPPET_LANGUAGES.map(([value, label]) => option('lang', value, label, options.lang))}</fieldset>
<div class="field"><label for="query">Prefill (optional)</label><p class="hint" id="query-hint">A search to fill in, such as a listing's postal code.</p>${fieldError(form, 'query') || html`<p class="error" id="query-error" role="status"></p>`}
<input id="query" name="query" value="${form.values.query ?? options.query}" aria-describedby="${describedBy(form, 'query', true)}"${invalid(form, 'query')}></div>
<button type="submit">Update the snippet</button></form>
<section class="preview" aria-labelledby="preview-title"><h2 id="preview-title">Live preview</h2><p class="hint">The real widget with this key. Estimates you try here count towards today's ${DAILY_LIMITS.widget_estimate.toLocaleString('en')}.</p>
${preview}<script async src="${widgetScriptUrl}"></script></section>
<div class="code-boxes"><div class="field"><label for="snippet">Snippet: paste it where the panel should appear</label><textarea id="snippet" class="code" readonly rows="4">${snippet}</textarea></div>
${pinnedSnippet && html`<div class="field"><label for="pinned">Or pinned to version ${pinned!.version}, checked by the browser against its hash (you update it yourself for each release)</label><textarea id="pinned" class="code" readonly rows="5">${pinnedSnippet}</textarea></div>`}
<div class="field"><label for="css">CSS that reserves its space (no layout shift)</label><textarea id="css" class="code" readonly rows="2">${css}</textarea></div>
<div class="field"><label for="csp">If your page sends a Content-Security-Policy, add the widget host to these four directives</label><textarea id="csp" class="code" readonly rows="4">${csp}</textarea></div></div></div>
<script src="/console/copy.js" defer></script><script src="/console/snippet.js" defer></script>`,
    '/console/widget-keys',
  );
}
