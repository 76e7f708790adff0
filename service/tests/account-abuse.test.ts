/**
 * What testing from outside found in the accounts, each held by a test that fails without its fix: a
 * costly password check no client can use to stop the service, guesses that slow only the guesser,
 * passwords and addresses judged as they are kept (NFKC), breached and personal passwords, typed
 * text kept inert in mail to strangers, separate mail budgets, and reset links that die with their address.
 */
import './trust-loopback-proxy.js';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PASSWORD_FORMS_PER_CLIENT_HOUR } from '../core/accounts/password-forms.js';
import { FREE_FAILURES, GUESSING_ALERT_AFTER } from '../core/accounts/sign-in-limits.js';
import { ConsoleBrowser } from './console-browser.js';
import { accountsSandbox, makeAccount, signInWith, TEST_PASSWORD } from './test-mail.js';

const { mailbox, db, base } = accountsSandbox();
const from = (client: string) => ({ 'X-Forwarded-For': client });
let network = 0;
/** A client address of its own for each use, so the per-client limits of one test never reach another. */
const aNetwork = () => `203.0.113.${++network}`;

async function signUpForm(fields: Partial<Record<string, string>>, client = aNetwork()) {
  const browser = new ConsoleBrowser(base());
  await browser.get('/console/sign-up');
  return browser.post(
    '/console/sign-up',
    {
      name: 'Siti Rahman',
      email: mailbox.newAddress(),
      organizationName: 'Tanjong Realty',
      organizationKind: 'agency',
      password: TEST_PASSWORD,
      ...fields,
    } as Record<string, string>,
    undefined,
    from(client),
  );
}

async function signInFrom(email: string, password: string, client: string) {
  const browser = new ConsoleBrowser(base());
  await browser.get('/console/sign-in');
  return browser.post('/console/sign-in', { email, password }, undefined, from(client));
}

/** The first message to `to` after message `since` whose subject matches, waiting up to 10 seconds. */
async function mailTitled(to: string, since: number, subject: RegExp) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const found = mailbox
      .mail()
      .messages()
      .find((m) => m.id > since && m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
  }
  assert.fail(`no message to ${to} titled ${subject}`);
}

const millis = async (url: string) => {
  const start = performance.now();
  assert.equal((await fetch(url)).status, 200);
  return performance.now() - start;
};

describe('accounts under abuse', () => {
  it('keeps every origin answering while costly passwords arrive, and limits password forms per client', async () => {
    // A keyboard walk of 200 characters: seconds of zxcvbn-ts's CPU when it ran on the event loop.
    const walk = 'qwertyuiop1234567890'.repeat(10);
    const livez = `${base()}/livez`;
    await millis(livez);
    const client = aNetwork();
    const hostile = Promise.all(
      Array.from({ length: 4 }, () => signUpForm({ email: 'not an address', password: walk }, client)),
    );
    const probes: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 10; i++) probes.push(await millis(livez));
    const answers = await hostile;
    assert.deepEqual(
      answers.map((a) => a.status),
      [400, 400, 400, 400],
    );
    probes.sort((a, b) => a - b);
    assert.ok(probes[5] < 100, `/livez answered in a median ${probes[5].toFixed(0)} ms while passwords were judged`);

    const statuses: number[] = [];
    for (let i = 0; i < PASSWORD_FORMS_PER_CLIENT_HOUR + 4; i++)
      statuses.push((await signUpForm({ email: 'not an address', password: 'short' }, client)).status);
    assert.equal(statuses.filter((s) => s === 400).length, PASSWORD_FORMS_PER_CLIENT_HOUR - 4);
    const refused = await signUpForm({ password: 'short' }, client);
    assert.equal(refused.status, 429);
    assert.match(refused.text, /more password forms this hour/);
    assert.equal((await signUpForm({ password: 'short' })).status, 400, 'another network is not held up');
  });

  it('lets the owner sign in from their own network while a stranger guesses, and tells them once', async () => {
    const { email } = await makeAccount(base(), mailbox);
    const stranger = aNetwork();
    for (let i = 0; i <= FREE_FAILURES.addressFromClient; i++)
      assert.equal((await signInFrom(email, `wrong-${i}-password`, stranger)).status, 400);
    assert.equal((await signInFrom(email, TEST_PASSWORD, stranger)).status, 429, 'the guesser waits');
    assert.equal((await signInFrom(email, TEST_PASSWORD, aNetwork())).status, 303, 'the owner does not');

    const since = mailbox.mail().count();
    for (let i = 0; i < GUESSING_ALERT_AFTER; i++)
      assert.equal((await signInFrom(email, `guess-${i}-password`, aNetwork())).status, 400);
    const alert = await mailbox.mail().next(email, since);
    assert.equal(alert.subject, 'Someone is trying to sign in to your Service Valuations account');
    for (let i = 0; i < 3; i++) await signInFrom(email, `guess-more-${i}-password`, aNetwork());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const alerts = mailbox
      .mail()
      .messages()
      .filter((m) => m.to.includes(email) && m.subject === alert.subject);
    assert.equal(alerts.length, 1, 'told once a day');
  });

  it('forgets the guesses when the owner resets their password', async () => {
    const { email } = await makeAccount(base(), mailbox);
    const client = aNetwork();
    for (let i = 0; i <= FREE_FAILURES.addressFromClient; i++) await signInFrom(email, `wrong-${i}-password`, client);
    assert.equal((await signInFrom(email, TEST_PASSWORD, client)).status, 429);
    const since = mailbox.mail().count();
    const asker = new ConsoleBrowser(base());
    await asker.get('/console/reset-password');
    assert.equal((await asker.post('/console/reset-password', { email }, undefined, from(client))).status, 200);
    const { link } = await mailbox.linkTo(email, since);
    const token = new URL(link).searchParams.get('token')!;
    await asker.get(link.replace(base(), ''));
    const next = 'marmalade-quartz-heron-41';
    const reset = await asker.post('/console/reset-password/new', { token, password: next }, undefined, from(client));
    assert.equal(reset.status, 303);
    assert.equal((await signInFrom(email, next, client)).status, 303, 'the network that was waiting signs in');
  });

  it('judges a password as it is hashed: a full-width common password is refused', async () => {
    const answer = await signUpForm({ password: 'ｐａｓｓｗｏｒｄ１２３' });
    assert.equal(answer.status, 400);
    assert.match(answer.text, /too easy to guess/);
  });

  it('refuses the famous breached passwords and the person’s own name reversed or in leetspeak', async () => {
    for (const password of ['correcthorsebatterystaple', 'Tr0ub4dor&3', 'C0rrect Horse Battery Staple']) {
      const answer = await signUpForm({ password });
      assert.equal(answer.status, 400, password);
      assert.match(answer.text, /best-known passwords from published breaches/, password);
    }
    for (const password of ['hamharitis-plum-river', '5171-R4HM4N-orchid-sky']) {
      const answer = await signUpForm({ password });
      assert.equal(answer.status, 400, password);
      assert.match(answer.text, /holds your name/, password);
    }
  });

  it('keeps a look-alike address apart: a KELVIN SIGN sign-up is mailed to the plain address it stands for', async () => {
    const plain = mailbox.newAddress('kelvin');
    const lookAlike = plain.replace(/^k/, '\u212A');
    const since = mailbox.mail().count();
    assert.equal((await signUpForm({ email: lookAlike })).status, 200);
    const message = await mailbox.mail().next(plain, since);
    assert.equal(message.subject, 'Confirm your address for the Service Valuations API Console');
    assert.equal(
      mailbox
        .mail()
        .messages()
        .some((m) => m.to.includes('\u212A')),
      false,
      'nothing goes to the look-alike',
    );
  });

  it('puts no typed text in mail to an unconfirmed address', async () => {
    const email = mailbox.newAddress();
    const since = mailbox.mail().count();
    const answer = await signUpForm({
      email,
      name: 'Win at https://prize.example',
      organizationName: 'Claim prize.example now',
    });
    assert.equal(answer.status, 200);
    const message = await mailbox.mail().next(email, since);
    assert.doesNotMatch(message.text, /prize/);
  });

  it('keeps sign-up and reset mail in budgets of their own: sign-ups for an address never block its reset', async () => {
    const { email } = await makeAccount(base(), mailbox);
    for (let i = 0; i < 6; i++) await signUpForm({ email });
    const since = mailbox.mail().count();
    const asker = new ConsoleBrowser(base());
    await asker.get('/console/reset-password');
    assert.equal((await asker.post('/console/reset-password', { email }, undefined, from(aNetwork()))).status, 200);
    await mailTitled(email, since, /^Reset your Service Valuations password$/);
  });

  it('refuses a new password built from the organization’s name on a reset and a change', async () => {
    const { email } = await makeAccount(base(), mailbox, { organizationName: 'Kallang Riverside Homes' });
    const { browser } = await signInWith(base(), email);
    await browser.get('/console/account');
    const changed = await browser.post('/console/account/password', {
      current: TEST_PASSWORD,
      next: 'kallang-riverside-2026',
    });
    assert.equal(changed.status, 400);
    assert.match(changed.text, /holds your name, your address or your organization/);
  });

  it('voids a reset link mailed to the old address once the address changes', async () => {
    const { email } = await makeAccount(base(), mailbox);
    const since = mailbox.mail().count();
    const asker = new ConsoleBrowser(base());
    await asker.get('/console/reset-password');
    await asker.post('/console/reset-password', { email }, undefined, from(aNetwork()));
    const { link: resetLink } = await mailbox.linkTo(email, since);

    const { browser } = await signInWith(base(), email);
    await browser.get('/console/account');
    const next = mailbox.newAddress('moved');
    const mark = mailbox.mail().count();
    assert.equal(
      (await browser.post('/console/account/email', { email: next, emailPassword: TEST_PASSWORD })).location,
      '/console/account?notice=email-asked',
    );
    const links = [(await mailbox.linkTo(email, mark)).link, (await mailbox.linkTo(next, mark)).link];
    for (const link of links) {
      const confirmer = new ConsoleBrowser(base());
      await confirmer.get(link.replace(base(), ''));
      await confirmer.post('/console/email-change', { token: new URL(link).searchParams.get('token')! });
    }
    const [row] = await db().query<{ email: string }>(`select email from users where email = $1`, [next]);
    assert.ok(row, 'the address changed');
    const spent = await new ConsoleBrowser(base()).get(resetLink.replace(base(), ''));
    assert.equal(spent.status, 410, 'the reset link sent to the old address no longer works');
  });
});
