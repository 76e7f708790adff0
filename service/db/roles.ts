/**
 * On PostgreSQL each environment's connections act as a role of their own (PostgREST's guard): the
 * sandbox's role reaches `sandbox` and `public`, live's reaches `live` and `public`, and neither can
 * name the other's schema, whatever a query says. What identity must read of both environments is in
 * public's views (migration 045), which run with their owner's rights. The migrator grants these after
 * every run, so a table a migration adds is granted before any connection uses it; PGlite has one
 * connection and no roles.
 */
import { ENVIRONMENTS, type Environment } from './environments.js';

export const roleOf = (environment: Environment) => `service_${environment}`;

type Query = { query<T>(sql: string, params?: unknown[]): Promise<T[]> };

export async function grantEnvironmentRoles(tx: Query): Promise<void> {
  for (const environment of ENVIRONMENTS) {
    const role = roleOf(environment);
    // Roles belong to the server, not the database: another database on it may have made this one.
    await tx.query(
      `do $$ begin create role ${role} nologin; exception when duplicate_object or unique_violation then null; end $$`,
    );
    await tx.query(`grant ${role} to current_user`);
    for (const schema of [environment, 'public']) {
      await tx.query(`grant usage on schema ${schema} to ${role}`);
      await tx.query(`grant select, insert, update, delete on all tables in schema ${schema} to ${role}`);
      await tx.query(`grant usage, select, update on all sequences in schema ${schema} to ${role}`);
    }
  }
}
