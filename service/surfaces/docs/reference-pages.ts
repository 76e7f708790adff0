/**
 * The REST reference as pages: an overview with the contents (every area and its operations),
 * environments, problems and failure responses; a page per area (the contract's tags); the webhook
 * events; the schemas; everything on one page; and a search over operations, events and schemas.
 */
import { contentSecurityPolicy } from '../../web/content-security.js';
import { FAVICON_PATH } from '../../web/favicon.js';
import { type Html, html, joined, raw, withCode as prose } from '../../web/html.js';
import { contractDocument as doc } from '../../web/platform-contract.js';
import { problemCodes, problemStatus, problemTitle } from '../../web/problems.js';
import {
  components,
  type Operation,
  renderOperation,
  renderSchema,
  renderWebhookEvents,
  webhookEvents,
} from './api-reference.js';
import {
  ALL_PAGE,
  BUNDLED_PATH,
  CHANGELOG_PAGE,
  EVENTS_PAGE,
  POSTMAN_COLLECTION_PATH,
  POSTMAN_ENVIRONMENT_PATH,
  REFERENCE_ROOT,
  SCHEMAS_PAGE,
  SEARCH_PAGE,
} from './reference-paths.js';
import { changelogSection } from './changelog-page.js';
import { STYLES } from './reference-styles.js';
import { TRY_IT_PATH } from './try-it.js';

export { SEARCH_PAGE };
/** The reference pages' Content-Security-Policy: their one inline style, nothing else inline. */
export const REFERENCE_POLICY = contentSecurityPolicy([STYLES]);

type Entry = { path: string; method: string; op: Operation };
const paths = doc.paths as unknown as Record<string, Record<string, Operation>>;
const entries: Entry[] = Object.entries(paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);
/** The contract's areas (its tags), in its order, each with its page and operations. */
const areas = (doc as unknown as { tags: { name: string; description?: string }[] }).tags.map((tag) => ({
  ...tag,
  page: `${REFERENCE_ROOT}/${tag.name.toLowerCase().replace(/\W+/g, '-')}`,
  entries: entries.filter((e) => e.op.tags[0] === tag.name),
}));
const areaOf = (op: Operation) => areas.find((a) => a.name === op.tags[0])!;

/** Every page: its navigation (marked where the reader is), a search box, and the body. */
function page(title: string, here: string, body: Html): Html {
  const link = (href: string, name: string) =>
    html`<li><a href="${href}"${href === here && html` aria-current="page"`}>${name}</a></li>`;
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${doc.info.title} reference (sandbox)</title><link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml"><script src="${TRY_IT_PATH}" defer></script>
<style>${raw(STYLES)}</style></head>
<body><header><p class="brand"><a href="${REFERENCE_ROOT}">${doc.info.title} reference</a> <small>v${doc.info.version}</small></p>
<form role="search" method="get" action="${SEARCH_PAGE}"><label for="reference-search">Search operations, events and schemas</label>
<input id="reference-search" name="q" type="search" maxlength="100" placeholder="e.g. webhook, listing status, valuation"> <button type="submit">Search</button></form>
<nav aria-label="Reference"><ul>${link(REFERENCE_ROOT, 'Overview')}${areas.map((a) => link(a.page, a.name))}${link(EVENTS_PAGE, 'Webhook events')}${link(SCHEMAS_PAGE, 'Schemas')}${link(ALL_PAGE, 'Everything on one page')}${link(CHANGELOG_PAGE, 'Changelog')}</ul></nav></header>
<main>${body}</main></body></html>`;
}

/** The contents: every area with its operations, each a link to its section. */
const contents = () =>
  html`<h2 id="contents">Contents</h2>${areas.map(
    (a) =>
      html`<section aria-labelledby="toc-${a.page.split('/').pop()}"><h3 id="toc-${a.page.split('/').pop()}"><a href="${a.page}">${a.name}</a></h3><ul class="toc">${a.entries.map(
        ({ path, method, op }) =>
          html`<li><a href="${a.page}#${op.operationId}"><span class="method">${method.toUpperCase()}</span> <code>/v1${path}</code></a> ${prose(op.summary)}</li>`,
      )}</ul></section>`,
  )}<p><a href="${EVENTS_PAGE}">Webhook events</a> (${webhookEvents.length}) · <a href="${SCHEMAS_PAGE}">Schemas</a> (${Object.keys(components.schemas).length})</p>`;

const problemsSection = () =>
  html`<h2 id="problems">Problems</h2><p>Every failure is <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, a stable <code>code</code> and the <code>requestId</code>.</p>
<table><caption>Problem codes</caption><thead><tr><th scope="col">code</th><th scope="col">status</th><th scope="col">title</th></tr></thead><tbody>${problemCodes.map(
    (code) =>
      html`<tr id="problem-${code}"><td><code>${code}</code></td><td>${problemStatus(code)}</td><td>${problemTitle(code)}</td></tr>`,
  )}</tbody></table>
<h2 id="responses">Failure responses</h2><dl>${Object.entries(components.responses).map(([name, r]) => html`<dt id="response-${name}">${name}</dt><dd>${prose(r.description)}</dd>`)}</dl>`;

const introduction = (baseUrl: string, consoleUrl?: string) =>
  html`<h1>${doc.info.title} <small>v${doc.info.version}</small></h1>
<p>${prose(doc.info.description)}</p>
<p>The contract as a file: <a href="/openapi.json">OpenAPI 3.1 document</a>, or <a href="${BUNDLED_PATH}">the same in one file</a> (no references to other files, for code generators and converters). For Postman: <a href="${POSTMAN_COLLECTION_PATH}">the collection</a> (a folder per area and one of signed webhook examples) and <a href="${POSTMAN_ENVIRONMENT_PATH}">this deployment's environment</a> (set <code>apiKey</code>). ${consoleUrl && html`Keys come from the <a href="${consoleUrl}">API Console</a>.`} What changed, and what is deprecated: the <a href="${CHANGELOG_PAGE}">changelog</a>.</p>
<h2>Environments</h2><ul>${doc.servers.map((s) => html`<li><code>${s.url === 'http://127.0.0.1:8790/v1' ? baseUrl : s.url}</code>: ${s.description}</li>`)}</ul>`;

const schemasSection = () =>
  html`<h2 id="schemas">Schemas</h2>${joined(
    Object.entries(components.schemas).map(([name, schema]) => renderSchema(name, schema)),
    '\n',
  )}`;

/** Every page of the reference by its path. */
export function referencePages(baseUrl: string, consoleUrl?: string): Map<string, string> {
  const operationsOf = (list: Entry[]) =>
    joined(
      list.map(({ path, method, op }) => renderOperation(path, method, op, baseUrl)),
      '\n',
    );
  const pages = new Map<string, Html>([
    [
      REFERENCE_ROOT,
      page('Overview', REFERENCE_ROOT, html`${introduction(baseUrl, consoleUrl)}${contents()}${problemsSection()}`),
    ],
    ...areas.map((a): [string, Html] => [
      a.page,
      page(
        a.name,
        a.page,
        html`<h1>${a.name}</h1>${a.description && html`<p>${prose(a.description)}</p>`}<ul class="toc">${a.entries.map(
          ({ path, method, op }) =>
            html`<li><a href="#${op.operationId}"><span class="method">${method.toUpperCase()}</span> <code>/v1${path}</code></a> ${prose(op.summary)}</li>`,
        )}</ul><h2>Operations</h2>${operationsOf(a.entries)}`,
      ),
    ]),
    [EVENTS_PAGE, page('Webhook events', EVENTS_PAGE, renderWebhookEvents())],
    [
      CHANGELOG_PAGE,
      page(
        'Changelog',
        CHANGELOG_PAGE,
        changelogSection((operationId) => {
          const entry = entries.find((e) => e.op.operationId === operationId)!;
          return `${areaOf(entry.op).page}#${operationId}`;
        }),
      ),
    ],
    [SCHEMAS_PAGE, page('Schemas', SCHEMAS_PAGE, schemasSection())],
    [
      ALL_PAGE,
      page(
        'Everything',
        ALL_PAGE,
        html`${introduction(baseUrl, consoleUrl)}<h2>Operations</h2>${operationsOf(entries)}${renderWebhookEvents()}${problemsSection()}${schemasSection()}`,
      ),
    ],
  ]);
  return new Map([...pages].map(([path, body]) => [path, String(body)]));
}

const MAX_QUERY = 100;

/** The search page: operations, webhook events and schemas whose words hold every word asked for. */
export function searchPage(query: string): string {
  const words = query.slice(0, MAX_QUERY).toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.length > 0 && words.every((w) => text.toLowerCase().includes(w));
  const operations = entries.filter(({ path, method, op }) =>
    matches(
      `${op.operationId} ${method} ${path} ${op.summary} ${op.description ?? ''} ${op.tags.join(' ')} ${op['x-required-scope']}`,
    ),
  );
  const events = webhookEvents.filter(([name, { post }]) => matches(`${name} ${post.summary}`));
  const schemas = Object.entries(components.schemas).filter(([name, s]) => matches(`${name} ${s.description ?? ''}`));
  const found = operations.length + events.length + schemas.length;
  return String(
    page(
      'Search',
      SEARCH_PAGE,
      html`<h1>Search</h1><p role="status">${
        words.length === 0
          ? 'Type a word or two above: an operation, a path, a scope, an event or a schema.'
          : html`${found} ${found === 1 ? 'match' : 'matches'} for “${query.slice(0, MAX_QUERY)}”.`
      }</p>
${operations.length > 0 && html`<h2>Operations</h2><ul class="toc">${operations.map(({ path, method, op }) => html`<li><a href="${areaOf(op).page}#${op.operationId}"><span class="method">${method.toUpperCase()}</span> <code>/v1${path}</code></a> ${prose(op.summary)} <span class="hint">(${op.tags[0]})</span></li>`)}</ul>`}
${events.length > 0 && html`<h2>Webhook events</h2><ul class="toc">${events.map(([name, { post }]) => html`<li><a href="${EVENTS_PAGE}#event-${name}"><code>${name}</code></a> ${prose(post.summary)}</li>`)}</ul>`}
${schemas.length > 0 && html`<h2>Schemas</h2><ul class="toc">${schemas.map(([name]) => html`<li><a href="${SCHEMAS_PAGE}#schema-${name}">${name}</a></li>`)}</ul>`}`,
    ),
  );
}
