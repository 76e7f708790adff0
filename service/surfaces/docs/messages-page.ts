/**
 * The reference every console message links to (`/docs/messages#<code>`): for each code, where a
 * site owner sees it, what it means and how to fix it. Rendered from src/api/console-messages.ts.
 */
import { CONSOLE_MESSAGES } from '../../../src/api/console-messages.js';
import { type Html, html, withCode } from '../../web/html.js';
import { layout } from '../../web/layout.js';

export function messagesPage(): Html {
  const entries = Object.entries(CONSOLE_MESSAGES).map(
    ([code, entry], i) => html`${i ? '\n' : ''}<section id="${code}"><h2><code>${code}</code></h2><dl>
<div><dt>Seen</dt><dd>${withCode(entry.seen)}</dd></div>
<div><dt>Meaning</dt><dd>${withCode(entry.meaning)}</dd></div>
<div><dt>Fix</dt><dd>${withCode(entry.fix)}</dd></div></dl></section>`,
  );
  return layout(
    'Console messages and error codes · Service Valuations',
    html`<h1>Console messages and error codes</h1>
<p>The widget writes to the browser console only what the site owner can act on, prefixed <code>[service-valuation]</code> and
ending with a link to its entry here. The same codes are the <code>code</code> of the <code>service-valuation-error</code> event.</p>
<nav aria-label="Codes"><ul>${Object.keys(CONSOLE_MESSAGES).map((code) => html`<li><a href="#${code}">${code}</a></li>`)}</ul></nav>
${entries}`,
  );
}
