-- The sandbox loads its generated world through the official files' importer on start. Its imports are
-- marked, so that they never pass for official data (an estimate names no official source for them)
-- and never mix with the files an operator imports into the same database: its rows' keys and its
-- addresses are its own.
alter table dataset_imports add column origin text not null default 'official' check (origin in ('official', 'sandbox'));
alter table addresses add column origin text not null default 'official' check (origin in ('official', 'sandbox'));
alter table addresses drop constraint addresses_pkey;
alter table addresses add primary key (origin, postal);
