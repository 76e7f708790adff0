-- "developer" named both a kind of organization (a property developer, in the Platform API's contract)
-- and a role; the role, the person who builds the integration, is now "engineer".
update memberships set role = 'engineer' where role = 'developer';
update users set role = 'engineer' where role = 'developer';
alter table memberships add constraint memberships_role check (role in ('owner', 'engineer', 'agent'));

-- Whose people an organization has: the sandbox's (chosen without a password, its review played on
-- its own page) or real accounts' (its review decided by the service's staff).
alter table organizations add column people text not null default 'accounts' check (people in ('sandbox', 'accounts'));
update organizations set people = 'sandbox' where id in (select organization_id from users where kind = 'sandbox');

-- The service's own staff: accounts that decide integration reviews (never their own organization's).
alter table users add column staff boolean not null default false;

-- The workspace a session acts in (a person may belong to several); null: their own organization.
-- Every request reads the person's membership there again, so a removal ends it at once.
alter table sessions add column organization_id text references organizations (id) on delete cascade;

-- An owner's invitation to join with a role: sent by mail, single-use, for 7 days; its link's secret
-- stored as a hash.
create table invitations (
  id text primary key,
  token_sha256 text not null unique,
  organization_id text not null references organizations (id) on delete cascade,
  email text not null,
  role text not null check (role in ('owner', 'engineer', 'agent')),
  invited_by text not null references users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text references users (id),
  revoked_at timestamptz
);
create index invitations_by_organization on invitations (organization_id, created_at desc);
