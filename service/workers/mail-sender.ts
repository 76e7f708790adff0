/**
 * Sends the mail outbox's messages through SMTP (nodemailer, to the server MAIL_SMTP_URL names; `npm
 * start` and the tests run a receiver on loopback). A message that fails is tried again with a
 * growing wait; one whose sender died is claimed again when its lease ends. Sent messages are kept
 * a day without their bodies, then deleted.
 */
import { createTransport } from 'nodemailer';
import type { ClaimedMail, Mail, MailOutbox } from '../core/mail/mail-outbox.js';
import type { MailSettings } from '../core/mail/mail-settings.js';
import { exponentialBackoff } from './outbox-worker.js';
import type { Worker } from './runner.js';

const KEEP_SENT_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 60_000;
const LEASE_MS = 5 * 60_000;

/** Writes a message queued as a request (a password reset asked for) when it is sent. */
export type MailWriter = (request: ClaimedMail) => Promise<Mail>;

export function mailSender(outbox: MailOutbox, settings: MailSettings, write: MailWriter, idleMs = 500): Worker {
  const url = new URL(settings.smtpUrl);
  url.searchParams.set('connectionTimeout', '30000');
  url.searchParams.set('greetingTimeout', '30000');
  url.searchParams.set('socketTimeout', '60000');
  const transport = createTransport(url.href);
  let prunedAt = 0;
  return {
    name: 'mail-sender',
    idleMs,
    async run(now) {
      // One message a claim, under a lease longer than the transport's timeouts: a slow server never lets
      // the lease end while the message is still being sent (another process would send it again).
      const claimed = await outbox.claim(now, 1, LEASE_MS);
      for (const mail of claimed) {
        try {
          const message = mail.kind === 'message' ? mail : await write(mail);
          await transport.sendMail({
            from: settings.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
          });
          await outbox.sent(mail, new Date());
        } catch (error) {
          const retryAt = new Date(Date.now() + exponentialBackoff(mail.attempts));
          // The transport's message names the server, never the body.
          await outbox.failed(mail, retryAt, error instanceof Error ? error.message : 'unknown error');
        }
      }
      if (!claimed.length && now.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now.getTime();
        await outbox.prune(new Date(now.getTime() - KEEP_SENT_MS));
      }
      return claimed.length;
    },
  };
}
