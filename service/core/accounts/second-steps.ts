/**
 * A password sign-in of a person who has a passkey or an authenticator app waits for its second step:
 * its id in a cookie of its own (only its hash stored), for 5 minutes and 5 wrong tries, after which
 * the password must be given again. No session exists until the step is passed.
 */
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';

export const STEP_MINUTES = 5;
export const STEP_TRIES = 5;

/** What a person can finish a sign-in with. */
export interface SecondStepMethods {
  passkey: boolean;
  totp: boolean;
}

export function createSecondSteps(db: Database) {
  return {
    /** The second steps a person has: none means the password alone signs them in. */
    async methodsOf(userId: string): Promise<SecondStepMethods> {
      const [row] = await db.query<{ passkey: boolean; totp: boolean }>(
        `select exists (select 1 from passkeys where user_id = $1) as passkey,
                exists (select 1 from totp_factors where user_id = $1 and confirmed_at is not null) as totp`,
        [userId],
      );
      return { passkey: row.passkey, totp: row.totp };
    },

    /** Starts a second step: the id for its cookie. */
    async start(userId: string, next: string): Promise<string> {
      const id = newSecret();
      await db.query(
        `insert into second_steps (id_sha256, user_id, next, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))`,
        [hashSecret(id), userId, next, STEP_MINUTES],
      );
      return id;
    },

    async find(id: string | undefined): Promise<{ userId: string; next: string } | undefined> {
      if (!id) return undefined;
      const [row] = await db.query<{ user_id: string; next: string }>(
        'select user_id, next from second_steps where id_sha256 = $1 and expires_at > now() and attempts < $2',
        [hashSecret(id), STEP_TRIES],
      );
      return row && { userId: row.user_id, next: row.next };
    },

    /**
     * Takes one of the step's tries before its answer is checked (one statement, so answers sent at
     * once each take their own): the tries left after this one, or undefined when none was left.
     */
    async take(id: string): Promise<number | undefined> {
      const [row] = await db.query<{ attempts: number }>(
        `update second_steps set attempts = attempts + 1
          where id_sha256 = $1 and expires_at > now() and attempts < $2 returning attempts`,
        [hashSecret(id), STEP_TRIES],
      );
      return row && STEP_TRIES - row.attempts;
    },

    /** Ends a step (passed, or abandoned). */
    async end(id: string): Promise<void> {
      await db.query('delete from second_steps where id_sha256 = $1', [hashSecret(id)]);
    },

    async sweep(): Promise<number> {
      return (await db.query('delete from second_steps where expires_at <= now() returning 1')).length;
    },
  };
}

export type SecondSteps = ReturnType<typeof createSecondSteps>;
