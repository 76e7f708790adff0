/**
 * What the service's staff read before deciding an integration review: who the organization is (kind,
 * owners, members), what it did in the sandbox and when (the checklist's dates, the websites its widget
 * keys name, its webhook receivers), and how much it used the sandbox so far. Read from the sandbox's
 * tables, where the review's steps were done, through public's views of them (migration 045).
 */
import type { Database } from '../../db/database.js';

export interface ReviewDossier {
  kind: string;
  members: { name: string; email: string; role: string }[];
  websites: string[];
  receivers: { url: string; enabled: boolean }[];
  /** Estimates answered so far, by surface. */
  use: { widget: number; platform: number };
}

export async function reviewDossier(db: Pick<Database, 'query'>, organizationId: string): Promise<ReviewDossier> {
  const [organization] = await db.query<{ kind: string }>('select kind from organizations where id = $1', [
    organizationId,
  ]);
  const members = await db.query<{ name: string; email: string; role: string }>(
    `select u.name, u.email, m.role from memberships m join users u on u.id = m.user_id
      where m.organization_id = $1 order by m.role = 'owner' desc, u.name`,
    [organizationId],
  );
  const websites = await db.query<{ origin: string }>(
    'select origin from sandbox_key_websites where organization_id = $1 order by origin',
    [organizationId],
  );
  const receivers = await db.query<{ url: string; enabled: boolean }>(
    'select url, enabled from sandbox_webhook_receivers where organization_id = $1 order by created_at',
    [organizationId],
  );
  const [use] = await db.query<{ widget: number; platform: number }>(
    'select widget, platform from sandbox_estimate_use where organization_id = $1',
    [organizationId],
  );
  return {
    kind: organization?.kind ?? '',
    members,
    websites: websites.map((w) => w.origin),
    receivers,
    use: use ?? { widget: 0, platform: 0 },
  };
}
