/**
 * The tables both environments share, in `public`, each with why: identity, who each organization is,
 * and the official data. Everything else an environment owns has a table of its own in each
 * environment's schema (`*.each-environment.sql`). The migrator refuses a migration that leaves a
 * table in `public` not listed here, so a table made by a plain migration cannot become shared by
 * accident; a test holds `public` to exactly this list.
 */
export const SHARED_TABLES = {
  schema_migrations: 'which migrations ran: one database, one history',
  organizations: 'identity: an organization is the same customer in both environments',
  users: 'identity: people sign in once for both',
  memberships: 'identity: a person’s role in an organization',
  sessions: 'identity: one console session shows either environment',
  account_tokens: 'identity: sign-up, reset and invitation links',
  account_events: 'identity: a person’s own sign-ins and changes',
  sign_in_failures: 'identity: the sign-in limit counts a person once',
  email_changes: 'identity: a change of address, confirmed at both',
  invitations: 'identity: joining an organization',
  passkeys: 'identity: a person’s second step',
  webauthn_challenges: 'identity: a passkey ceremony',
  totp_factors: 'identity: a person’s authenticator app',
  recovery_codes: 'identity: a person’s recovery codes',
  second_steps: 'identity: a sign-in’s second step',
  person_rate_buckets: 'identity: a person’s limits count once, whichever console asks',
  person_rate_windows: 'identity: a person’s hourly limits (account mail, invitations, password forms)',
  mail_outbox: 'identity: account mail is a person’s, whichever environment sends it',
  integration_reviews: 'identity: the review that opens live',
  agents: 'who the organization is: an agency’s agents are the same people in both',
  teams: 'who the organization is: an agency’s teams',
  team_members: 'who the organization is: who is in each team',
  partner_site_profiles: 'who the organization is: a partner site’s profile',
  dataset_imports: 'official data: the files imported, by origin',
  home_transactions: 'official data: the transactions the estimates value',
  addresses: 'official data: where each block and building is',
  dataset_fetch_runs: 'official data: each fetch of an official source and what it left',
  onemap_lookups: 'official data: each block OneMap was asked to place, so none is asked twice',
  official_archive: 'official data: every answer a source gave, kept after it leaves the source’s window',
} as const;

/** The tables in `public` that the list does not name: each one a table a plain migration made by mistake. */
export async function unlistedSharedTables(q: { query<T>(sql: string, params?: unknown[]): Promise<T[]> }) {
  const rows = await q.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`,
  );
  return rows.map((r) => r.name).filter((name) => !Object.hasOwn(SHARED_TABLES, name));
}
