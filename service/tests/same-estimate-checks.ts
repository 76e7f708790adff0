/**
 * One estimate everywhere: for 20 homes in both modes, the widget host, the Platform API, MCP's
 * get_valuation and the public valuation page give the same figures, each read the way its user reads
 * it. The same checks run on the sandbox's generated world and on official files imported.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import widgetKeys from '../sandbox/widget-keys.json' with { type: 'json' };
import type { StartServiceOptions } from '../servers/start-service.js';
import { rawMcpClient } from './mcp-raw-client.js';
import { serviceForTests } from './service-for-tests.js';

const DEMO_KEY = widgetKeys.keys[0].key;
const PLATFORM_KEY = 'svcp_test_partner000000000000003';
const ORIGIN = 'http://localhost:5173';

interface Figures {
  value: number;
  low: number;
  high: number;
  confidence: string;
  asOf: string;
  comparablePrices: number[];
}

const fromEstimate = (e: {
  value: number;
  low: number;
  high: number;
  confidence: string;
  asOf: string;
  comparables: { price: number }[];
}): Figures => ({
  value: e.value,
  low: e.low,
  high: e.high,
  confidence: e.confidence,
  asOf: e.asOf,
  comparablePrices: e.comparables.map((c) => c.price),
});

/** The page's figures, read from its <data>, <time> and data-field markup. */
function fromPage(html: string): Figures {
  const field = (name: string) =>
    [...html.matchAll(new RegExp(`<data value="(\\d+)" data-field="${name}">`, 'g'))].map((m) => Number(m[1]));
  return {
    value: field('value')[0],
    low: field('low')[0],
    high: field('high')[0],
    confidence: /data-field="confidence" data-value="(\w+)"/.exec(html)![1],
    asOf: /<time datetime="([\d-]+)" data-field="asOf">/.exec(html)![1],
    comparablePrices: field('comparable-price'),
  };
}

/** Starts the service as `options` say and checks 20 of its homes on every surface. */
export function sameEstimateEverywhere(world: string, options: () => Promise<StartServiceOptions>) {
  let widgetHost: string;
  let platform: string;
  let propertyIds: string[];
  let placelessIds: string[];
  let typicalArea: Map<string, number>;
  let mcpOrigin: string;
  let sources: unknown;
  const mcp = rawMcpClient(() => `${mcpOrigin}/mcp`);

  const { services } = serviceForTests(
    // 160 estimates from one address: more than a visitor's share, which floods.test.ts tests.
    async () => ({
      ...(await options()),
      origins: { widgetHost: 0, platform: 0, mcp: 0 },
      settings: { visitorLimits: false },
    }),
    async ({ services, urls }) => {
      const { engine, links } = services;
      widgetHost = links.widgetHost;
      platform = links.apiBase;
      mcpOrigin = urls.mcp;
      // Homes valued in both modes, spread evenly over each type: 8 HDB flats, 7 condos, 5 landed homes.
      const valued = engine.homes.properties.filter(
        (p) => 'estimate' in engine.estimate(p.id, 'sale') && 'estimate' in engine.estimate(p.id, 'rent'),
      );
      const spread = (type: string, count: number) => {
        const ofType = valued.filter((p) => p.propertyType === type);
        return Array.from({ length: count }, (_, i) => ofType[Math.floor((i * ofType.length) / count)].id);
      };
      // Where the world holds condos known without a place (URA's downloaded files), one of them is among the seven.
      const placeless = valued.filter((p) => p.propertyType === 'condo' && Number.isNaN(p.lat)).slice(0, 1);
      placelessIds = placeless.map((p) => p.id);
      propertyIds = [
        ...spread('hdb', 8),
        ...spread('condo', 7 - placeless.length),
        ...placeless.map((p) => p.id),
        ...spread('landed', 5),
      ];
      typicalArea = new Map(propertyIds.map((id) => [id, engine.homes.byId.get(id)!.floorAreaSqm]));
      const first = engine.estimate(propertyIds[0], 'sale');
      sources = 'estimate' in first ? first.estimate.attribution.sources : undefined;
    },
  );

  describe(`one estimate on every surface (${world})`, () => {
    it('covers 20 homes of every type', () => {
      assert.equal(propertyIds.length, 20);
      assert.deepEqual(new Set(propertyIds.map((id) => id.split('-')[0])), new Set(['hdb', 'condo', 'landed']));
      if (world === 'imported') assert.equal(placelessIds.length, 1, "a condo known from URA's download is among them");
    });

    for (const mode of ['sale', 'rent'] as const)
      for (const home of ['typical', 'asked'] as const)
        it(`gives identical ${mode} figures for the ${home === 'typical' ? 'typical home' : 'storey and area asked'} from the widget host, the Platform API, MCP and the valuation page`, async () => {
          let moved = 0;
          let severalKinds = 0;
          for (const id of propertyIds) {
            // A low storey (every block has one) and an area a tenth above the typical one: every surface takes them alike.
            const asked = home === 'asked' ? { storey: 3, floorAreaSqm: Math.round(typicalArea.get(id)! * 1.1) } : {};
            const query = new URLSearchParams({
              mode,
              ...Object.fromEntries(Object.entries(asked).map(([k, v]) => [k, String(v)])),
            });
            const widget = await fetch(`${widgetHost}v1/estimates?key=${DEMO_KEY}&id=${id}&${query}`, {
              headers: { Origin: ORIGIN },
            });
            const api = await fetch(`${platform}/valuations/properties/${id}/estimate?${query}`, {
              headers: { Authorization: `Bearer ${PLATFORM_KEY}` },
            });
            const tool = await mcp.resultOf(
              await mcp.callTool('get_valuation', undefined, { propertyId: id, mode, ...asked }),
            );
            const page = await fetch(`${widgetHost}valuation/${id}?${query}`);
            assert.deepEqual([widget.status, api.status, page.status], [200, 200, 200], id);
            assert.equal(tool.isError, undefined, `${id}: ${tool.content[0]?.text}`);
            const widgetEstimate = await widget.json();
            const apiEstimate = await api.json();
            const html = await page.text();
            const fromWidget = fromEstimate(widgetEstimate);
            assert.deepEqual(fromEstimate(apiEstimate), fromWidget, `${id} ${mode}: Platform API vs widget host`);
            assert.deepEqual(
              fromEstimate(tool.structuredContent as unknown as Parameters<typeof fromEstimate>[0]),
              fromWidget,
              `${id} ${mode}: MCP vs widget host`,
            );
            assert.deepEqual(fromPage(html), fromWidget, `${id} ${mode}: valuation page vs widget host`);
            // The home valued is the one asked for, and the widget's link leads to the same figure.
            assert.equal(
              widgetEstimate.property.floorAreaSqm,
              'floorAreaSqm' in asked ? asked.floorAreaSqm : typicalArea.get(id),
            );
            // A private home is valued at the nearest storey its comparables name (the third floor lies below most).
            const storey = widgetEstimate.property.storey;
            if (!('storey' in asked)) assert.equal(storey, undefined);
            else if (id.startsWith('hdb')) assert.equal(storey, asked.storey);
            else assert.ok(storey >= asked.storey!, `${id}: valued at storey ${storey}`);
            assert.equal(apiEstimate.property.storey, storey);
            assert.equal(new URL(widgetEstimate.attribution.url).search, `?${query}`);
            // The datasets the estimate rests on, named alike wherever it is shown.
            assert.deepEqual(widgetEstimate.attribution.sources, apiEstimate.attribution.sources, id);
            for (const source of (apiEstimate.attribution.sources ?? []) as { text: string }[])
              assert.ok(html.includes(source.text), `${id}: the page names ${source.text}`);
            // The kinds of home at the address, each a way to its own estimate on every surface.
            const kinds = widgetEstimate.property.unitTypes as { id: string; unitType: string }[];
            assert.deepEqual(apiEstimate.property.unitTypes, kinds, id);
            assert.ok(
              kinds.some((kind) => kind.id === id),
              id,
            );
            if (kinds.length > 1) severalKinds++;
            for (const kind of kinds.length > 1 ? kinds : []) {
              assert.ok(html.includes(`href="/valuation/${encodeURIComponent(kind.id)}?mode=${mode}"`), kind.id);
              if (kind.id !== id) assert.ok(tool.content[0].text.includes(`propertyId ${kind.id}`), kind.id);
            }
            const typical = services().engine.estimate(id, mode);
            if ('estimate' in typical && typical.estimate.value !== fromWidget.value) moved++;
          }
          // A tenth more area moves most estimates (HDB rents from declared rents do not: they have no areas).
          if (home === 'asked') assert.ok(moved >= propertyIds.length / 2, `${moved} of ${propertyIds.length} moved`);
          assert.ok(severalKinds >= 2, `${severalKinds} of the homes share their address with another kind`);
        });

    it(
      world === 'sandbox' ? 'names no dataset: the data is generated' : 'names the datasets its estimates rest on',
      () => {
        if (world === 'sandbox') assert.equal(sources, undefined);
        else assert.ok(Array.isArray(sources) && sources.length > 0);
      },
    );
  });
}
