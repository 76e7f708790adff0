/**
 * MCP sessions kept in the database, so that a client's consecutive requests may reach any process
 * of the service. A process holds transports only as a cache (sessions.ts); the row is the session.
 * A process that first sees a session replays the client's `initialize` into a fresh transport and
 * server, so the client's capabilities (URL-mode elicitation) are known there as well.
 */
import type { Database } from '../../db/database.js';
import { MCP_SESSION_LIMITS } from '../metering/limits.js';
import { lockFor } from '../../db/locks.js';

export interface StoredSession {
  address: string;
  /** The client's initialize parameters: protocol version, capabilities, client info. */
  initialize: Record<string, unknown>;
}

export type McpSessionStore = ReturnType<typeof databaseSessions>;

export function databaseSessions(db: Pick<Database, 'transaction' | 'query'>, limits = MCP_SESSION_LIMITS) {
  const idle = `${Math.round(limits.idleMs / 1000)} seconds`;
  return {
    /** Opens a session unless `address` already holds its share of live ones (every process counts). */
    async open(id: string, address: string, initialize: unknown): Promise<boolean> {
      return db.transaction(async (tx) => {
        // One address's opens are taken in turn, so concurrent ones on several processes cannot pass the limit together.
        await lockFor(tx, 'mcpSessionsOfAddress', address);
        const [{ n }] = await tx.query<{ n: number }>(
          `select count(*)::int as n from mcp_sessions where client_address = $1 and last_seen_at > now() - $2::interval`,
          [address, idle],
        );
        if (n >= limits.perAddress) return false;
        await tx.query('insert into mcp_sessions (id, client_address, initialize) values ($1, $2, $3)', [
          id,
          address,
          JSON.stringify(initialize),
        ]);
        return true;
      });
    },
    /** The live session, marked as just used; undefined once it was ended or sat idle too long. */
    async touch(id: string): Promise<StoredSession | undefined> {
      const [row] = await db.query<{ client_address: string; initialize: Record<string, unknown> }>(
        `update mcp_sessions set last_seen_at = now() where id = $1 and last_seen_at > now() - $2::interval
         returning client_address, initialize`,
        [id, idle],
      );
      return row && { address: row.client_address, initialize: row.initialize };
    },
    async end(id: string): Promise<void> {
      await db.query('delete from mcp_sessions where id = $1', [id]);
    },
    /** Forgets sessions idle longer than the limit (the expiry sweeper calls it). */
    async sweep(): Promise<number> {
      const rows = await db.query('delete from mcp_sessions where last_seen_at < now() - $1::interval returning 1', [
        idle,
      ]);
      return rows.length;
    },
  };
}
