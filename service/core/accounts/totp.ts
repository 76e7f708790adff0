/**
 * An authenticator app's codes (TOTP, RFC 6238: 6 digits, 30 seconds, SHA-1, as every app reads them)
 * as a second step, for those without a passkey, with ten recovery codes for a lost phone. The secret
 * is sealed under the operator's key (the person's id as associated data); a code is accepted within
 * one step of now and never twice; recovery codes are random, stored as hashes and used once.
 */
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/database.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import { recordAccountEvent } from './account-events.js';

const PERIOD = 30;
export const RECOVERY_CODES = 10;

const aad = (userId: string) => `totp:${userId}`;
const codeHash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
/** `abcde-fghij`: 50 random bits in base32's letters and digits. */
const newRecoveryCode = () => {
  const text = new Secret({ size: 8 }).base32.toLowerCase().slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};

type Holder = { id: string; email: string; organizationId: string };

export function createTotp(db: Database, box: SecretBox, now: () => Date = () => new Date()) {
  const totpOf = (secret: string, label = '') =>
    new TOTP({
      issuer: 'Service Valuations',
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD,
      secret: Secret.fromBase32(secret),
    });

  async function renewCodes(tx: Pick<Database, 'query'>, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await tx.query('delete from recovery_codes where user_id = $1', [userId]);
    for (const code of codes)
      await tx.query('insert into recovery_codes (user_id, code_sha256) values ($1, $2)', [userId, codeHash(code)]);
    return codes;
  }

  return {
    /** Whether the person has a confirmed authenticator app. */
    async enabled(userId: string): Promise<boolean> {
      return (
        (await db.query('select 1 from totp_factors where user_id = $1 and confirmed_at is not null', [userId]))
          .length > 0
      );
    },

    /** Starts (or restarts) setting an app up: the secret to type and the `otpauth://` address to scan. */
    async begin(user: Holder): Promise<{ secret: string; uri: string }> {
      const secret = new Secret({ size: 20 }).base32;
      await db.query(
        `insert into totp_factors (user_id, sealed_secret) values ($1, $2)
         on conflict (user_id) do update set sealed_secret = $2, confirmed_at = null, last_step = 0
         where totp_factors.confirmed_at is null`,
        [user.id, box.seal(secret, aad(user.id))],
      );
      const [row] = await db.query<{ sealed_secret: string }>(
        'select sealed_secret from totp_factors where user_id = $1',
        [user.id],
      );
      const current = box.open(row.sealed_secret, aad(user.id));
      return { secret: current, uri: totpOf(current, user.email).toString() };
    },

    /** The setup waiting for its first code, if any: the secret and address again (a page reloaded). */
    async pending(user: Holder): Promise<{ secret: string; uri: string } | undefined> {
      const [row] = await db.query<{ sealed_secret: string }>(
        'select sealed_secret from totp_factors where user_id = $1 and confirmed_at is null',
        [user.id],
      );
      if (!row) return undefined;
      const secret = box.open(row.sealed_secret, aad(user.id));
      return { secret, uri: totpOf(secret, user.email).toString() };
    },

    /** Checks a code (and spends its time step): whether it is right. */
    async check(userId: string, code: string, confirmed = true): Promise<boolean> {
      const token = code.replace(/\s/g, '');
      if (!/^\d{6}$/.test(token)) return false;
      const [row] = await db.query<{ sealed_secret: string; last_step: string }>(
        `select sealed_secret, last_step from totp_factors where user_id = $1 and (confirmed_at is not null) = $2`,
        [userId, confirmed],
      );
      if (!row) return false;
      const timestamp = now().getTime();
      const delta = TOTP.validate({
        token,
        secret: Secret.fromBase32(box.open(row.sealed_secret, aad(userId))),
        period: PERIOD,
        timestamp,
        window: 1,
      });
      if (delta === null) return false;
      const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
      // One use per time step, even when two requests race.
      const spent = await db.query(
        'update totp_factors set last_step = $2 where user_id = $1 and last_step < $2 returning 1',
        [userId, step],
      );
      return spent.length > 0;
    },

    /** Confirms the app with its first code: the ten recovery codes, shown once; undefined when the code is wrong. */
    async confirm(user: Holder, code: string): Promise<string[] | undefined> {
      if (!(await this.check(user.id, code, false))) return undefined;
      return db.transaction(async (tx) => {
        await tx.query('update totp_factors set confirmed_at = now() where user_id = $1', [user.id]);
        await recordAccountEvent(tx, user.id, 'totp.enabled');
        return renewCodes(tx, user.id);
      });
    },

    async disable(user: Holder): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('delete from totp_factors where user_id = $1', [user.id]);
        await tx.query('delete from recovery_codes where user_id = $1', [user.id]);
        await recordAccountEvent(tx, user.id, 'totp.disabled');
      });
    },

    /** New recovery codes (the old ones stop working), shown once. */
    async renewRecoveryCodes(user: Holder): Promise<string[]> {
      return db.transaction(async (tx) => {
        await recordAccountEvent(tx, user.id, 'recovery_codes.renewed');
        return renewCodes(tx, user.id);
      });
    },

    /** How many recovery codes the person has left. */
    async recoveryCodesLeft(userId: string): Promise<number> {
      return (
        await db.query<{ n: number }>(
          'select count(*)::int as n from recovery_codes where user_id = $1 and used_at is null',
          [userId],
        )
      )[0].n;
    },

    /** Spends a recovery code: whether it was one of the person's, unused (recorded in the audit log). */
    async useRecoveryCode(userId: string, code: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [used] = await tx.query<{ organization_id: string }>(
          `update recovery_codes r set used_at = now() from users u
            where r.user_id = $1 and r.code_sha256 = $2 and r.used_at is null and u.id = r.user_id returning u.organization_id`,
          [userId, codeHash(code)],
        );
        if (used) await recordAccountEvent(tx, userId, 'recovery_code.used');
        return Boolean(used);
      });
    },
  };
}

export type Totp = ReturnType<typeof createTotp>;
