-- When the owner of an address being guessed was last told (sign-in-limits.ts), so they are told once a day.
alter table sign_in_failures add column alerted_at timestamptz;
