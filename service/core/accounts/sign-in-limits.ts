/**
 * Growing delays after failed sign-ins, kept in the database so every process counts the same
 * attempts. Counted per address typed and client together (whoever owns the address, or nobody: the
 * answer never says which), so a stranger's guesses slow only the stranger: the owner signing in from
 * their own network is not held up. Per client, so one client cannot guess at many addresses; and per
 * address with a far higher ceiling, so guesses spread over many networks are slowed too (OWASP's
 * advice). An attempt is counted before its password is checked (so attempts sent at once cannot all
 * slip through before the first failure is written), and a success takes it back. A few failures are
 * free; past them each attempt earns a wait that doubles from 30 seconds to 15 minutes, and while a
 * wait runs no attempt is checked at all. Counts older than a day start again. A reset forgets the
 * address's counts, and its owner is told by mail once a day when it is being guessed.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { normalEmail } from './email-address.js';

export const FREE_FAILURES = { addressFromClient: 5, client: 20, address: 50 };
/** Failures for an address in a day (from anywhere) after which its owner is told. */
export const GUESSING_ALERT_AFTER = 10;
const FIRST_WAIT_SECONDS = 30;
const MOST_WAIT_SECONDS = 15 * 60;

/** The wait the `failures`th failure earns when `free` are allowed. */
export const waitAfter = (failures: number, free: number) =>
  failures <= free ? 0 : Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - free - 1), MOST_WAIT_SECONDS);

export interface SignInAttempt {
  email: string;
  clientAddress: string;
}

const addressHash = (email: string) => createHash('sha256').update(normalEmail(email)).digest('hex');

const keysOf = (attempt: SignInAttempt) => {
  const address = addressHash(attempt.email);
  return [
    [`account:${address}:${attempt.clientAddress}`, FREE_FAILURES.addressFromClient],
    [`client:${attempt.clientAddress}`, FREE_FAILURES.client],
    [`address:${address}`, FREE_FAILURES.address],
  ] as const;
};

/** The count after this attempt: a day-old count starts again. */
const NEXT = `(case when last_failure_at < now() - interval '1 day' then 0 else failures end) + 1`;

export function createSignInLimits(db: Database) {
  async function waitFor(attempt: SignInAttempt): Promise<number> {
    const [row] = await db.query<{ wait: number | null }>(
      `select ceil(extract(epoch from max(locked_until) - now()))::int as wait
         from sign_in_failures where key = any($1) and locked_until > now()`,
      [keysOf(attempt).map(([key]) => key)],
    );
    return Math.max(1, row?.wait ?? 1);
  }

  return {
    /**
     * Counts an attempt before it is checked: 0 when it may go ahead, else the seconds to wait (it was
     * not counted then, nor will it be checked). The count and the wait it earns are one statement,
     * which racing attempts take in turn: after the free ones, one attempt per wait gets through.
     */
    async begin(attempt: SignInAttempt): Promise<number> {
      for (const [key, free] of keysOf(attempt)) {
        await db.query(
          `insert into sign_in_failures (key, failures, last_failure_at, locked_until) values ($1, 0, now(), now())
           on conflict (key) do nothing`,
          [key],
        );
        const counted = await db.query(
          `update sign_in_failures set failures = ${NEXT}, last_failure_at = now(),
             locked_until = case when ${NEXT} > $2
               then now() + make_interval(secs => least(${FIRST_WAIT_SECONDS} * power(2, ${NEXT} - $2 - 1), ${MOST_WAIT_SECONDS}))
               else locked_until end
           where key = $1 and locked_until <= now() returning failures`,
          [key, free],
        );
        if (!counted.length) return waitFor(attempt);
      }
      return 0;
    },

    /** Takes back a successful attempt: the address from this client starts again; the client's and the address's counts lose this one. */
    async succeeded(attempt: SignInAttempt): Promise<void> {
      const [[pair], ...shared] = keysOf(attempt);
      await db.query('delete from sign_in_failures where key = $1', [pair]);
      for (const [key, free] of shared)
        await db.query(
          `update sign_in_failures set failures = greatest(failures - 1, 0),
             locked_until = case when failures - 1 <= $2 then now() else locked_until end
           where key = $1`,
          [key, free],
        );
    },

    /** Forgets every count of an address (its password was reset by its owner), in the caller's transaction. */
    async forgetFailures(tx: Pick<Database, 'query'>, email: string): Promise<void> {
      const address = addressHash(email);
      await tx.query(`delete from sign_in_failures where key = $1 or starts_with(key, $2)`, [
        `address:${address}`,
        `account:${address}:`,
      ]);
    },

    /**
     * Whether the owner of `email` should be told now that their address is being guessed: true once a
     * day, when its failures from anywhere pass GUESSING_ALERT_AFTER (one statement, so racing attempts
     * tell them once).
     */
    async beingGuessed(email: string): Promise<boolean> {
      const told = await db.query(
        `update sign_in_failures set alerted_at = now()
          where key = $1 and failures >= $2 and (alerted_at is null or alerted_at < now() - interval '1 day')
          returning 1`,
        [`address:${addressHash(email)}`, GUESSING_ALERT_AFTER],
      );
      return told.length > 0;
    },

    /** Forgets counts a day old: how many. */
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
