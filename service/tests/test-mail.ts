/**
 * A real SMTP receiver on loopback for a test file (mail/mail-receiver.ts), started with the service
 * and stopped after the file; and the account steps that go through its mail: sign up and confirm,
 * and sign in with a password.
 */
import assert from 'node:assert/strict';
import { after, beforeEach } from 'node:test';
import type { MailSettings } from '../core/mail/mail-settings.js';
import { type MailReceiver, startMailReceiver } from '../mail/mail-receiver.js';
import { ConsoleBrowser } from './console-browser.js';
import { serviceForTests } from './service-for-tests.js';

export const TEST_PASSWORD = 'tangerine-fjord-lantern-88';

export function testMail() {
  let receiver: MailReceiver | undefined;
  after(() => receiver?.stop());
  const mail = () => {
    if (!receiver) throw new Error('The mail receiver starts with the service: read it inside a test.');
    return receiver;
  };
  let made = 0;
  return {
    /** Starts the receiver: the service's mail settings for it. */
    async start(): Promise<MailSettings> {
      receiver = await startMailReceiver();
      return { smtpUrl: receiver.smtpUrl, from: 'Service <no-reply@service.test>', inboxUrl: receiver.inboxUrl };
    },
    mail,
    /** A fresh address nobody has used in this run. */
    newAddress: (who = 'person') => `${who}${++made}.${Date.now()}@example.test`,
    /** The first link in the newest message to `to` after message `since`, and the message. */
    async linkTo(to: string, since: number) {
      const message = await mail().next(to, since);
      return { message, link: /https?:\/\/\S+/.exec(message.text)?.[0] ?? '' };
    },
  };
}

export type TestMail = ReturnType<typeof testMail>;

/** Signs up through the console and confirms through the mailed link: an account ready to sign in. */
export async function makeAccount(
  base: string,
  mail: TestMail,
  who: { name?: string; organizationName?: string; organizationKind?: string; email?: string; password?: string } = {},
) {
  const {
    name = 'Nur Aisyah',
    organizationName = 'Harbourfront Homes',
    organizationKind = 'agency',
    password = TEST_PASSWORD,
  } = who;
  const email = who.email ?? mail.newAddress();
  const browser = new ConsoleBrowser(base);
  await browser.get('/console/sign-up');
  const since = mail.mail().count();
  const fields = { name, email, organizationName, organizationKind, password };
  const answer = await browser.post('/console/sign-up', fields);
  assert.equal(answer.status, 200, answer.text.slice(0, 300));
  const { link } = await mail.linkTo(email, since);
  const token = new URL(link).searchParams.get('token')!;
  const made = await browser.post('/console/confirm', { token, password });
  assert.equal(made.location, '/console/sign-in?notice=ready');
  return { email, password, token, name };
}

/** Signs in with an address and password: the browser and the answer. */
export async function signInWith(base: string, email: string, password = TEST_PASSWORD, userAgent?: string) {
  const browser = new ConsoleBrowser(base);
  await browser.get('/console/sign-in');
  const answer = await browser.post(
    '/console/sign-in',
    { email, password },
    undefined,
    userAgent ? { 'User-Agent': userAgent } : {},
  );
  return { browser, answer };
}

/**
 * The console on a service with its mail going to a receiver of the file's own, the workers running;
 * each test starts with no sign-in failures counted (every request here comes from 127.0.0.1).
 */
export function accountsSandbox() {
  const mailbox = testMail();
  const sandbox = serviceForTests(async () => ({
    origins: { widgetHost: 0 },
    workers: true,
    settings: { mail: await mailbox.start() },
  }));
  const db = () => sandbox.db();
  beforeEach(async () => void (await db().query('delete from sign_in_failures')));
  return { mailbox, db, base: () => sandbox.urls().widgetHost.replace(/\/$/, '') };
}
