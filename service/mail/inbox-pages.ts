/** The sandbox inbox's two pages: the messages received, newest first, and one message with its links. */
import { type Html, html } from '../web/html.js';
import { layout } from '../web/layout.js';

export interface ReceivedMail {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  receivedAt: Date;
}

const FOOTER = html`<p>The sandbox's mail receiver: mail the service sends locally stops here and never leaves this machine.</p>`;
const time = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

export function inboxPage(messages: ReceivedMail[]): Html {
  return layout(
    'Sandbox inbox',
    html`<h1>Sandbox inbox</h1><p>Every message the service sent, newest first (the last 200; reload for new ones).</p>
${
  messages.length
    ? html`<table class="cards"><caption>Messages</caption><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>
${messages.map(
  (m) =>
    html`<tr><td data-label="Received">${time(m.receivedAt)}</td><td data-label="To">${m.to.join(', ')}</td><td data-label="Subject"><a href="/messages/${m.id}">${m.subject || '(no subject)'}</a></td></tr>`,
)}</tbody></table>`
    : html`<p class="notice">No mail yet. Sign up or ask for a password reset in the API Console, then reload.</p>`
}`,
    FOOTER,
  );
}

/** A message's text, its web addresses made links (the text itself is escaped, never read as HTML). */
export function messagePage(message: ReceivedMail): Html {
  const parts = message.text.split(/(https?:\/\/[^\s<>"]+)/g);
  return layout(
    `${message.subject} · Sandbox inbox`,
    html`<p><a href="/">All messages</a></p><h1>${message.subject || '(no subject)'}</h1>
<dl class="facts"><div><dt>To</dt><dd>${message.to.join(', ')}</dd></div><div><dt>From</dt><dd>${message.from}</dd></div><div><dt>Received</dt><dd>${time(message.receivedAt)}</dd></div></dl>
<pre class="code">${parts.map((part, i) => (i % 2 ? html`<a href="${part}">${part}</a>` : part))}</pre>`,
    FOOTER,
  );
}
