/** The links of an address change, opened from either address on any device: each page asks before it confirms. */
import { Hono } from 'hono';
import type { EmailChanges } from '../../../core/accounts/email-changes.js';
import { html } from '../../../web/html.js';
import { layout } from '../../../web/layout.js';
import { type ConsoleEnv, page } from '../context.js';
import { csrfField } from '../pages/form.js';
import { messagePage } from '../pages/frame.js';

const TOKEN = /^[\w-]{43}$/;
const OUTCOMES = {
  waiting_for_other: [
    200,
    'Confirmed here',
    'Now open the link we sent to the other address: the change is made once both are confirmed.',
  ],
  changed: [200, 'Your address is changed', 'Sign in with the new address from now on.'],
  spent: [
    410,
    'This link no longer works',
    'It was used already, a newer change replaced it, or 24 hours passed. Ask for the change again on your account page.',
  ],
  taken: [409, 'Not changed', 'Another account uses that address now, so yours stays as it was.'],
} as const;

export function emailChangeRoutes(changes: EmailChanges) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const tokenOf = (value: string | null | undefined) => (value && TOKEN.test(value) ? value : '');

  app.get('/email-change', async (c) => {
    const token = tokenOf(c.req.query('token'));
    const change = token ? await changes.view(token) : undefined;
    if (!change) return page(messagePage(OUTCOMES.spent[1], OUTCOMES.spent[2]), 410, c.var.setCookie);
    return page(
      layout(
        'Confirm the new address · API Console (sandbox)',
        html`<h1>Confirm the new address</h1><p>Change the account’s address from <strong>${change.currentEmail}</strong> to <strong>${change.newEmail}</strong>? You are confirming it from the ${change.side === 'old' ? 'current' : 'new'} address.</p>
<form method="post" action="/console/email-change">${csrfField(c.var.session)}<input type="hidden" name="token" value="${token}"><button type="submit">Confirm the change</button></form>
<p class="hint">Not you? Close this page: nothing changes without it.</p>`,
      ),
      200,
      c.var.setCookie,
    );
  });

  app.post('/email-change', async (c) => {
    const token = tokenOf(c.var.form!.get('token'));
    const [status, title, text] = OUTCOMES[token ? await changes.confirm(token) : 'spent'];
    return page(messagePage(title, text), status, c.var.setCookie);
  });

  return app;
}
