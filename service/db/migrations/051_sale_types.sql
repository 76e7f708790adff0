-- URA's sales are new sales, sub sales or resales: the private backtest values resales and sub sales,
-- prints new sales apart, and an estimate says which its comparables were. Null where a file does not say
-- (HDB's resales are all resales; a rent is no sale).
alter table home_transactions add column sale_type text check (sale_type in ('new_sale', 'sub_sale', 'resale'));
-- URA's market segment of a private sale's project: core central, rest of central, outside central. The
-- backtest's bias is read by it.
alter table home_transactions add column market_segment text check (market_segment in ('CCR', 'RCR', 'OCR'));
