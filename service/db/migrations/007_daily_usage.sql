-- One daily counter for every "N per day" limit (core/metering): by kind, subject and UTC day.
create table daily_usage (
  kind text not null check (kind in ('widget_estimate', 'platform_estimate', 'mcp_estimate')),
  subject text not null,
  day date not null,
  count integer not null check (count >= 0),
  primary key (kind, subject, day)
);

insert into daily_usage (kind, subject, day, count) select 'widget_estimate', widget_key_id, day, count from estimate_usage;
insert into daily_usage (kind, subject, day, count) select 'platform_estimate', platform_key_id, day, count from valuation_usage;
insert into daily_usage (kind, subject, day, count) select 'mcp_estimate', client, day, count from mcp_valuation_usage;

drop table estimate_usage;
drop table valuation_usage;
drop table mcp_valuation_usage;
