-- "sandbox" named three things: an environment, the generated world's data, and the shared demo people.
-- The data's origin is now "generated": the sandbox environment values it, and nothing else is called so.
alter table dataset_imports drop constraint dataset_imports_origin_check;
update dataset_imports set origin = 'generated' where origin = 'sandbox';
alter table dataset_imports add constraint dataset_imports_origin_check check (origin in ('official', 'generated', 'sample'));
alter table addresses drop constraint addresses_origin_check;
update addresses set origin = 'generated' where origin = 'sandbox';
alter table addresses add constraint addresses_origin_check check (origin in ('official', 'generated', 'sample'));
update dataset_fetch_runs set origin = 'generated' where origin = 'sandbox';
