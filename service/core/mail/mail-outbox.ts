/**
 * Mail waiting to be sent, written in the transaction of what it tells (an account made, a reset asked
 * for), so a message exists exactly when its reason does. Its body carries a link's secret: it is
 * sealed under the operator's key (the webhook secrets' box, the message's id as associated data)
 * and emptied once the message has left. A sender claims messages with `FOR UPDATE SKIP LOCKED`
 * under a lease, so several processes never send one twice at once, and one that dies leaves its
 * claim to be taken again.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { SecretBox } from '../webhooks/secret-box.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A message written when it is sent (a password reset asked for: its body is the request's detail). */
export type MailKind = 'message' | 'reset_request';

export interface ClaimedMail extends Mail {
  id: string;
  kind: MailKind;
  attempts: number;
  lease: Date;
}

type Tx = Pick<Database, 'query'>;

const aad = (id: string) => `mail:${id}`;

export function createMailOutbox(db: Database, box: SecretBox) {
  return {
    /** Queues `mail` in the caller's transaction (a `reset_request` is written by the sender). */
    async enqueue(tx: Tx, mail: Mail, kind: MailKind = 'message'): Promise<string> {
      const id = `mail_${randomBytes(12).toString('hex')}`;
      await tx.query(
        'insert into mail_outbox (id, kind, recipient, subject, sealed_body) values ($1, $2, $3, $4, $5)',
        [id, kind, mail.to, mail.subject, box.seal(mail.text, aad(id))],
      );
      return id;
    },

    async claim(now: Date, limit = 10, leaseMs = 60_000): Promise<ClaimedMail[]> {
      const rows = await db.query<{
        id: string;
        kind: MailKind;
        recipient: string;
        subject: string;
        sealed_body: string;
        attempts: number;
        locked_until: Date;
      }>(
        `with next as (
           select id from mail_outbox
            where sent_at is null and available_at <= $1 and (locked_until is null or locked_until <= $1)
            order by available_at, created_at limit $2 for update skip locked
         )
         update mail_outbox m set attempts = m.attempts + 1, locked_until = $3 from next where m.id = next.id
         returning m.id, m.kind, m.recipient, m.subject, m.sealed_body, m.attempts, m.locked_until`,
        [now, limit, new Date(now.getTime() + leaseMs)],
      );
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.recipient,
        subject: r.subject,
        text: box.open(r.sealed_body, aad(r.id)),
        attempts: r.attempts,
        lease: new Date(r.locked_until),
      }));
    },

    /** Marks a claimed message sent and forgets its body. */
    async sent(mail: ClaimedMail, now: Date): Promise<void> {
      await db.query(
        'update mail_outbox set sent_at = $3, sealed_body = null, locked_until = null where id = $1 and locked_until = $2',
        [mail.id, mail.lease, now],
      );
    },

    /** Gives a claimed message back, to be tried again at `retryAt`. */
    async failed(mail: ClaimedMail, retryAt: Date, error: string): Promise<void> {
      await db.query(
        'update mail_outbox set locked_until = null, available_at = $3, last_error = $4 where id = $1 and locked_until = $2',
        [mail.id, mail.lease, retryAt, error.slice(0, 500)],
      );
    },

    /** Deletes sent messages older than `before`: how many. */
    async prune(before: Date): Promise<number> {
      return (await db.query('delete from mail_outbox where sent_at < $1 returning 1', [before])).length;
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
