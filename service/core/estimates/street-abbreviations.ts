/**
 * Every abbreviation HDB's resale and rental files use, each with the word it stands for: the import
 * reads streets by them (datasets/official/street-names.ts), and the search finds a street a visitor
 * copies from an HDB letter ("411 C'WEALTH AVE WEST", "33 TEBAN GDNS RD") by them.
 */
export const HDB_ABBREVIATIONS: [short: string, full: string][] = [
  ['AVE', 'AVENUE'],
  ['BT', 'BUKIT'],
  ["C'WEALTH", 'COMMONWEALTH'],
  ['CTRL', 'CENTRAL'],
  ['CTR', 'CENTRE'],
  ['CL', 'CLOSE'],
  ['CRES', 'CRESCENT'],
  ['DR', 'DRIVE'],
  ['GDNS', 'GARDENS'],
  ['HTS', 'HEIGHTS'],
  ['JLN', 'JALAN'],
  ['KG', 'KAMPONG'],
  ['LOR', 'LORONG'],
  ['MKT', 'MARKET'],
  ['NTH', 'NORTH'],
  ['PK', 'PARK'],
  ['PL', 'PLACE'],
  ['RD', 'ROAD'],
  ['ST', 'STREET'],
  ['STH', 'SOUTH'],
  ['TER', 'TERRACE'],
  ['TG', 'TANJONG'],
  ['UPP', 'UPPER'],
];
