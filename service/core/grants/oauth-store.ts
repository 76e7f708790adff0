/**
 * The MCP endpoint's OAuth 2.0 state in the service's database: registered clients (RFC 7591),
 * authorization requests waiting for the person's consent, single-use codes exchanged for tokens
 * (oauth-tokens.ts). Codes are stored only as hashes.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';
import { createTokenStore } from './oauth-tokens.js';

export { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS, type TokenRecord } from './oauth-tokens.js';

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

export function createOAuthStore(db: Database, now: () => Date = () => new Date()) {
  const at = (seconds: number) => new Date(now().getTime() + seconds * 1000);

  const tokens = createTokenStore(db, now);
  const { issueTokens } = tokens;

  return {
    ...tokens,
    async registerClient(client: Record<string, unknown>) {
      await db.query('insert into oauth_clients (client_id, metadata) values ($1, $2)', [
        client.client_id,
        JSON.stringify(client),
      ]);
      return client;
    },
    /** A client described by its metadata document, kept or refreshed (its grants keep pointing at it). */
    async rememberClient(client: Record<string, unknown>) {
      await db.query(
        `insert into oauth_clients (client_id, metadata) values ($1, $2)
         on conflict (client_id) do update set metadata = excluded.metadata`,
        [client.client_id, JSON.stringify(client)],
      );
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
    /**
     * The person's answer: a single-use code for `userId`, or nothing when they declined. `organizationId`
     * is the workspace the app will act in (one of theirs, checked by the caller); `scopes`, what of the
     * request the person's role let them give (all of it by default).
     */
    async decide(
      id: string,
      userId: string | undefined,
      organizationId?: string,
      scopes?: string[],
    ): Promise<{ redirect: URL } | undefined> {
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
        `insert into oauth_codes (code_sha256, client_id, user_id, scopes, redirect_uri, code_challenge, resource, expires_at, organization_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          hashSecret(code),
          request.clientId,
          userId,
          scopes ? request.scopes.filter((s) => scopes.includes(s)) : request.scopes,
          request.redirectUri,
          request.codeChallenge,
          request.resource,
          at(CODE_SECONDS),
          organizationId ?? null,
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
      const hash = hashSecret(code);
      // Spent in one statement: of concurrent exchanges of one code, exactly one gets a row back.
      const [row] = await db.query<{
        user_id: string;
        scopes: string[];
        redirect_uri: string;
        resource: string;
        expires_at: Date;
        organization_id: string;
      }>(
        `update oauth_codes c set used_at = $3 from users u
          where c.code_sha256 = $1 and c.client_id = $2 and c.used_at is null and u.id = c.user_id
          returning c.user_id, c.scopes, c.redirect_uri, c.resource, c.expires_at,
            coalesce(c.organization_id, u.organization_id) as organization_id`,
        [hash, clientId, now()],
      );
      if (!row) {
        const [spent] = await db.query('select 1 from oauth_codes where code_sha256 = $1 and client_id = $2', [
          hash,
          clientId,
        ]);
        if (!spent) return { error: 'The authorization code is not valid for this client.' };
        await tokens.revokeFamily(hash);
        return { error: 'The authorization code was already used; the tokens it gave are revoked.' };
      }
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
          familyId: hash, // the code's hash names the family of every token that descends from it
        }),
      };
    },
  };
}

export type OAuthStore = ReturnType<typeof createOAuthStore>;
