/**
 * Mail through the outbox and SMTP: a queued message is sealed at rest and sent once; when the SMTP
 * server is down it waits and is sent when it is back (nothing acknowledged is lost); the inbox page
 * shows hostile text as text.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createMailOutbox } from '../core/mail/mail-outbox.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import { type Database, openDatabase } from '../db/database.js';
import { freePort } from '../web/free-ports.js';
import { migrate } from '../db/migrate.js';
import { startMailReceiver } from '../mail/mail-receiver.js';
import { mailSender } from '../workers/mail-sender.js';
import { whereSecretsRest } from './secrets-at-rest.js';

let db: Database;
before(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
});
after(() => db?.close());

const outbox = () => createMailOutbox(db, createSecretBox(randomBytes(32)));
const never = async () => {
  throw new Error('no requests here');
};

describe('mail', () => {
  it('seals a message at rest, sends it once, and forgets its body once sent', async () => {
    const receiver = await startMailReceiver();
    try {
      const box = outbox();
      const secret = 'https://service.test/console/confirm?token=' + 'S'.repeat(43);
      await box.enqueue(db, { to: 'Ana@Example.test', subject: 'Confirm', text: `Open ${secret}` });
      assert.deepEqual(await whereSecretsRest(db, [secret]), [], 'sealed while it waits');
      // Two senders (two processes' workers) at once: one claims it, the other finds nothing.
      const settings = { smtpUrl: receiver.smtpUrl, from: 'Service <no-reply@service.test>' };
      const [first, second] = [mailSender(box, settings, never), mailSender(box, settings, never)];
      const rounds = await Promise.all([first.run(new Date()), second.run(new Date())]);
      assert.deepEqual(rounds.sort(), [0, 1]);
      assert.equal(await first.run(new Date()), 0, 'sent once');
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(receiver.messages().length, 1);
      const message = await receiver.next('ana@example.test');
      assert.equal(message.subject, 'Confirm');
      assert.match(message.text, /Open https:\/\/service\.test\/console\/confirm\?token=S{43}/);
      const [row] = await db.query<{ sealed_body: string | null; sent_at: Date | null }>(
        'select sealed_body, sent_at from mail_outbox',
      );
      assert.equal(row.sealed_body, null);
      assert.ok(row.sent_at);
    } finally {
      await receiver.stop();
    }
  });

  it('keeps a message while the SMTP server is down and sends it when it is back', async () => {
    await db.query('delete from mail_outbox');
    const port = await freePort();
    const box = outbox();
    await box.enqueue(db, { to: 'wait@example.test', subject: 'Later', text: 'Kept' });
    const sender = mailSender(
      box,
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Service <no-reply@service.test>' },
      never,
    );
    await sender.run(new Date());
    const [failed] = await db.query<{ last_error: string; available_at: Date; sent_at: Date | null }>(
      'select last_error, available_at, sent_at from mail_outbox',
    );
    assert.equal(failed.sent_at, null);
    assert.match(failed.last_error, /ECONNREFUSED/);
    assert.ok(new Date(failed.available_at).getTime() > Date.now(), 'tried again later');
    const receiver = await startMailReceiver({ smtp: port });
    try {
      assert.equal(await sender.run(new Date(Date.now() + 3_600_000)), 1);
      assert.equal((await receiver.next('wait@example.test')).text.trim(), 'Kept');
    } finally {
      await receiver.stop();
    }
  });

  it('shows a message’s hostile text as text on the inbox page, with only web addresses as links', async () => {
    const receiver = await startMailReceiver();
    try {
      const box = outbox();
      await db.query('delete from mail_outbox');
      await box.enqueue(db, {
        to: 'hostile@example.test',
        subject: '<img src=x onerror=alert(1)>',
        text: '<script>alert(1)</script> javascript:alert(1) https://service.test/ok',
      });
      await mailSender(box, { smtpUrl: receiver.smtpUrl, from: 'x@service.test' }, never).run(new Date());
      const message = await receiver.next('hostile@example.test');
      const list = await (await fetch(receiver.inboxUrl)).text();
      assert.doesNotMatch(list, /<img src=x/);
      const page = await (await fetch(`${receiver.inboxUrl}messages/${message.id}`)).text();
      assert.doesNotMatch(page, /<script>alert/);
      assert.match(page, /&lt;script&gt;/);
      assert.match(page, /<a href="https:\/\/service\.test\/ok">/);
      assert.doesNotMatch(page, /href="javascript:/);
      assert.equal((await fetch(`${receiver.inboxUrl}messages/999`)).status, 404);
    } finally {
      await receiver.stop();
    }
  });
});
