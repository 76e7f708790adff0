/**
 * The search's inverted index finds exactly what looking at every property finds: for every prefix of
 * every word in the sandbox's addresses, condo names and towns, alone and in pairs, and for postal-code
 * prefixes, the suggestions are the same, in the same order.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sandboxHomes } from '../sandbox/sandbox-homes.js';
import { buildIndex, candidates, rank, rankInOrder, suggest, words } from '../core/estimates/search.js';

const fixtures = await sandboxHomes();
const index = buildIndex(fixtures);
const everyProperty = (query: string) => {
  const queryWords = words(query);
  return queryWords.length ? rank(index.entries, queryWords, 50) : [];
};
const indexed = (query: string) => suggest(index, query, 50);

it('suggests what a look at every property suggests, for every word prefix, pair and postal prefix', () => {
  const vocabulary = [...new Set(index.entries.flatMap((e) => [...e.addressWords, ...e.projectWords]))];
  const prefixes = [...new Set(vocabulary.flatMap((w) => [1, 2, 3, w.length].map((n) => w.slice(0, n))))];
  let compared = 0;
  for (const prefix of prefixes) {
    if (/^\d+$/.test(prefix) && prefix.length >= 2) continue; // digits alone are a postal search
    assert.deepEqual(indexed(prefix), everyProperty(prefix), prefix);
    // The walk a query matching many takes, forced here for every query.
    const queryWords = words(prefix);
    if (queryWords.length)
      assert.deepEqual(
        rankInOrder(index, candidates(index, queryWords), queryWords, 50),
        everyProperty(prefix),
        prefix,
      );
    compared++;
  }
  for (const [a, b] of [
    ['ang', 'ave'],
    ['amk', '3'],
    ['parc', 'cl'],
    ['tampines', 'st'],
    ['bedok', 'north'],
    ['the', 'sail'],
    ['jalan', 'k'],
    ['s', 'r'],
  ]) {
    assert.deepEqual(indexed(`${a} ${b}`), everyProperty(`${a} ${b}`), `${a} ${b}`);
    compared++;
  }
  assert.ok(compared > 300, String(compared));
  for (const postal of ['56', '5601', '560102', '01', '99', '52848']) {
    const expected = fixtures.properties
      .filter((p) => p.postalCode?.startsWith(postal))
      .sort((a, b) => a.postalCode!.localeCompare(b.postalCode!))
      .slice(0, 8)
      .map((p) => p.id);
    assert.deepEqual(
      suggest(index, postal).map((s) => s.id),
      expected,
      postal,
    );
  }
  assert.deepEqual(indexed('zzzz'), []);
});

it('finds St. George’s Road however it is typed: St, St., Saint, with or without the apostrophe; St before a number is Street', () => {
  const street = words("St. George's Road");
  assert.deepEqual(street, ['saint', 'georges', 'road']);
  for (const typed of ["St George's", 'st georges rd', 'Saint George’s Road', "ST. GEORGE'S RD"])
    assert.deepEqual(words(typed).slice(0, 2), ['saint', 'georges'], typed);
  assert.deepEqual(words('Bedok North St 3'), ['bedok', 'north', 'street', '3']);
  assert.deepEqual(words('Market St'), ['market', 'street']);
});

it("finds a block as an HDB letter writes it: C'WEALTH, GDNS, HTS and the other abbreviations of HDB's files", () => {
  const home = (id: string, address: string, town: string) => ({
    id,
    address,
    town,
    propertyType: 'hdb' as const,
    unitType: '4-room',
    floorAreaSqm: 90,
    lat: NaN,
    lng: NaN,
  });
  const letters = buildIndex({
    properties: [
      home('hdb-411-cwealth', 'Blk 411 Commonwealth Avenue West', 'Clementi'),
      home('hdb-33-teban', 'Blk 33 Teban Gardens Road', 'Jurong East'),
      home('hdb-5-tg-pagar', 'Blk 5 Tanjong Pagar Plaza', 'Bukit Merah'),
      home('hdb-1-telok-blangah', 'Blk 1 Telok Blangah Heights', 'Bukit Merah'),
      home('hdb-300-clementi', 'Blk 300 Clementi Avenue 4', 'Clementi'),
    ],
  });
  for (const [query, id] of [
    ["411 C'WEALTH AVE WEST", 'hdb-411-cwealth'],
    ['411 c’wealth ave w', 'hdb-411-cwealth'],
    ['33 TEBAN GDNS RD', 'hdb-33-teban'],
    ['5 TG PAGAR PLAZA', 'hdb-5-tg-pagar'],
    ['1 TELOK BLANGAH HTS', 'hdb-1-telok-blangah'],
    // CL is also how Clementi begins, as a visitor types it: it stays a prefix.
    ['cl', 'hdb-300-clementi'],
  ])
    assert.equal(suggest(letters, query, 8)[0]?.id, id, query);
});
