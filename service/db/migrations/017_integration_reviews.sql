-- The integration review that moving to live access needs (core/organizations/readiness.ts): one per
-- organization, requested only once every onboarding step is done.
create table integration_reviews (
  organization_id text primary key references organizations (id),
  status text not null check (status in ('not_requested', 'in_review', 'approved', 'changes_requested')),
  requested_at timestamptz,
  decided_at timestamptz,
  note text
);
