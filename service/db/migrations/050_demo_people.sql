-- The third meaning of "sandbox": the shared demo people, whom anyone may act as without a password,
-- and their organizations. They are "demo" now (users.kind, organizations.people); "sandbox" names
-- only the environment, and the generated world's data is "generated" (migration 049).
alter table users drop constraint users_kind_check;
update users set kind = 'demo' where kind = 'sandbox';
alter table users alter column kind set default 'demo';
alter table users add constraint users_kind_check check (kind in ('demo', 'account'));
alter table organizations drop constraint organizations_people_check;
update organizations set people = 'demo' where people = 'sandbox';
alter table organizations add constraint organizations_people_check check (people in ('demo', 'accounts'));
