/**
 * The changelog: what each release of the contract brought (contract/changelog.json, written by
 * `npm run contract:release` from the difference between releases), the operations deprecated now
 * with their sunset dates, and the policy they follow.
 */
import changelog from '../../../contract/changelog.json' with { type: 'json' };
import { type Html, html, withCode as prose } from '../../web/html.js';
import { SUNSET_NOTICE_DAYS } from '../../web/deprecation.js';
import { routes } from '../../web/platform-contract.js';

interface Release {
  version: string;
  date: string;
  summary: string;
  changes: { description: string; type: string }[];
}
const releases: Release[] = changelog.releases;

export function changelogSection(pageOf: (operationId: string) => string): Html {
  const deprecated = routes.filter((r) => r.deprecation);
  return html`<h1>Changelog</h1>
<h2 id="policy">Versioning</h2>
<p><code>/v1</code> never breaks: no operation, field or enum value a release promised goes away, no optional parameter becomes required, no type narrows and no status changes. A change that would is a new version beside it. Every release is checked against the last one before it ships.</p>
<p>An operation that will go is first deprecated: marked in the contract and this reference, and every answer it gives carries <code>Deprecation</code> (RFC 9745, when it was deprecated) and <code>Sunset</code> (RFC 8594, the first day it may stop answering), with a <code>Link</code> here. The sunset is at least ${SUNSET_NOTICE_DAYS} days after the deprecation.</p>
<h2 id="deprecated">Deprecated now</h2>
${
  deprecated.length
    ? html`<table><caption>Deprecated operations</caption><thead><tr><th scope="col">Operation</th><th scope="col">Deprecated</th><th scope="col">Sunset</th></tr></thead><tbody>${deprecated.map(
        (r) =>
          html`<tr><td><a href="${pageOf(r.operationId)}"><code>${r.method} /v1${r.path}</code></a></td><td>${r.deprecation!.since}</td><td>${r.deprecation!.sunset}</td></tr>`,
      )}</tbody></table>`
    : html`<p>No operation is deprecated.</p>`
}
<h2 id="releases">Releases</h2>
${releases.map(
  (release) =>
    html`<section aria-labelledby="release-${release.version}"><h3 id="release-${release.version}">${release.version} <small>${release.date}</small></h3><p>${prose(release.summary)}</p>${
      release.changes.length > 0 &&
      html`<ul>${release.changes.map((c) => html`<li>${c.description}${c.type === 'deprecated' && ' (deprecated)'}</li>`)}</ul>`
    }</section>`,
)}`;
}
