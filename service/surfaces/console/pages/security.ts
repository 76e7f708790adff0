/** A person's ways to sign in beyond the password: passkeys (added, named, removed) and an authenticator app with recovery codes. */
import { renderSVG } from 'uqr';
import type { Passkey } from '../../../core/accounts/passkeys.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date } from './form.js';
import { consolePage } from './frame.js';
import { passkeyForm } from './passkey-form.js';

export interface SecurityView {
  passkeys: Passkey[];
  totp: { enabled: boolean; pending?: { secret: string; uri: string }; recoveryLeft: number };
  /** Recovery codes just made: shown this once. */
  recoveryCodes?: string[];
  notice?: string;
  problem?: string;
}

const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The password asked again before a change that would let someone else in (a stolen session cannot make one). */
export const passwordAgain = (id: string) =>
  html`<div class="field"><label for="${id}">Your password</label><input id="${id}" name="password" type="password" autocomplete="current-password"></div>`;

export function removePasskeyPage(session: Session, passkey: Passkey, problem?: string): Html {
  return consolePage(
    `Remove the passkey “${passkey.name}”?`,
    session,
    html`${problem && html`<p class="error" role="alert">${problem}</p>`}<p>It will no longer sign you in. Added ${date(passkey.createdAt)}, last used ${passkey.lastUsedAt ? date(passkey.lastUsedAt) : 'never'}.</p>
<form method="post" action="/console/account/passkeys/${passkey.id}/remove" novalidate>${csrfField(session)}${passwordAgain('remove-password')}<button class="danger" type="submit">Remove “${passkey.name}”</button> <a href="/console/account/security">Keep it</a></form>`,
    '/console/account',
  );
}

export function securityPage(session: Session, view: SecurityView): Html {
  const user = session.user!;
  if (user.kind !== 'account')
    return consolePage(
      'Sign-in security',
      session,
      html`<p class="notice">${user.name} is one of the sandbox’s people, who sign in without a password: passkeys and authenticator apps belong to real accounts. <a href="/console/sign-up">Make an account</a>.</p>`,
      '/console/account',
    );
  const { passkeys, totp, recoveryCodes, notice, problem } = view;
  const rows = passkeys.map((p) => [
    html`<form class="inline" method="post" action="/console/account/passkeys/${p.id}/rename">${csrfField(session)}<label class="inline" for="name-${p.id}">Name</label> <input id="name-${p.id}" name="name" value="${p.name}" maxlength="60"> <button class="secondary" type="submit" aria-label="Rename ${p.name}">Rename</button></form>`,
    date(p.createdAt),
    p.lastUsedAt ? date(p.lastUsedAt) : 'never',
    p.backedUp ? 'yes' : 'no',
    html`<a href="/console/account/passkeys/${p.id}/remove" aria-label="Remove ${p.name}…">Remove…</a>`,
  ]);
  const codes =
    recoveryCodes &&
    html`<div class="notice" role="status"><p><strong>Keep these recovery codes somewhere safe: they are shown only this once.</strong> Each signs you in once if you lose your phone.</p>
<ul class="codes">${recoveryCodes.map((code) => html`<li><code>${code}</code></li>`)}</ul></div>`;
  const app = totp.enabled
    ? html`<p>On. ${totp.recoveryLeft} recovery ${totp.recoveryLeft === 1 ? 'code' : 'codes'} left.</p>
<form method="post" action="/console/account/recovery-codes" novalidate>${csrfField(session)}${passwordAgain('renew-password')}<button class="secondary" type="submit">Make new recovery codes</button></form>
<form method="post" action="/console/account/totp/disable" novalidate>${csrfField(session)}${passwordAgain('disable-password')}<div class="field"><label for="disable-code">A code from the app, to turn it off</label><input id="disable-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="7"></div><button class="danger" type="submit">Turn off the authenticator app</button></form>`
    : totp.pending
      ? html`<p>Scan this with your authenticator app, or type the key into it:</p>
<p><img class="qr" width="200" height="200" alt="QR code of the authenticator key for ${user.email}" src="data:image/svg+xml;base64,${Buffer.from(renderSVG(totp.pending.uri, { border: 2 })).toString('base64')}"></p>
<p>Key: <code>${grouped(totp.pending.secret)}</code></p>
<form method="post" action="/console/account/totp/confirm" novalidate>${csrfField(session)}<div class="field"><label for="confirm-code">The 6-digit code the app shows now</label><input id="confirm-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="7"></div>${passwordAgain('confirm-password')}<button type="submit">Turn on</button></form>`
      : html`<p>Off. An app on your phone (any that reads the standard codes) can be the second step after your password.</p>
<form method="post" action="/console/account/totp/begin">${csrfField(session)}<button type="submit">Set up an authenticator app</button></form>`;
  return consolePage(
    'Sign-in security',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}${problem && html`<p class="error" role="alert">${problem}</p>`}${codes}
<p>With a passkey or an authenticator app, your password alone no longer signs you in: the console asks for one of them after it. A passkey also signs you in without the password.</p>
<h2>Passkeys</h2>
${cardTable('Your passkeys', [{ name: 'Name' }, { name: 'Added' }, { name: 'Last used' }, { name: 'Synced' }, { name: 'Remove' }], rows, 'No passkeys yet.')}
${passkeyForm(session, {
  ceremony: 'register',
  options: '/console/account/passkeys/options',
  action: '/console/account/passkeys',
  label: 'Add a passkey',
  fields: html`<div class="field"><label for="passkey-name">Its name (to tell it apart)</label><input id="passkey-name" name="name" maxlength="60" placeholder="My laptop"></div>${passwordAgain('passkey-password')}`,
})}
<h2>Authenticator app</h2>${app}`,
    '/console/account',
  );
}
