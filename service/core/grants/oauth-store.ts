/**
 * The MCP endpoint's OAuth 2.0 state in the service's database: registered clients (RFC 7591),
 * authorization requests waiting for the person's consent, single-use codes, and tokens. Codes and
 * tokens are stored only as hashes; every token is bound to one resource (RFC 8707).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
export const CODE_SECONDS = 120;

export interface PendingAuthorization {
  id: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  resource: string;
}

export interface TokenRecord {
  clientId: string;
  userId: string;
  organizationId: string;
  scopes: string[];
  resource: string;
  expiresAt: number;
}

export function createOAuthStore(db: Database, now: () => Date = () => new Date()) {
  const at = (seconds: number) => new Date(now().getTime() + seconds * 1000);

  async function issueTokens(grant: {
    clientId: string;
    userId: string;
    organizationId: string;
    scopes: string[];
    resource: string;
  }) {
    const access = newSecret('mcpat');
    const refresh = newSecret('mcprt');
    await db.query(
      `insert into oauth_tokens (token_sha256, kind, client_id, user_id, organization_id, scopes, resource, expires_at)
       values ($1, 'access', $3, $4, $5, $6, $7, $8), ($2, 'refresh', $3, $4, $5, $6, $7, $9)`,
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

  return {
    async registerClient(client: Record<string, unknown>) {
      await db.query('insert into oauth_clients (client_id, metadata) values ($1, $2)', [
        client.client_id,
        JSON.stringify(client),
      ]);
      return client;
    },
    async getClient(clientId: string) {
      const [row] = await db.query<{ metadata: Record<string, unknown> | string }>(
        'select metadata from oauth_clients where client_id = $1',
        [clientId],
      );
      return row ? (typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata) : undefined;
    },

    async startAuthorization(request: Omit<PendingAuthorization, 'id'>): Promise<string> {
      const id = randomBytes(16).toString('hex');
      await db.query(
        `insert into oauth_requests (id, client_id, client_name, scopes, redirect_uri, state, code_challenge, resource, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          request.clientId,
          request.clientName,
          request.scopes,
          request.redirectUri,
          request.state ?? null,
          request.codeChallenge,
          request.resource,
          at(600),
        ],
      );
      return id;
    },
    async pendingAuthorization(id: string): Promise<PendingAuthorization | undefined> {
      const [row] = await db.query<{
        id: string;
        client_id: string;
        client_name: string;
        scopes: string[];
        redirect_uri: string;
        state: string | null;
        code_challenge: string;
        resource: string;
      }>('select * from oauth_requests where id = $1 and expires_at > $2', [id, now()]);
      return (
        row && {
          id: row.id,
          clientId: row.client_id,
          clientName: row.client_name,
          scopes: row.scopes,
          redirectUri: row.redirect_uri,
          state: row.state ?? undefined,
          codeChallenge: row.code_challenge,
          resource: row.resource,
        }
      );
    },
    /** The person's answer: a single-use code for `userId`, or nothing when they declined. */
    async decide(id: string, userId: string | undefined): Promise<{ redirect: URL } | undefined> {
      const request = await this.pendingAuthorization(id);
      if (!request) return undefined;
      await db.query('delete from oauth_requests where id = $1', [id]);
      const redirect = new URL(request.redirectUri);
      if (request.state !== undefined) redirect.searchParams.set('state', request.state);
      if (!userId) {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'The person declined to connect this app.');
        return { redirect };
      }
      const code = newSecret('mcpac');
      await db.query(
        `insert into oauth_codes (code_sha256, client_id, user_id, scopes, redirect_uri, code_challenge, resource, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          hashSecret(code),
          request.clientId,
          userId,
          request.scopes,
          request.redirectUri,
          request.codeChallenge,
          request.resource,
          at(CODE_SECONDS),
        ],
      );
      redirect.searchParams.set('code', code);
      return { redirect };
    },

    async codeChallenge(clientId: string, code: string): Promise<string | undefined> {
      const [row] = await db.query<{ code_challenge: string }>(
        'select code_challenge from oauth_codes where code_sha256 = $1 and client_id = $2',
        [hashSecret(code), clientId],
      );
      return row?.code_challenge;
    },
    /** Spends a code once; a second use also revokes what the first one issued (RFC 6749 §4.1.2). */
    async exchangeCode(clientId: string, code: string, redirectUri: string | undefined, resource: string | undefined) {
      const [row] = await db.query<{
        user_id: string;
        scopes: string[];
        redirect_uri: string;
        resource: string;
        used_at: Date | null;
        expires_at: Date;
        organization_id: string;
      }>(
        `select c.user_id, c.scopes, c.redirect_uri, c.resource, c.used_at, c.expires_at, u.organization_id
           from oauth_codes c join users u on u.id = c.user_id where c.code_sha256 = $1 and c.client_id = $2`,
        [hashSecret(code), clientId],
      );
      if (!row) return { error: 'The authorization code is not valid for this client.' };
      if (row.used_at) {
        await db.query(
          `update oauth_tokens set revoked_at = $3 where client_id = $1 and user_id = $2 and revoked_at is null`,
          [clientId, row.user_id, now()],
        );
        return { error: 'The authorization code was already used; the tokens it gave are revoked.' };
      }
      await db.query('update oauth_codes set used_at = $2 where code_sha256 = $1', [hashSecret(code), now()]);
      if (new Date(row.expires_at) <= now()) return { error: 'The authorization code has expired.' };
      if (redirectUri !== undefined && redirectUri !== row.redirect_uri)
        return { error: 'redirect_uri does not match the authorization request.' };
      if (resource !== undefined && resource !== row.resource)
        return { error: 'resource does not match the authorization request.' };
      return {
        tokens: await issueTokens({
          clientId,
          userId: row.user_id,
          organizationId: row.organization_id,
          scopes: row.scopes,
          resource: row.resource,
        }),
      };
    },
    async refresh(clientId: string, refreshToken: string, scopes: string[] | undefined, resource: string | undefined) {
      const [row] = await db.query<{ user_id: string; organization_id: string; scopes: string[]; resource: string }>(
        `select user_id, organization_id, scopes, resource from oauth_tokens
          where token_sha256 = $1 and kind = 'refresh' and client_id = $2 and revoked_at is null and expires_at > $3`,
        [hashSecret(refreshToken), clientId, now()],
      );
      if (!row) return { error: 'The refresh token is not valid.' };
      if (resource !== undefined && resource !== row.resource) return { error: 'resource does not match the grant.' };
      const narrowed = scopes?.length ? scopes : row.scopes;
      if (narrowed.some((s) => !row.scopes.includes(s))) return { error: 'A refresh cannot add scopes.' };
      await db.query('update oauth_tokens set revoked_at = $2 where token_sha256 = $1', [
        hashSecret(refreshToken),
        now(),
      ]);
      return {
        tokens: await issueTokens({
          clientId,
          userId: row.user_id,
          organizationId: row.organization_id,
          scopes: narrowed,
          resource: row.resource,
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
      }>(
        `update oauth_tokens set last_used_at = $2
          where token_sha256 = $1 and kind = 'access' and revoked_at is null and expires_at > $2
          returning client_id, user_id, organization_id, scopes, resource, expires_at`,
        [hashSecret(token), now()],
      );
      return (
        row && {
          clientId: row.client_id,
          userId: row.user_id,
          organizationId: row.organization_id,
          scopes: row.scopes,
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
      }>(
        `select t.client_id, coalesce(c.metadata->>'client_name', t.client_id) as client_name,
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

export type OAuthStore = ReturnType<typeof createOAuthStore>;
