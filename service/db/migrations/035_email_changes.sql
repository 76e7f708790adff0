-- A change of a person's e-mail address (core/accounts/email-changes.ts): made only when it is
-- confirmed at both addresses, each through its own single-use link (stored as hashes), within 24 hours.
create table email_changes (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  new_email text not null,
  old_token_sha256 text not null unique,
  new_token_sha256 text not null unique,
  old_confirmed_at timestamptz,
  new_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  done_at timestamptz,
  cancelled_at timestamptz
);
create index email_changes_by_user on email_changes (user_id);
