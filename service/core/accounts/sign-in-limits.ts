/**
 * Growing delays after failed sign-ins, kept in the database so every process counts the same
 * failures: per address typed (whoever owns it, or nobody: the answer never says which) and per
 * client address. A few failures are free; after them each earns a wait that doubles, up to 15
 * minutes. A success clears the typed address's count, never the client's. Failures older than a
 * day are forgotten.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.js';

export const FREE_FAILURES = { account: 5, client: 20 };
const FIRST_WAIT_SECONDS = 30;
const MOST_WAIT_SECONDS = 15 * 60;

/** The wait the `failures`th failure earns when `free` are allowed. */
export const waitAfter = (failures: number, free: number) =>
  failures <= free ? 0 : Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - free - 1), MOST_WAIT_SECONDS);

export interface SignInAttempt {
  email: string;
  clientAddress: string;
}

const keysOf = (attempt: SignInAttempt) => ({
  account: `account:${createHash('sha256').update(attempt.email.trim().toLowerCase()).digest('hex')}`,
  client: `client:${attempt.clientAddress}`,
});

export function createSignInLimits(db: Database) {
  return {
    /** Seconds before `attempt` may be tried (0: now). */
    async waitFor(attempt: SignInAttempt): Promise<number> {
      const keys = keysOf(attempt);
      const [row] = await db.query<{ wait: number | null }>(
        `select ceil(extract(epoch from max(locked_until) - now()))::int as wait
           from sign_in_failures where key = any($1) and locked_until > now()`,
        [[keys.account, keys.client]],
      );
      return Math.max(0, row?.wait ?? 0);
    },

    /** Counts a failure against the typed address and the client: the longer wait it earned, in seconds. */
    async failed(attempt: SignInAttempt): Promise<number> {
      const keys = keysOf(attempt);
      let wait = 0;
      for (const [kind, key] of Object.entries(keys) as ['account' | 'client', string][]) {
        const [row] = await db.query<{ failures: number }>(
          `insert into sign_in_failures (key, failures, last_failure_at, locked_until) values ($1, 1, now(), now())
           on conflict (key) do update set
             failures = case when sign_in_failures.last_failure_at < now() - interval '1 day' then 1 else sign_in_failures.failures + 1 end,
             last_failure_at = now()
           returning failures`,
          [key],
        );
        const earned = waitAfter(row.failures, FREE_FAILURES[kind]);
        if (earned)
          await db.query(
            `update sign_in_failures set locked_until = now() + make_interval(secs => $2) where key = $1`,
            [key, earned],
          );
        wait = Math.max(wait, earned);
      }
      return wait;
    },

    async succeeded(attempt: SignInAttempt): Promise<void> {
      await db.query('delete from sign_in_failures where key = $1', [keysOf(attempt).account]);
    },

    /** Forgets failures a day old: how many. */
    async sweep(): Promise<number> {
      return (
        await db.query(
          `delete from sign_in_failures where last_failure_at < now() - interval '1 day' and locked_until < now() returning 1`,
        )
      ).length;
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
