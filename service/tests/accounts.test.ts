/**
 * Real accounts over HTTP, with mail through a real SMTP receiver on loopback: sign-up to confirmed
 * address to sign-in, the reset, sessions seen and ended, and the abuse cases (enumeration by wording,
 * by work and by time, brute force across two processes, reused links, session fixation, CSRF).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startService } from '../servers/start-service.js';
import { ConsoleBrowser } from './console-browser.js';
import { whereSecretsRest } from './secrets-at-rest.js';
import { accountsSandbox, makeAccount as makeTestAccount, signInWith, TEST_PASSWORD } from './test-mail.js';
import { passwordCostFrom } from '../core/accounts/password-cost.js';

const { mailbox, db, base: BASE } = accountsSandbox();
const mail = {
  count: () => mailbox.mail().count(),
  next: (to: string, since?: number) => mailbox.mail().next(to, since),
  get inboxUrl() {
    return mailbox.mail().inboxUrl;
  },
};

const PASSWORD = TEST_PASSWORD;
const newAddress = () => mailbox.newAddress();
const linkTo = (to: string, since: number) => mailbox.linkTo(to, since);
const pathOf = (link: string) => link.replace(BASE(), '');
const makeAccount = (email?: string) => makeTestAccount(BASE(), mailbox, { email });
const signIn = (email: string, password: string, userAgent?: string) => signInWith(BASE(), email, password, userAgent);

describe('accounts', () => {
  it('signs up, confirms the address through the mailed link, and signs in; the password is kept only as an scrypt hash', async () => {
    const browser = new ConsoleBrowser(BASE());
    await browser.get('/console/sign-up');
    const email = newAddress();
    const since = mail.count();
    const answer = await browser.post('/console/sign-up', {
      name: 'Nur Aisyah',
      email,
      organizationName: 'Harbourfront Homes',
      organizationKind: 'agency',
      password: PASSWORD,
    });
    assert.equal(answer.status, 200);
    assert.match(answer.text, /Check your inbox/);
    assert.match(answer.text, new RegExp(`href="${mail.inboxUrl}"`), 'the sandbox points to its inbox');
    const accounts = await db().query("select 1 from users where kind = 'account' and email = $1", [email]);
    assert.equal(accounts.length, 0, 'no account before the address is confirmed');

    const { message, link } = await linkTo(email, since);
    assert.equal(message.subject, 'Confirm your address for the Service Valuations API Console');
    assert.match(link, new RegExp(`^${BASE()}/console/confirm\\?token=[\\w-]{43}$`));
    const asked = await browser.get(pathOf(link));
    assert.match(asked.text, /Make the account of <strong>Nur Aisyah<\/strong>/);
    const token = new URL(link).searchParams.get('token')!;
    const notMine = await browser.post('/console/confirm', { token, password: 'someone-elses-password-9' });
    assert.equal(notMine.status, 400, 'only the password chosen at sign-up confirms it');
    assert.match(notMine.text, /This is not the password chosen for this sign-up/);
    const confirmed = await browser.post('/console/confirm', { token, password: PASSWORD });
    assert.equal(confirmed.status, 303);
    assert.equal(
      (await browser.post('/console/confirm', { token, password: PASSWORD })).status,
      410,
      'a confirmation link works once',
    );

    const [row] = await db().query<{ password_hash: string; email_verified_at: Date; organization_id: string }>(
      "select password_hash, email_verified_at, organization_id from users where kind = 'account' and email = $1",
      [email],
    );
    // At the cost in force (the test run's); core/accounts/passwords.test.ts holds production's.
    const { N, r, p } = passwordCostFrom(process.env);
    assert.match(row.password_hash, new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[\\w-]{22}\\$[\\w-]{86}$`));
    assert.ok(row.email_verified_at);
    const [membership] = await db().query<{ role: string }>('select role from memberships where organization_id = $1', [
      row.organization_id,
    ]);
    assert.equal(membership.role, 'owner', 'the person who signs up owns their new organization');
    assert.deepEqual(await whereSecretsRest(db(), [PASSWORD, token]), [], 'neither the password nor the link is kept');

    const { browser: signedIn, answer: entered } = await signIn(email, PASSWORD);
    assert.equal(entered.status, 303);
    assert.match(entered.setCookie ?? '', /^svc_console=[\w-]{43}; Path=\/console; HttpOnly; SameSite=Lax/);
    const keys = await signedIn.get('/console/widget-keys');
    assert.match(keys.text, /Nur Aisyah · Harbourfront Homes/);
    const [{ id }] = await db().query<{ id: string }>('select id from users where email = $1', [email]);
    const actions = await db().query<{ action: string }>(
      'select action from account_events where user_id = $1 order by id',
      [id],
    );
    assert.deepEqual(
      actions.map((a) => a.action),
      ['account.created', 'account.signed_in'],
    );
    assert.deepEqual(
      await db().query('select 1 from audit_log where user_id = $1', [id]),
      [],
      'account events are the person’s own: no organization’s log holds them',
    );
    assert.match((await signedIn.get('/console/account')).text, /account\.signed_in/, 'the person reads them');
  });

  it('refuses a common, short or personal password and a malformed address, saying why, and never echoes the password', async () => {
    const browser = new ConsoleBrowser(BASE());
    await browser.get('/console/sign-up');
    const base = { name: 'Tan Wei Ming', organizationName: 'Tan Realty', organizationKind: 'agency' };
    for (const [password, why] of [
      ['password123', /too easy to guess\. This is a commonly used password/],
      ['short1!', /at least 10 characters \(this one has 7\)/],
      ['TanRealty2026!', /it holds your name, your address or your organization/],
    ] as const) {
      const answer = await browser.post('/console/sign-up', { ...base, email: newAddress(), password });
      assert.equal(answer.status, 400, password);
      assert.match(answer.text, why);
      assert.doesNotMatch(answer.text, new RegExp(`value="${password}"`));
    }
    const bad = await browser.post('/console/sign-up', {
      ...base,
      email: 'not an address',
      organizationKind: 'bank',
      password: PASSWORD,
    });
    assert.match(bad.text, /Enter an e-mail address like name@example\.com/);
    assert.match(bad.text, /Choose what kind of organization yours is/);
    assert.match(bad.text, /aria-invalid="true"/);
  });

  it('answers sign-up, sign-in and reset the same way for an address with an account and one without', async () => {
    const { email } = await makeAccount();
    const unknown = newAddress();
    const browser = new ConsoleBrowser(BASE());
    await browser.get('/console/sign-up');

    const same = (text: string, address: string) =>
      text.replaceAll(address, 'ADDRESS').replace(/value="[\w-]{43}"/g, '');
    const signUp = (address: string) =>
      browser.post('/console/sign-up', {
        name: 'Lim',
        email: address,
        organizationName: 'Lim Homes',
        organizationKind: 'agency',
        password: PASSWORD,
      });
    const since = mail.count();
    const [known, fresh] = [await signUp(email), await signUp(unknown)];
    assert.equal(same(known.text, email), same(fresh.text, unknown));
    assert.match((await mail.next(email, since)).subject, /already have a Service Valuations account/);

    const wrong = await signIn(email, 'not-the-password-at-all');
    const nobody = await signIn(unknown + '.x', 'not-the-password-at-all');
    assert.equal(wrong.answer.status, 400);
    assert.equal(same(wrong.answer.text, email), same(nobody.answer.text, unknown + '.x'));

    const resetKnown = await browser.post('/console/reset-password', { email });
    const resetUnknown = await browser.post('/console/reset-password', { email: unknown + '.y' });
    assert.equal(same(resetKnown.text, email), same(resetUnknown.text, unknown + '.y'));
    // The request itself writes one row either way; the mail sender looks the address up later.
    const queued = await db().query<{ recipient: string }>(
      `select recipient from mail_outbox where kind = 'reset_request' and recipient = any($1)`,
      [[email, unknown + '.y']],
    );
    assert.deepEqual(queued.map((r) => r.recipient).sort(), [email, unknown + '.y'].sort());
    assert.match((await mail.next(unknown + '.y', since)).subject, /No Service Valuations account uses this address/);
  });

  it('takes as long to refuse an unknown address as a wrong password (the password is checked either way)', async () => {
    const { email } = await makeAccount();
    const timed = async (address: string) => {
      const browser = new ConsoleBrowser(BASE());
      await browser.get('/console/sign-in');
      const start = performance.now();
      await browser.post('/console/sign-in', { email: address, password: 'wrong-password-here' });
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      await db().query('delete from sign_in_failures');
      known.push(await timed(email));
      unknown.push(await timed(`nobody${i}@example.test`));
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[3];
    const ratio = median(unknown) / median(known);
    // A missed hash would answer in a few milliseconds against about 250: a ratio under 0.1.
    assert.ok(
      ratio > 0.6 && ratio < 1.7,
      `unknown ${median(unknown).toFixed(0)} ms, known ${median(known).toFixed(0)} ms`,
    );
  });

  it('resets a password through a single-use link that ends every session, and the old password stops working', async () => {
    const { email } = await makeAccount();
    const { browser: elsewhere } = await signIn(email, PASSWORD);
    const browser = new ConsoleBrowser(BASE());
    await browser.get('/console/reset-password');
    const first = mail.count();
    await browser.post('/console/reset-password', { email });
    const { link: older } = await linkTo(email, first);
    const second = mail.count();
    await browser.post('/console/reset-password', { email });
    const { message, link } = await linkTo(email, second);
    assert.match(message.subject, /Reset your Service Valuations password/);
    assert.equal((await browser.get(pathOf(older))).status, 410, 'a newer link voids the older one');

    const token = new URL(link).searchParams.get('token')!;
    assert.match((await browser.get(pathOf(link))).text, /Choose a new password/);
    const weak = await browser.post('/console/reset-password/new', { token, password: 'password1234' });
    assert.equal(weak.status, 400, 'a weak password is refused and the link still works');
    const NEW = 'orchid-quarry-semaphore-41';
    const done = await browser.post('/console/reset-password/new', { token, password: NEW });
    assert.equal(done.location, '/console/sign-in?notice=reset');
    assert.equal((await browser.post('/console/reset-password/new', { token, password: NEW })).status, 410);

    assert.equal((await elsewhere.get('/console/widget-keys')).text.includes('Sign in to the API Console'), true);
    assert.equal((await signIn(email, PASSWORD)).answer.status, 400);
    assert.equal((await signIn(email, NEW)).answer.status, 303);
    assert.match((await mail.next(email, second + 1)).subject, /password was changed/);
  });

  it('delays sign-in after five failures for an address, counted across two processes of one database', async () => {
    const { email } = await makeAccount();
    const second = await startService({ database: db(), origins: { widgetHost: 0 } });
    try {
      const bases = [BASE(), second.urls.widgetHost.replace(/\/$/, '')];
      const attempt = async (i: number, password: string) => {
        const browser = new ConsoleBrowser(bases[i % 2]);
        await browser.get('/console/sign-in');
        return browser.post('/console/sign-in', { email, password });
      };
      for (let i = 0; i < 5; i++) assert.equal((await attempt(i, `wrong-${i}-password`)).status, 400);
      const sixth = await attempt(5, 'wrong-5-password');
      assert.equal(sixth.status, 400, 'the sixth failure is answered, and earns a wait');
      const locked = await attempt(6, PASSWORD);
      assert.equal(locked.status, 429, 'even the right password waits');
      // 30 s from the sixth failure, less the time the two requests since took (scrypt, on a busy machine).
      const seconds = Number(/try again in (\d+) seconds/.exec(locked.text)?.[1]);
      assert.ok(seconds >= 20 && seconds <= 30, `try again in ${seconds} seconds`);
      const unknownLocked = await attempt(7, PASSWORD);
      assert.equal(unknownLocked.status, 429, 'on the other process too');

      // The wait doubles with each failure after it.
      await db().query("update sign_in_failures set locked_until = now() where key like 'account:%'");
      await attempt(8, 'wrong-again-password');
      const [row] = await db().query<{ wait: number }>(
        "select round(extract(epoch from locked_until - now()))::int as wait from sign_in_failures where key like 'account:%'",
      );
      assert.ok(row.wait >= 58 && row.wait <= 60, `waits ${row.wait} s`);
      const failed = await db().query("select 1 from account_events where action = 'account.sign_in_failed'");
      assert.ok(failed.length >= 6, 'every failure is in the audit log');
    } finally {
      await second.stop();
    }
  });

  it('lists a person’s sessions with device and address, ends one or all others, and ends them on a password change', async () => {
    const { email } = await makeAccount();
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const { browser: laptop } = await signIn(email, PASSWORD, firefox);
    const { browser: phone } = await signIn(email, PASSWORD, safari);
    const { browser: third } = await signIn(email, PASSWORD, firefox);
    const page = await laptop.get('/console/account');
    assert.match(page.text, /Firefox on Linux <strong>\(this one\)<\/strong>/);
    assert.match(page.text, /Safari on iOS/);
    assert.match(page.text, /127\.0\.0\.1/);
    const phoneId =
      /action="\/console\/account\/sessions\/([a-f0-9]{32})\/end"[^>]*>(?:<input[^>]*>)+<button[^>]*aria-label="Sign out Safari/.exec(
        page.text,
      )?.[1];
    assert.ok(phoneId, 'the phone’s session can be ended by its public id');
    assert.equal(
      (await laptop.post(`/console/account/sessions/${phoneId}/end`, {})).location,
      '/console/account?notice=session-ended',
    );
    assert.match((await phone.get('/console/widget-keys')).text, /Sign in to the API Console/);
    assert.match((await third.get('/console/widget-keys')).text, /Widget keys/);

    // Another person cannot end these sessions by their ids.
    const { browser: stranger } = await signIn((await makeAccount()).email, PASSWORD);
    const thirdId = [...(await laptop.get('/console/account')).text.matchAll(/sessions\/([a-f0-9]{32})\/end/g)][0][1];
    await stranger.post(`/console/account/sessions/${thirdId}/end`, {});
    assert.match((await third.get('/console/widget-keys')).text, /Widget keys/);

    const NEW = 'walrus-pergola-nimbus-73';
    const wrong = await laptop.post('/console/account/password', { current: 'not-it-at-all', next: NEW });
    assert.match(wrong.text, /This is not your current password/);
    const changed = await laptop.post('/console/account/password', { current: PASSWORD, next: NEW });
    assert.equal(changed.location, '/console/account?notice=password-changed');
    assert.match((await third.get('/console/widget-keys')).text, /Sign in to the API Console/, 'the others end');
    assert.match((await laptop.get('/console/widget-keys')).text, /Widget keys/, 'this one stays');
  });

  it('ends a session after two hours unused or twelve after sign-in', async () => {
    const { email } = await makeAccount();
    const { browser } = await signIn(email, PASSWORD);
    const { browser: other } = await signIn(email, PASSWORD);
    const [me] = await db().query<{ id: string }>(
      "select u.id from users u where u.kind = 'account' and u.email = $1",
      [email],
    );
    const ids = await db().query<{ public_id: string }>(
      'select public_id from sessions where user_id = $1 order by created_at',
      [me.id],
    );
    await db().query("update sessions set last_used_at = now() - interval '121 minutes' where public_id = $1", [
      ids[0].public_id,
    ]);
    await db().query("update sessions set expires_at = now() - interval '1 second' where public_id = $1", [
      ids[1].public_id,
    ]);
    assert.match((await browser.get('/console/widget-keys')).text, /Sign in to the API Console/);
    assert.match((await other.get('/console/widget-keys')).text, /Sign in to the API Console/);
  });

  it('never adopts a session id the browser arrived with (fixation): a planted live session ends at sign-in', async () => {
    const attacker = await makeAccount();
    const victim = await makeAccount();
    const { browser: attackers, answer } = await signIn(attacker.email, PASSWORD);
    const planted = /svc_console=([\w-]{43})/.exec(answer.setCookie ?? '')![1];
    // The victim's browser carries the attacker's live session (its pages, its form token) and signs in there.
    const browser = new ConsoleBrowser(BASE());
    browser.cookie = `svc_console=${planted}`;
    await browser.get('/console/widget-keys');
    const signedIn = await browser.post('/console/sign-in', { email: victim.email, password: PASSWORD });
    const given = /svc_console=([\w-]{43})/.exec(signedIn.setCookie ?? '')?.[1];
    assert.ok(given && given !== planted, 'a new id');
    assert.match((await browser.get('/console/widget-keys')).text, /Nur Aisyah · Harbourfront Homes/);
    assert.match(
      (await attackers.get('/console/widget-keys')).text,
      /Sign in to the API Console/,
      'the planted session ended',
    );
  });

  it('checks at most the free attempts and one more when attempts for one address arrive at once', async () => {
    const { email } = await makeAccount();
    const browsers = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const browser = new ConsoleBrowser(BASE());
        await browser.get('/console/sign-in');
        return browser;
      }),
    );
    const answers = await Promise.all(
      browsers.map((browser, i) => browser.post('/console/sign-in', { email, password: `wrong-${i}-password` })),
    );
    const [{ id }] = await db().query<{ id: string }>('select id from users where email = $1', [email]);
    const checked = await db().query(
      "select 1 from account_events where user_id = $1 and action = 'account.sign_in_failed'",
      [id],
    );
    assert.ok(checked.length <= 6, `${checked.length} passwords were checked: at most 5 free and 1 more`);
    assert.equal(answers.filter((a) => a.status === 429).length, 16 - checked.length);
  });

  it('keeps the sandbox’s shared people apart: no device or address kept, no other visitor’s session ended, no members changed', async () => {
    const one = await new ConsoleBrowser(BASE()).signIn('usr_meiling');
    const other = await new ConsoleBrowser(BASE()).signIn('usr_meiling');
    const [row] = await db().query<{ user_agent: string | null; client_address: string | null }>(
      `select user_agent, client_address from sessions where user_id = 'usr_meiling' limit 1`,
    );
    assert.deepEqual(row, { user_agent: null, client_address: null });
    const page = await one.get('/console/account');
    assert.equal([...page.text.matchAll(/<td data-label="Device">/g)].length, 1, 'only their own session is listed');
    assert.equal((await one.post('/console/account/sessions/end-others', {})).status, 403);
    assert.match((await other.get('/console/widget-keys')).text, /Widget keys/);
    await one.get('/console/members');
    const invite = await one.post('/console/members/invite', { email: 'someone@example.test', role: 'agent' });
    assert.equal(invite.status, 409);
    assert.match(invite.text, /Every visitor shares the sandbox’s organizations/);
  });

  it('changes the address only when both addresses confirm it, each link once, and only with the password', async () => {
    const { email } = await makeAccount();
    const { browser } = await signIn(email, PASSWORD);
    const next = newAddress();
    await browser.get('/console/account');
    const wrong = await browser.post('/console/account/email', { email: next, emailPassword: 'not-my-password' });
    assert.equal(wrong.status, 400);
    assert.match(wrong.text, /This is not your current password/);
    const since = mail.count();
    const asked = await browser.post('/console/account/email', { email: next, emailPassword: PASSWORD });
    assert.equal(asked.location, '/console/account?notice=email-asked');
    const fromOld = await linkTo(email, since);
    const fromNew = await linkTo(next, since);
    assert.match(fromOld.message.subject, /Confirm the change of your Service Valuations address/);
    assert.match(fromOld.message.text, /change your password: someone knows it/);

    const anywhere = new ConsoleBrowser(BASE());
    assert.match((await anywhere.get(pathOf(fromNew.link))).text, /from the new address/);
    const first = await anywhere.post('/console/email-change', {
      token: new URL(fromNew.link).searchParams.get('token')!,
    });
    assert.match(first.text, /Now open the link we sent to the other address/);
    assert.equal((await signIn(next, PASSWORD)).answer.status, 400, 'not changed until both confirm');
    assert.equal(
      (await anywhere.post('/console/email-change', { token: new URL(fromNew.link).searchParams.get('token')! }))
        .status,
      410,
    );
    const done = await anywhere.post('/console/email-change', {
      token: new URL(fromOld.link).searchParams.get('token')!,
    });
    assert.match(done.text, /Your address is changed/);
    assert.equal((await signIn(next, PASSWORD)).answer.status, 303);
    assert.equal((await signIn(email, PASSWORD)).answer.status, 400);
    assert.match((await mail.next(email, since + 2)).subject, /Your Service Valuations address was changed/);
    const [event] = await db().query<{ detail: { from: string; to: string } }>(
      "select detail from account_events where action = 'account.email_changed' order by id desc limit 1",
    );
    assert.deepEqual(event.detail, { from: email, to: next });
  });

  it('refuses every new form without its CSRF token, and never lists an account among the sandbox’s people', async () => {
    const { email } = await makeAccount();
    const anonymous = new ConsoleBrowser(BASE());
    await anonymous.get('/console/sign-up');
    for (const path of [
      '/console/sign-up',
      '/console/confirm',
      '/console/reset-password',
      '/console/reset-password/new',
    ])
      assert.equal((await anonymous.post(path, { email }, null)).status, 403, path);
    const { browser } = await signIn(email, PASSWORD);
    for (const path of [
      '/console/account/password',
      '/console/account/email',
      '/console/account/sessions/end-others',
      '/console/account/passkeys/options',
      '/console/account/totp/begin',
      '/console/account/totp/confirm',
      '/console/account/recovery-codes',
      '/console/account/workspace',
      '/console/members/invite',
      '/console/sign-out',
    ])
      assert.equal((await browser.post(path, { current: PASSWORD, next: 'x' }, 'forged-token')).status, 403, path);
    const chooser = await anonymous.get('/console/sign-in');
    assert.doesNotMatch(chooser.text, new RegExp(email.replace(/[.]/g, '\\.')));
    assert.doesNotMatch(chooser.text, /Nur Aisyah/);
    assert.equal(
      (
        await anonymous.post('/console/sign-in', {
          user: (await db().query<{ id: string }>("select id from users where kind = 'account' limit 1"))[0].id,
        })
      ).status,
      400,
    );
  });
});
