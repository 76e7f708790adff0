import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { streetInFull, streetKey, titleCase } from './street-names.js';

/** HDB's spelling beside OneMap's, as the two publish the same streets. */
const SAME_STREETS: [hdb: string, oneMap: string][] = [
  ['ANG MO KIO AVE 10', 'ANG MO KIO AVENUE 10'],
  ['BEDOK NTH ST 3', 'BEDOK NORTH STREET 3'],
  ["C'WEALTH CL", 'COMMONWEALTH CLOSE'],
  ['JLN BT HO SWEE', 'JALAN BUKIT HO SWEE'],
  ['LOR 1 TOA PAYOH', 'LORONG 1 TOA PAYOH'],
  ['KG ARANG RD', 'KAMPONG ARANG ROAD'],
  ['TG PAGAR PLAZA', 'TANJONG PAGAR PLAZA'],
  ['UPP BOON KENG RD', 'UPPER BOON KENG ROAD'],
  ['TELOK BLANGAH HTS', 'TELOK BLANGAH HEIGHTS'],
  ['EVERTON PK', 'EVERTON PARK'],
  ['YISHUN CTRL', 'YISHUN CENTRAL'],
  ['JURONG WEST ST 91', 'JURONG WEST STREET 91'],
  ['SIMS PL', 'SIMS PLACE'],
  ['TAMPINES ST 81', 'Tampines Street 81'],
  ["ST. GEORGE'S RD", "SAINT GEORGE'S ROAD"],
  ["ST GEORGE'S LANE", "SAINT GEORGE'S LANE"],
  ['MARKET ST', 'MARKET STREET'],
  ['MARINE TER', 'MARINE TERRACE'],
  ['HOUGANG STH', 'HOUGANG SOUTH'],
];

describe('street names in HDB’s and OneMap’s spellings', () => {
  it('give one key for the same street', () => {
    for (const [hdb, oneMap] of SAME_STREETS) assert.equal(streetKey(hdb), streetKey(oneMap), `${hdb} / ${oneMap}`);
  });

  it('keep different streets apart', () => {
    assert.notEqual(streetKey('BEDOK NTH ST 3'), streetKey('BEDOK NTH ST 4'));
    assert.notEqual(streetKey('BEDOK NTH RD'), streetKey('BEDOK NTH AVE 1'));
  });

  it('write an HDB street in full for people to read', () => {
    assert.equal(streetInFull('ANG MO KIO AVE 10'), 'Ang Mo Kio Avenue 10');
    assert.equal(streetInFull("C'WEALTH CRES"), 'Commonwealth Crescent');
    assert.equal(streetInFull('BEDOK NTH ST 3'), 'Bedok North Street 3');
    assert.equal(streetInFull("ST. GEORGE'S RD"), "St. George's Road", 'as the official name keeps it');
    assert.equal(streetInFull('JLN BT MERAH'), 'Jalan Bukit Merah');
    assert.equal(streetInFull('MARKET ST'), 'Market Street');
    assert.equal(streetInFull("ST GEORGE'S LANE"), "St. George's Lane");
  });

  it("write a project's name as people do: small words small inside it, a name after D' capitalised", () => {
    assert.equal(titleCase('REFLECTIONS AT KEPPEL BAY'), 'Reflections at Keppel Bay');
    assert.equal(titleCase("D'LEEDON"), "D'Leedon");
    assert.equal(titleCase('THE SAIL @ MARINA BAY'), 'The Sail @ Marina Bay');
    assert.equal(titleCase("QUEEN'S ROAD"), "Queen's Road");
    assert.equal(titleCase('THE TRILINQ'), 'The Trilinq');
  });
});
