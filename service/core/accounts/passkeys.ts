/**
 * Passkeys (WebAuthn, verified by SimpleWebAuthn): a person registers several and names them; one
 * signs in alone (a discoverable credential, with user verification) or is the second step after a
 * password. Each ceremony's challenge is stored, used once and within 5 minutes; the relying party is
 * the console's own host, and only its origins are accepted. A counter that goes backwards (a cloned
 * authenticator) is refused.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Database } from '../../db/database.js';
import { recordAccountEvent } from './account-events.js';

/** Where passkeys are made and used: a host name (a browser refuses an IP address) and the console's origins there. */
export interface PasskeySettings {
  rpId: string;
  rpName: string;
  origins: string[];
}

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

type Purpose = 'register' | 'sign_in' | 'second_step';
const CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;

/** The passkey settings for a console reached at `consoleOrigin`: an IP address is served as `localhost`. */
export function passkeySettingsFor(consoleOrigin: string): PasskeySettings {
  const url = new URL(consoleOrigin);
  const ip = /^[\d.]+$|^\[/.test(url.hostname);
  if (ip) url.hostname = 'localhost';
  return { rpId: url.hostname, rpName: 'Service Valuations', origins: [url.origin] };
}

const parse = <T>(json: string): T | undefined => {
  try {
    const value = JSON.parse(json) as T;
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
};

export function createPasskeys(db: Database, settings: PasskeySettings) {
  async function remember(challenge: string, purpose: Purpose, userId?: string): Promise<string> {
    const id = randomBytes(16).toString('hex');
    await db.query(
      `insert into webauthn_challenges (id, challenge, user_id, purpose, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [id, challenge, userId ?? null, purpose, CHALLENGE_MINUTES],
    );
    return id;
  }

  /** Spends a challenge: its value, when it is this purpose's (and this person's), unused and in time. */
  async function spend(id: string, purpose: Purpose, userId?: string): Promise<string | undefined> {
    const [row] = await db.query<{ challenge: string }>(
      `delete from webauthn_challenges where id = $1 and purpose = $2 and expires_at > now()
          and ($3::text is null or user_id = $3) returning challenge`,
      [id, purpose, userId ?? null],
    );
    return row?.challenge;
  }

  async function credentialsOf(userId: string) {
    return db.query<{ id: string; transports: string[] }>('select id, transports from passkeys where user_id = $1', [
      userId,
    ]);
  }

  return {
    settings,

    async of(userId: string): Promise<Passkey[]> {
      const rows = await db.query<{
        id: string;
        name: string;
        created_at: Date;
        last_used_at: Date | null;
        backed_up: boolean;
      }>('select id, name, created_at, last_used_at, backed_up from passkeys where user_id = $1 order by created_at', [
        userId,
      ]);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: new Date(r.created_at).toISOString(),
        lastUsedAt: r.last_used_at && new Date(r.last_used_at).toISOString(),
        backedUp: r.backed_up,
      }));
    },

    /** Options for registering a new passkey (the person's others excluded), and the challenge's id. */
    async registrationOptions(user: { id: string; name: string; email: string }) {
      const options = await generateRegistrationOptions({
        rpName: settings.rpName,
        rpID: settings.rpId,
        userName: user.email,
        userDisplayName: user.name,
        attestationType: 'none',
        excludeCredentials: (await credentialsOf(user.id)).map((c) => ({ id: c.id, transports: c.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return { challengeId: await remember(options.challenge, 'register', user.id), options };
    },

    /** Verifies and keeps a new passkey: a problem in a sentence when it is refused. */
    async register(
      user: { id: string; organizationId: string },
      form: { challengeId: string; credential: string; name: string },
    ): Promise<{ problem: string } | { passkey: { id: string; name: string } }> {
      const name = form.name.trim() || 'Passkey';
      if ([...name].length > PASSKEY_NAME_MAX)
        return { problem: `Shorten the name to ${PASSKEY_NAME_MAX} characters.` };
      const response = parse<RegistrationResponseJSON>(form.credential);
      if (!response) return { problem: 'The browser sent no passkey: try again, in a browser that has passkeys.' };
      const challenge = await spend(form.challengeId, 'register', user.id);
      if (!challenge) return { problem: 'This passkey request expired (it lasts 5 minutes): try again.' };
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: settings.origins,
        expectedRPID: settings.rpId,
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verified?.verified) return { problem: 'The passkey could not be verified: try again.' };
      const { credential, credentialBackedUp } = verified.registrationInfo;
      const added = await db.transaction(async (tx) => {
        const inserted = await tx.query(
          `insert into passkeys (id, user_id, name, public_key, counter, transports, backed_up) values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (id) do nothing returning 1`,
          [
            credential.id,
            user.id,
            name,
            Buffer.from(credential.publicKey).toString('base64url'),
            credential.counter,
            credential.transports ?? [],
            credentialBackedUp,
          ],
        );
        if (inserted.length) await recordAccountEvent(tx, user.id, 'passkey.added', { name });
        return inserted.length > 0;
      });
      if (!added) return { problem: 'This passkey is registered already.' };
      return { passkey: { id: credential.id, name } };
    },

    /** Options for signing in with a passkey: any of the person's (a second step), or any discoverable one. */
    async authenticationOptions(purpose: 'sign_in' | 'second_step', userId?: string) {
      const options = await generateAuthenticationOptions({
        rpID: settings.rpId,
        userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
        allowCredentials: userId
          ? (await credentialsOf(userId)).map((c) => ({ id: c.id, transports: c.transports as never }))
          : [],
      });
      return { challengeId: await remember(options.challenge, purpose, userId), options };
    },

    /** The person a passkey answer proves (for `userId` alone in a second step), or undefined. */
    async authenticate(
      purpose: 'sign_in' | 'second_step',
      form: { challengeId: string; credential: string },
      userId?: string,
    ): Promise<string | undefined> {
      const response = parse<AuthenticationResponseJSON>(form.credential);
      const challenge = await spend(form.challengeId, purpose, userId);
      if (!response || typeof response.id !== 'string' || !challenge) return undefined;
      const [row] = await db.query<{
        id: string;
        user_id: string;
        public_key: string;
        counter: string;
        transports: string[];
      }>(
        'select id, user_id, public_key, counter, transports from passkeys where id = $1 and ($2::text is null or user_id = $2)',
        [response.id, userId ?? null],
      );
      if (!row) return undefined;
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: settings.origins,
        expectedRPID: settings.rpId,
        credential: {
          id: row.id,
          publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
          counter: Number(row.counter),
          transports: row.transports as never,
        },
        requireUserVerification: purpose === 'sign_in',
      }).catch(() => undefined);
      if (!verified?.verified) return undefined;
      await db.query('update passkeys set counter = $2, last_used_at = now() where id = $1', [
        row.id,
        verified.authenticationInfo.newCounter,
      ]);
      return row.user_id;
    },

    async rename(userId: string, id: string, name: string): Promise<boolean> {
      const trimmed = name.trim();
      if (!trimmed || [...trimmed].length > PASSKEY_NAME_MAX) return false;
      return (
        (
          await db.query('update passkeys set name = $3 where id = $1 and user_id = $2 returning 1', [
            id,
            userId,
            trimmed,
          ])
        ).length > 0
      );
    },

    async remove(user: { id: string; organizationId: string }, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [removed] = await tx.query<{ name: string }>(
          'delete from passkeys where id = $1 and user_id = $2 returning name',
          [id, user.id],
        );
        if (removed)
          await recordAccountEvent(tx, user.id, 'passkey.removed', {
            name: removed.name,
          });
        return Boolean(removed);
      });
    },

    /** Deletes challenges past their 5 minutes: how many. */
    async sweep(): Promise<number> {
      return (await db.query('delete from webauthn_challenges where expires_at <= now() returning 1')).length;
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
