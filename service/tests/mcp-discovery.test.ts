/**
 * MCP's public discovery through the official SDK client (which checks every structured answer
 * against its tool's output schema once it has listed the tools): each tool's answer, its source,
 * as-of date, licence and `synthetic`, a text that keeps them, the figures against the fixtures they
 * come from, the mortgage rules worked by hand, limits against bulk collection, and bad arguments.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DAILY_LIMITS } from '../core/metering/limits.js';
import { serviceForTests } from './service-for-tests.js';

let client: Client;
const sandbox = serviceForTests({ origins: { mcp: 0 } }, async ({ services }) => {
  client = new Client({ name: 'discovery-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(services.links.mcpEndpoint)));
  await client.listTools(); // from here the SDK client checks each answer against its output schema
});
after(() => client?.close());
const engine = () => sandbox.services().engine;
const meter = () => sandbox.services().meter;

type Answer = { structuredContent?: Record<string, any>; content: { text: string }[]; isError?: boolean }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as Answer;

/** Every discovery answer: where from, how recent, under which licence, and generated in the sandbox. */
function assertProvenance(answer: Answer) {
  assert.equal(answer.isError, undefined, answer.content[0]?.text);
  const s = answer.structuredContent!;
  assert.ok(s.source.name && s.source.url.startsWith('http'), 'source');
  assert.match(s.asOf, /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(s.licence.name && s.licence.url.startsWith('http'), 'licence');
  assert.equal(s.synthetic, true);
  const text = answer.content[0]!.text;
  assert.ok(text.includes(s.source.name) && text.includes(s.asOf) && text.includes(s.licence.name), text);
  assert.match(text, /Sandbox data: generated, not real/);
}

describe('MCP public discovery', () => {
  it('lists a town’s transactions of a period from the estimates’ own fixtures, at most 20', async () => {
    // The world is sparse, as the real market is: the town that sold most HDB flats in the period.
    const sold = engine().homes.transactions.filter((t) => {
      const p = engine().homes.byId.get(t.propertyId)!;
      return t.mode === 'sale' && p.propertyType === 'hdb' && t.date >= '2026-01' && t.date < '2026-11';
    });
    const byTown = new Map<string, typeof sold>();
    for (const t of sold) {
      const town = engine().homes.byId.get(t.propertyId)!.town;
      byTown.set(town, [...(byTown.get(town) ?? []), t]);
    }
    const [town, expected] = [...byTown].sort((a, b) => b[1].length - a[1].length)[0]!;
    const a = await call('area_transactions', {
      town: town.toLowerCase(),
      propertyType: 'hdb',
      from: '2026-01',
      to: '2026-10',
    });
    assertProvenance(a);
    const s = a.structuredContent!;
    assert.equal(s.town, town);
    assert.equal(s.count, expected.length);
    assert.ok(s.count > 20 && s.shown === 20 && s.transactions.length === 20);
    assert.ok(
      s.transactions.every((t: { date: string }, i: number) => i === 0 || s.transactions[i - 1].date >= t.date),
    );
    assert.match(a.content[0]!.text, /The 20 newest of \d+ are listed/);
  });

  it('gives a town’s price trend by quarter, and the change over the period', async () => {
    const t = await call('price_trend', { town: 'Bishan', propertyType: 'hdb' });
    assertProvenance(t);
    const points = t.structuredContent!.points as { quarter: string; medianPricePerSqft: number }[];
    assert.ok(points.length >= 16, `${points.length} quarters`);
    const first = points[0]!.medianPricePerSqft;
    const last = points.at(-1)!.medianPricePerSqft;
    assert.equal(t.structuredContent!.changePercent, Math.round(((last - first) / first) * 1000) / 10);
    assert.ok(last > first, 'the fixtures grow 4% a year');
  });

  it('works out a mortgage by the published rules, naming each with its source and date', async () => {
    // A S$1.2M condo, S$12,000 a month, bank loan over 30 years at 3%: TDSR at the 4% floor binds.
    const m = await call('mortgage_affordability', {
      propertyPrice: 1_200_000,
      monthlyIncome: 12_000,
      propertyType: 'condo',
      loanType: 'bank',
      tenureYears: 30,
    });
    assertProvenance(m);
    const s = m.structuredContent!;
    const r = 0.04 / 12;
    const byTdsr = (12_000 * 0.55) / (r / (1 - (1 + r) ** -360));
    assert.equal(s.stressRatePercent, 4);
    assert.equal(s.limitedBy, byTdsr < 900_000 ? 'tdsr' : 'ltv');
    assert.equal(s.maxLoan, Math.floor(Math.min(byTdsr, 900_000) / 1000) * 1000);
    assert.equal(s.downPayment, 1_200_000 - s.maxLoan);
    for (const rule of s.rules) assert.ok(rule.source.url && /^\d{4}-\d{2}-\d{2}$/.test(rule.effectiveFrom), rule.id);
    assert.match(m.content[0]!.text, /not a loan offer/);
    // An HDB flat on an HDB loan: the mortgage servicing ratio (30%) at the 3% floor.
    const hdb = await call('mortgage_affordability', {
      propertyPrice: 600_000,
      monthlyIncome: 5_000,
      propertyType: 'hdb',
      loanType: 'hdb',
      tenureYears: 25,
    });
    assert.equal(hdb.structuredContent!.limitedBy, 'msr');
    assert.equal(hdb.structuredContent!.stressRatePercent, 3);
    const refused = await call('mortgage_affordability', {
      propertyPrice: 2_000_000,
      monthlyIncome: 20_000,
      propertyType: 'condo',
      loanType: 'hdb',
      tenureYears: 25,
    });
    assert.equal(refused.isError, true);
    assert.match(refused.content[0]!.text, /HDB loan is for HDB flats only/);
  });

  it('says what the service offers, for every product kind of the contract, and its news', async () => {
    const o = await call('service_offerings');
    assertProvenance(o);
    assert.ok(o.structuredContent!.products.length >= 8);
    assert.ok(o.structuredContent!.products.every((p: { url: string }) => p.url.startsWith(sandbox.urls().widgetHost)));
    const n = await call('property_news', { topic: 'finance' });
    assertProvenance(n);
    assert.ok(n.structuredContent!.items.every((i: { topic: string }) => i.topic === 'finance'));
  });

  it('refuses unknown towns, long periods and bad arguments clearly', async () => {
    const town = await call('area_transactions', { town: '<img src=x onerror=alert(1)>' });
    assert.equal(town.isError, true);
    assert.match(town.content[0]!.text, /No town is called .*Towns: Ang Mo Kio/);
    const long = await call('area_transactions', { town: 'Bishan', from: '2022-01', to: '2026-10' });
    assert.match(long.content[0]!.text, /at most 24 months/);
    const bad = await call('price_trend', { town: 'Bishan', propertyType: 'castle' });
    assert.match(bad.content[0]!.text, /must be equal to one of the allowed values/);
  });

  it('counts market and finance answers per client and day, apart from valuations', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const client = '127.0.0.1';
    await sandbox.db().query('delete from daily_usage where subject = $1', [client]); // this test's own count
    await call('price_trend', { town: 'Bishan', propertyType: 'hdb' });
    await call('price_trend', { town: 'Bishan', propertyType: 'castle' });
    await call('area_transactions', { town: 'Bishan', from: '2022-01', to: '2026-10' });
    const used = await meter().count('mcp_discovery', client, day);
    assert.equal(used, 1, 'the one answered call; the two refusals are given back');
    for (let i = used; i < DAILY_LIMITS.mcp_discovery; i++) await meter().take('mcp_discovery', client, day);
    const spent = await call('price_trend', { town: 'Bishan', propertyType: 'hdb' });
    assert.match(spent.content[0]!.text, /used its 2,000 market and finance answers for today/);
    assert.equal(await meter().count('mcp_estimate', client, day), 0, 'valuations are counted apart');
  });
});
