-- Passkeys (WebAuthn, core/accounts/passkeys.ts): each of a person's, named, with its public key and
-- signature counter. A passkey signs in alone, or is the second step after a password.
create table passkeys (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  name text not null,
  public_key text not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  backed_up boolean not null default false,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_by_user on passkeys (user_id);

-- A WebAuthn ceremony's challenge, used once and within 5 minutes.
create table webauthn_challenges (
  id text primary key,
  challenge text not null,
  user_id text references users (id) on delete cascade,
  purpose text not null check (purpose in ('register', 'sign_in', 'second_step')),
  expires_at timestamptz not null
);

-- An authenticator app's code (TOTP, RFC 6238) as a second step: its secret sealed under the
-- operator's key; the last time step used, so a code is never accepted twice.
create table totp_factors (
  user_id text primary key references users (id) on delete cascade,
  sealed_secret text not null,
  confirmed_at timestamptz,
  last_step bigint not null default 0
);

-- Recovery codes for a lost authenticator: ten, each used once, stored as hashes.
create table recovery_codes (
  user_id text not null references users (id) on delete cascade,
  code_sha256 text not null,
  used_at timestamptz,
  primary key (user_id, code_sha256)
);

-- A password sign-in waiting for its second step: its id in a cookie (stored as a hash), 5 minutes, 5 tries.
create table second_steps (
  id_sha256 text primary key,
  user_id text not null references users (id) on delete cascade,
  next text not null default '',
  attempts integer not null default 0,
  expires_at timestamptz not null
);
