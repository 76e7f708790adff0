-- Files in the official formats whose figures are generated (npm run start:live's samples): valued by a
-- development live, credited to no publisher, kept apart from official files and from the sandbox's world.
alter table dataset_imports drop constraint dataset_imports_origin_check;
alter table dataset_imports add constraint dataset_imports_origin_check check (origin in ('official', 'sandbox', 'sample'));
alter table addresses drop constraint addresses_origin_check;
alter table addresses add constraint addresses_origin_check check (origin in ('official', 'sandbox', 'sample'));
