-- Workspaces (core/organizations/memberships.ts): a person belongs to organizations, each with a role;
-- a console user's own organization is their first. An AI app's grant names the workspace it acts in.
create table memberships (
  user_id text not null references users (id),
  organization_id text not null references organizations (id),
  role text not null,
  primary key (user_id, organization_id)
);
insert into memberships (user_id, organization_id, role) select id, organization_id, role from users;
alter table oauth_codes add column organization_id text references organizations (id);
