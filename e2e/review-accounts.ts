/**
 * The two real accounts an integration review needs, written straight into a service's database (the
 * staff command and the sign-up walk have their own specs): a member of the service's staff, and the
 * owner of an organization whose review is waiting. Both sign in with PASSWORD.
 */
import { hashPassword } from '../service/core/accounts/passwords.js';
import type { Database } from '../service/db/database.js';

export const PASSWORD = 'tangerine-fjord-lantern-88';
export const STAFF = { name: 'Hui Min Tan', email: 'huimin@service.test' };

export async function staffAndApplicant(
  db: Database,
  applicant: { organizationId: string; organizationName: string; name: string; email: string; note?: string },
) {
  const hash = await hashPassword(PASSWORD);
  for (const [org, name] of [
    ['org_staffdesk', 'Service Valuations staff'],
    [applicant.organizationId, applicant.organizationName],
  ])
    await db.query(`insert into organizations (id, name, kind) values ($1, $2, 'agency')`, [org, name]);
  for (const [id, org, name, email, staff] of [
    ['usr_staff', 'org_staffdesk', STAFF.name, STAFF.email, true],
    ['usr_applicant', applicant.organizationId, applicant.name, applicant.email, false],
  ] as const) {
    await db.query(
      `insert into users (id, organization_id, name, email, role, kind, password_hash, email_verified_at, staff)
       values ($1, $2, $3, $4, 'owner', 'account', $5, now(), $6)`,
      [id, org, name, email, hash, staff],
    );
    await db.query(`insert into memberships (user_id, organization_id, role) values ($1, $2, 'owner')`, [id, org]);
  }
  await db.query(
    `insert into integration_reviews (organization_id, status, requested_at, note) values ($1, 'in_review', now(), $2)`,
    [applicant.organizationId, applicant.note ?? null],
  );
}

/** The owner of a signed-up organization of `kind`, approved for live: signs in with PASSWORD. */
export async function approvedOwner(
  db: Database,
  owner: {
    organizationId: string;
    organizationName: string;
    kind: 'agency' | 'developer' | 'partner_site';
    userId: string;
    name: string;
    email: string;
  },
) {
  await db.query(`insert into organizations (id, name, kind) values ($1, $2, $3)`, [
    owner.organizationId,
    owner.organizationName,
    owner.kind,
  ]);
  await db.query(
    `insert into users (id, organization_id, name, email, role, kind, password_hash, email_verified_at)
     values ($1, $2, $3, $4, 'owner', 'account', $5, now())`,
    [owner.userId, owner.organizationId, owner.name, owner.email, await hashPassword(PASSWORD)],
  );
  await db.query(`insert into memberships (user_id, organization_id, role) values ($1, $2, 'owner')`, [
    owner.userId,
    owner.organizationId,
  ]);
  await db.query(
    `insert into integration_reviews (organization_id, status, requested_at, decided_at) values ($1, 'approved', now(), now())`,
    [owner.organizationId],
  );
}
