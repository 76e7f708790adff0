/**
 * The MCP endpoint's OAuth tokens: issued in pairs (access, refresh), stored only as hashes, each
 * bound to one resource (RFC 8707); a refresh is used once and cannot widen the grant. The tokens
 * of one authorization are a family: a refresh token presented again after its use (one copy was
 * stolen) revokes the whole family (OAuth 2.0 Security BCP, RFC 9700 §4.14); within a few seconds of
 * the use it is a client's retry, refused without that.
 */
import { scopesBeyondRole } from './roles.js';
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
/** A refresh token presented again this soon after its use is a client's retry, refused but not treated as theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export interface TokenRecord {
  clientId: string;
  userId: string;
  organizationId: string;
  scopes: string[];
  resource: string;
  expiresAt: number;
}
export function createTokenStore(db: Database, now: () => Date) {
  const at = (seconds: number) => new Date(now().getTime() + seconds * 1000);

  async function issueTokens(grant: {
    clientId: string;
    userId: string;
    organizationId: string;
    scopes: string[];
    resource: string;
    familyId: string;
  }) {
    const access = newSecret('mcpat');
    const refresh = newSecret('mcprt');
    await db.query(
      `insert into oauth_tokens (token_sha256, kind, client_id, user_id, organization_id, scopes, resource, expires_at, family_id)
       values ($1, 'access', $3, $4, $5, $6, $7, $8, $10), ($2, 'refresh', $3, $4, $5, $6, $7, $9, $10)`,
      [
        hashSecret(access),
        hashSecret(refresh),
        grant.clientId,
        grant.userId,
        grant.organizationId,
        grant.scopes,
        grant.resource,
        at(ACCESS_TOKEN_SECONDS),
        at(REFRESH_TOKEN_DAYS * 86400),
        grant.familyId,
      ],
    );
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refresh,
      scope: grant.scopes.join(' '),
    };
  }

  async function revokeFamily(familyId: string) {
    await db.query('update oauth_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [
      familyId,
      now(),
    ]);
  }

  return {
    issueTokens,
    revokeFamily,
    async refresh(clientId: string, refreshToken: string, scopes: string[] | undefined, resource: string | undefined) {
      const hash = hashSecret(refreshToken);
      const [grant] = await db.query<{
        scopes: string[];
        resource: string;
        family_id: string;
        used_at: Date | null;
        member: boolean;
      }>(
        `select t.scopes, t.resource, t.family_id, t.used_at,
                exists (select 1 from memberships m where m.user_id = t.user_id and m.organization_id = t.organization_id) as member
           from oauth_tokens t where t.token_sha256 = $1 and t.kind = 'refresh' and t.client_id = $2`,
        [hash, clientId],
      );
      if (grant?.used_at && now().getTime() - new Date(grant.used_at).getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000)
        return { error: 'The refresh token was just used: use the tokens that answer gave.' };
      if (grant?.used_at) {
        await revokeFamily(grant.family_id);
        return {
          error: 'The refresh token was already used, so every token of this grant is now revoked: authorize again.',
        };
      }
      if (!grant) return { error: 'The refresh token is not valid.' };
      if (!grant.member) {
        // The person left the workspace the grant acts in: nothing of it may live on.
        await revokeFamily(grant.family_id);
        return { error: 'The person no longer belongs to the workspace this grant acts in: its tokens are revoked.' };
      }
      if (resource !== undefined && resource !== grant.resource) return { error: 'resource does not match the grant.' };
      const narrowed = scopes?.length ? scopes : grant.scopes;
      if (narrowed.some((s) => !grant.scopes.includes(s))) return { error: 'A refresh cannot add scopes.' };
      // Spent in one statement: of two concurrent refreshes with one token, exactly one gets tokens.
      const [row] = await db.query<{ user_id: string; organization_id: string }>(
        `update oauth_tokens set used_at = $3, revoked_at = $3
          where token_sha256 = $1 and kind = 'refresh' and client_id = $2 and used_at is null and revoked_at is null and expires_at > $3
          returning user_id, organization_id`,
        [hash, clientId, now()],
      );
      if (!row) return { error: 'The refresh token is not valid: it expired, was revoked, or was just used.' };
      return {
        tokens: await issueTokens({
          clientId,
          userId: row.user_id,
          organizationId: row.organization_id,
          scopes: narrowed,
          resource: grant.resource,
          familyId: grant.family_id,
        }),
      };
    },
    async verify(token: string): Promise<TokenRecord | undefined> {
      const [row] = await db.query<{
        client_id: string;
        user_id: string;
        organization_id: string;
        scopes: string[];
        resource: string;
        expires_at: Date;
        role: string;
      }>(
        // With the person's role in the token's workspace now: a person who left it holds no valid token,
        // and a token holds only the scopes their role still allows.
        `update oauth_tokens t set last_used_at = $2 from memberships m
          where t.token_sha256 = $1 and t.kind = 'access' and t.revoked_at is null and t.expires_at > $2
            and m.user_id = t.user_id and m.organization_id = t.organization_id
          returning t.client_id, t.user_id, t.organization_id, t.scopes, t.resource, t.expires_at, m.role`,
        [hashSecret(token), now()],
      );
      return (
        row && {
          clientId: row.client_id,
          userId: row.user_id,
          organizationId: row.organization_id,
          scopes: row.scopes.filter((scope) => scopesBeyondRole(row.role, [scope]).length === 0),
          resource: row.resource,
          expiresAt: Math.floor(new Date(row.expires_at).getTime() / 1000),
        }
      );
    },
    async revokeToken(clientId: string, token: string) {
      await db.query(
        'update oauth_tokens set revoked_at = $3 where token_sha256 = $1 and client_id = $2 and revoked_at is null',
        [hashSecret(token), clientId, now()],
      );
    },

    /** The person's connected AI apps: one row per client, with scopes and last use. */
    async connections(userId: string) {
      return db.query<{
        client_id: string;
        client_name: string;
        scopes: string[];
        last_used_at: Date | null;
        connected_at: Date;
        redirect_uri: string | null;
      }>(
        `select t.client_id, coalesce(c.metadata->>'client_name', t.client_id) as client_name,
                c.metadata->'redirect_uris'->>0 as redirect_uri,
                array(select distinct unnest(t2.scopes) from oauth_tokens t2 where t2.client_id = t.client_id and t2.user_id = $1 and t2.revoked_at is null order by 1) as scopes,
                max(t.last_used_at) as last_used_at, min(t.created_at) as connected_at
           from oauth_tokens t left join oauth_clients c on c.client_id = t.client_id
          where t.user_id = $1 and t.revoked_at is null and t.expires_at > $2
          group by t.client_id, c.metadata`,
        [userId, now()],
      );
    },
    /** Disconnects an app: every token it holds for this person stops working at once. */
    async disconnect(userId: string, clientId: string) {
      await db.query(
        'update oauth_tokens set revoked_at = $3 where user_id = $1 and client_id = $2 and revoked_at is null',
        [userId, clientId, now()],
      );
    },
  };
}
