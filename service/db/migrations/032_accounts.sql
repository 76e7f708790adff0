-- Real accounts (core/accounts/): a person signs up with an e-mail address and a password (stored as
-- an scrypt hash); the account is made when the address is confirmed through a link. The sandbox's
-- people stay beside them, chosen without a password and marked as the sandbox's.
alter table users add column kind text not null default 'sandbox' check (kind in ('sandbox', 'account'));
alter table users add column password_hash text;
alter table users add column email_verified_at timestamptz;
alter table users add column password_changed_at timestamptz;
alter table users add column created_at timestamptz not null default now();
create unique index accounts_by_email on users (lower(email)) where kind = 'account';

-- Sessions a person can see and end: an id to name one by (never the cookie's), the device and
-- address it was started from, and when it was last used (the idle expiry).
alter table sessions add column public_id text not null default replace(gen_random_uuid()::text, '-', '');
alter table sessions add column last_used_at timestamptz not null default now();
alter table sessions add column user_agent text;
alter table sessions add column client_address text;
create unique index sessions_by_public_id on sessions (public_id);
create index sessions_by_user on sessions (user_id);

-- Single-use links sent by mail, stored as hashes: a sign-up waiting for its address to be confirmed
-- (no account exists before that; the sign-up's form, its password as a hash, waits here), and a
-- password reset.
create table account_tokens (
  id_sha256 text primary key,
  user_id text references users (id) on delete cascade,
  purpose text not null check (purpose in ('sign_up', 'reset_password')),
  sign_up jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index account_tokens_by_user on account_tokens (user_id, purpose);

-- Mail waiting to leave through SMTP (workers/mail-sender.ts). Its body holds a link's secret, so it is
-- sealed with the operator's key, and emptied once sent. A password reset asked for is queued as a
-- `reset_request` and written by the sender: the request itself does the same work whether or not the
-- address has an account.
create table mail_outbox (
  id text primary key,
  kind text not null default 'message' check (kind in ('message', 'reset_request')),
  recipient text not null,
  subject text not null,
  sealed_body text,
  created_at timestamptz not null default now(),
  available_at timestamptz not null default now(),
  locked_until timestamptz,
  attempts integer not null default 0,
  sent_at timestamptz,
  last_error text
);
create index mail_outbox_waiting on mail_outbox (available_at) where sent_at is null;

-- Failed sign-ins, per address typed and per client address, with the delay they have earned: shared
-- by every process. Unlogged like the other limits: a crash forgets them, never anything acknowledged.
create unlogged table sign_in_failures (
  key text primary key,
  failures integer not null,
  last_failure_at timestamptz not null,
  locked_until timestamptz not null
);

-- A sign-in that failed for an address nobody uses belongs to no organization.
alter table audit_log alter column organization_id drop not null;
