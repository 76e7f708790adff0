/**
 * The second step over HTTP: an authenticator app set up with its first code (recovery codes shown
 * once), then every password sign-in asks for a code; a code works once, a recovery code once, five
 * wrong answers end the step. Passkeys' hostile inputs are refused here; the passkey ceremonies
 * themselves run in Chromium's virtual authenticator (e2e/accounts.spec.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { ConsoleBrowser } from './console-browser.js';
import { whereSecretsRest } from './secrets-at-rest.js';
import { accountsSandbox, makeAccount, signInWith, TEST_PASSWORD } from './test-mail.js';

const { mailbox, db, base: BASE } = accountsSandbox();

const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

/** An account with an authenticator app turned on: its key and recovery codes. */
async function withApp() {
  const account = await makeAccount(BASE(), mailbox);
  const { browser } = await signInWith(BASE(), account.email);
  await browser.get('/console/account/security');
  await browser.post('/console/account/totp/begin', {});
  const page = await browser.get('/console/account/security');
  const secret = /Key: <code>([A-Z2-7 ]+)<\/code>/.exec(page.text)![1].replaceAll(' ', '');
  assert.match(page.text, /<img class="qr"[^>]+src="data:image\/svg\+xml;base64,/);
  const noPassword = await browser.post('/console/account/totp/confirm', {
    code: '000000',
    password: 'not-mine-at-all',
  });
  assert.match(noPassword.text, /This is not your current password/, 'a stolen session cannot turn it on');
  const wrong = await browser.post('/console/account/totp/confirm', { code: '000000', password: TEST_PASSWORD });
  assert.equal(wrong.status, 400);
  const on = await browser.post('/console/account/totp/confirm', {
    code: codeAt(secret),
    password: TEST_PASSWORD,
  });
  assert.equal(on.status, 200);
  const codes = [...on.text.matchAll(/<li><code>([a-z2-7]{5}-[a-z2-7]{5})<\/code><\/li>/g)].map((m) => m[1]);
  assert.equal(codes.length, 10, 'ten recovery codes, shown once');
  return { ...account, browser, secret, codes };
}

/** A password sign-in that stops at the second step: the browser holding the step's cookie. */
async function toSecondStep(email: string) {
  const { browser, answer } = await signInWith(BASE(), email);
  assert.equal(answer.location, '/console/sign-in/second-step');
  assert.doesNotMatch(answer.setCookie ?? '', /svc_console=/, 'no session before the second step');
  return browser;
}

describe('second steps', () => {
  it('asks for the app’s code after the password, takes each code once, and keeps the key sealed and the codes hashed', async () => {
    const { email, secret, codes } = await withApp();
    const browser = await toSecondStep(email);
    const step = await browser.get('/console/sign-in/second-step');
    assert.match(step.text, /6-digit code/);
    assert.match(step.text, /autocomplete="one-time-code"/);
    assert.match((await browser.get('/console/widget-keys')).text, /Sign in to the API Console/, 'not signed in yet');
    // The next step's code: the one of now was spent turning the app on (a code works once).
    const code = codeAt(secret, Date.now() + 30_000);
    const passed = await browser.post('/console/sign-in/second-step', { method: 'totp', code });
    assert.equal(passed.location, '/console/widget-keys');
    assert.match(passed.setCookie ?? '', /svc_console=/);
    assert.match((await browser.get('/console/widget-keys')).text, /Widget keys/);

    const again = await toSecondStep(email);
    await again.get('/console/sign-in/second-step');
    const replay = await again.post('/console/sign-in/second-step', { method: 'totp', code });
    assert.equal(replay.status, 400, 'a code is accepted once');
    assert.match(replay.text, /That code is not right/);
    assert.deepEqual(await whereSecretsRest(db(), [secret, ...codes]), [], 'the key is sealed, the codes hashed');
  });

  it('signs in once with each recovery code, and ends the step after five wrong answers', async () => {
    const { email, codes } = await withApp();
    const browser = await toSecondStep(email);
    await browser.get('/console/sign-in/second-step');
    assert.equal(
      (await browser.post('/console/sign-in/second-step', { method: 'recovery', code: codes[0].toUpperCase() })).status,
      303,
    );
    const reused = await toSecondStep(email);
    await reused.get('/console/sign-in/second-step');
    const refused = await reused.post('/console/sign-in/second-step', { method: 'recovery', code: codes[0] });
    assert.match(refused.text, /not one of yours, or was used already/);
    assert.match(refused.text, /4 tries left/);
    for (let i = 0; i < 3; i++) await reused.post('/console/sign-in/second-step', { method: 'totp', code: '123456' });
    const fifth = await reused.post('/console/sign-in/second-step', { method: 'totp', code: '123456' });
    assert.equal(fifth.status, 410, 'the fifth wrong answer ends the step');
    assert.match(fifth.text, /Sign in with your password again/);
    const over = await reused.post('/console/sign-in/second-step', { method: 'recovery', code: codes[1] });
    assert.equal(over.status, 410, 'even a right answer is not taken after it');
    const audit = await db().query("select 1 from account_events where action = 'recovery_code.used'");
    assert.equal(audit.length, 1);
  });

  it('counts every second-step answer as a sign-in attempt: signing in again gives no fresh tries', async () => {
    const { email } = await withApp();
    const browser = await toSecondStep(email);
    await browser.get('/console/sign-in/second-step');
    for (let i = 0; i < 4; i++) await browser.post('/console/sign-in/second-step', { method: 'totp', code: '000000' });
    assert.equal((await browser.post('/console/sign-in/second-step', { method: 'totp', code: '000000' })).status, 410);
    // The password and five wrong codes are six attempts: the next sign-in waits, however right its password.
    const again = await signInWith(BASE(), email);
    assert.equal(again.answer.status, 429);
    assert.match(again.answer.text, /try again in \d+ seconds/);
  });

  it('checks answers sent at once each against their own try', async () => {
    const { email } = await withApp();
    const browser = await toSecondStep(email);
    await browser.get('/console/sign-in/second-step');
    await db().query('delete from sign_in_failures');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        browser.post('/console/sign-in/second-step', { method: 'totp', code: '000000' }),
      ),
    );
    const checked = await db().query(
      `select 1 from account_events a join users u on u.id = a.user_id
        where u.email = $1 and a.action = 'account.sign_in_failed' and a.detail->>'step' = 'second'`,
      [email],
    );
    assert.ok(answers.every((a) => a.status !== 303));
    assert.ok(checked.length <= 5, `${checked.length} answers were checked; a step has 5 tries`);
  });

  it('turns the app off only with the password and a current code, and then the password alone signs in again', async () => {
    const { email, secret, browser } = await withApp();
    await browser.get('/console/account/security');
    const code = () => codeAt(secret, Date.now() + 30_000);
    const noPassword = await browser.post('/console/account/totp/disable', { code: code() });
    assert.equal(noPassword.status, 400, 'a current code alone does not turn it off');
    assert.match(noPassword.text, /This is not your current password/);
    assert.equal(
      (await browser.post('/console/account/totp/disable', { password: TEST_PASSWORD, code: '999999' })).status,
      400,
    );
    const off = await browser.post('/console/account/totp/disable', { password: TEST_PASSWORD, code: code() });
    assert.equal(off.location, '/console/account/security?notice=totp-off');
    assert.equal((await signInWith(BASE(), email)).answer.location, '/console/widget-keys');
  });

  it('refuses hostile passkey answers and challenges used twice, and gives the sandbox’s people no factors', async () => {
    const anonymous = new ConsoleBrowser(BASE());
    await anonymous.get('/console/sign-in');
    // Each hostile answer meets a challenge of its own, still live, so it is the answer that is refused.
    for (const credential of [
      '',
      'not json',
      '{"id":"nope","response":{}}',
      JSON.stringify({ id: 'x'.repeat(5000), response: null }),
    ]) {
      const options = await anonymous.post('/console/sign-in/passkey/options', {});
      const { challengeId, options: asked } = JSON.parse(options.text) as {
        challengeId: string;
        options: { rpId: string };
      };
      assert.equal(
        asked.rpId,
        'localhost',
        'a browser gives no passkey to an IP address: the console is its localhost',
      );
      const answer = await anonymous.post('/console/sign-in/passkey', { challengeId, credential });
      assert.equal(answer.status, 400, credential.slice(0, 20));
      assert.match(answer.text, /That passkey did not sign you in/);
      const [live] = await db().query('select 1 from webauthn_challenges where id = $1', [challengeId]);
      assert.equal(live, undefined, 'the challenge is spent whatever the answer');
    }
    const { browser } = await signInWith(BASE(), (await makeAccount(BASE(), mailbox)).email);
    await browser.get('/console/account/security');
    const stolen = await browser.post('/console/account/passkeys', {
      challengeId: 'nope',
      credential: '{}',
      name: 'Mine',
    });
    assert.match(stolen.text, /This is not your current password/, 'a stolen session adds no passkey');
    const bad = await browser.post('/console/account/passkeys', {
      challengeId: 'nope',
      credential: '{}',
      name: 'Mine',
      password: TEST_PASSWORD,
    });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /expired/);
    const sandboxPerson = await new ConsoleBrowser(BASE()).signIn('usr_siti');
    assert.match((await sandboxPerson.get('/console/account/security')).text, /belong to real accounts/);
    assert.equal((await sandboxPerson.post('/console/account/totp/begin', {})).status, 403);
  });
});
