/**
 * The MCP endpoint's public discovery beyond one estimate (no sign-in, read-only): a town's
 * transactions and price trend from the estimates' own fixtures, a mortgage affordability answer by
 * the published rules, what the service offers, and its news. Each answer is the contract's schema
 * with its source, as-of date and licence (and `synthetic` in the sandbox), and a text that keeps them.
 */
import { formatMoney } from '../../../src/format/format.js';
import { type AreaMarket, createAreaMarket } from '../../core/datasets/area-market.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import { affordability, problemInAffordability, type AffordabilityInput } from '../../core/finance/affordability.js';
import type { PublicTool, ToolResult } from './tool.js';
import { READ_ONLY } from './tool.js';
import { schemaOf } from './tools.js';

// One per set of homes: an engine's homes are replaced when new data are imported.
const markets = new WeakMap<EstimateEngine['homes'], AreaMarket>();
const marketOf = (engine: EstimateEngine) => {
  if (!markets.has(engine.homes)) markets.set(engine.homes, createAreaMarket(engine.homes));
  return markets.get(engine.homes)!;
};
/** The line every discovery text ends with: where it comes from, how recent, under which licence. */
const provenance = (a: { source: { name: string }; asOf: string; licence: { name: string }; synthetic: boolean }) =>
  `Source: ${a.source.name}, as of ${a.asOf}; ${a.licence.name}.${a.synthetic ? ' Sandbox data: generated, not real.' : ''}`;
const TYPE = { type: 'string', enum: ['hdb', 'condo', 'landed'] };
const MODE = { type: 'string', enum: ['sale', 'rent'], default: 'sale' };
const MONTH = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' };
const TOWN = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'An HDB town or planning area, such as Bishan.',
};

/** What both market tools ask first: the engine's market, the town as the fixtures spell it, and the mode. */
function marketQuestion(
  engine: EstimateEngine,
  args: Record<string, unknown>,
): { error: string } | { market: AreaMarket; town: string; mode: 'sale' | 'rent' } {
  const market = marketOf(engine);
  const town = market.townNamed(String(args.town));
  if (!town)
    return { error: `No town is called ${String(args.town).slice(0, 40)}. Towns: ${market.towns.join(', ')}.` };
  return { market, town, mode: (args.mode as 'sale' | 'rent' | undefined) ?? 'sale' };
}
const monthsBefore = (month: string, n: number) => {
  const at = new Date(`${month}-01T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() - n);
  return at.toISOString().slice(0, 7);
};

export const DISCOVERY_TOOLS: PublicTool[] = [
  {
    name: 'area_transactions',
    toolset: 'market',
    title: 'Recent sales or rentals in a town',
    description:
      'Transactions in one Singapore town in a period (12 months to the data’s as-of date by default, at most 24): how many, the median price per square foot, and the 20 newest. From the same data as every estimate.',
    inputSchema: {
      type: 'object',
      properties: { town: TOWN, propertyType: TYPE, mode: MODE, from: MONTH, to: MONTH },
      required: ['town'],
      additionalProperties: false,
    },
    outputSchema: schemaOf('AreaTransactions'),
    annotations: READ_ONLY,
    meter: 'mcp_discovery',
    run(args, { services: { engine } }): ToolResult {
      const asked = marketQuestion(engine, args);
      if ('error' in asked) return asked;
      const { market, town, mode } = asked;
      const to = (args.to as string | undefined) ?? engine.homes.cutOff.slice(0, 7);
      const from = (args.from as string | undefined) ?? monthsBefore(to, 11);
      const problem = market.problemInPeriod(from, to);
      if (problem) return { error: `The period cannot be answered: ${problem}.` };
      const a = market.transactions(town, args.propertyType as 'hdb' | undefined, mode, from, to);
      const unit = mode === 'rent' ? ' a month' : '';
      const lines = a.transactions.map(
        (t) =>
          `- ${t.date} ${t.address}: ${formatMoney(t.price)}${unit} (${t.floorAreaSqm} m², S$${t.pricePerSqft} psf)`,
      );
      const text = [
        `${a.count} ${mode === 'sale' ? 'sales' : 'rentals'} in ${town}${a.propertyType ? ` (${a.propertyType})` : ''}, ${from} to ${to}` +
          (a.medianPricePerSqft === null ? '.' : `; median S$${a.medianPricePerSqft} psf${unit}.`),
        ...lines,
        a.count > a.shown ? `The ${a.shown} newest of ${a.count} are listed.` : '',
        provenance(a),
      ].filter(Boolean);
      return { structured: a, text: text.join('\n') };
    },
  },
  {
    name: 'price_trend',
    toolset: 'market',
    title: 'Price trend of a town',
    description:
      'The median price (or rent) per square foot, quarter by quarter over the last five years, for one property type in one Singapore town, and the change from first to last.',
    inputSchema: {
      type: 'object',
      properties: { town: TOWN, propertyType: TYPE, mode: MODE },
      required: ['town', 'propertyType'],
      additionalProperties: false,
    },
    outputSchema: schemaOf('PriceTrend'),
    annotations: READ_ONLY,
    meter: 'mcp_discovery',
    run(args, { services: { engine } }): ToolResult {
      const asked = marketQuestion(engine, args);
      if ('error' in asked) return asked;
      const { market, town, mode } = asked;
      const t = market.trend(town, args.propertyType as 'hdb', mode);
      if (!t.points.length)
        return { error: `No ${args.propertyType} ${mode === 'sale' ? 'sales' : 'rentals'} in ${town}.` };
      const text = [
        `${t.propertyType} ${mode === 'sale' ? 'prices' : 'rents'} in ${town}, median per square foot by quarter` +
          (t.changePercent === null ? ':' : ` (${t.changePercent > 0 ? '+' : ''}${t.changePercent}% over the period):`),
        ...t.points.map((p) => `- ${p.quarter}: S$${p.medianPricePerSqft} psf (${p.transactions})`),
        provenance(t),
      ];
      return { structured: t, text: text.join('\n') };
    },
  },
  {
    name: 'mortgage_affordability',
    toolset: 'finance',
    title: 'How much can I borrow for a home?',
    description:
      'The largest housing loan for a price and an income under the published Singapore rules (loan-to-value, total and mortgage servicing ratios at the stress-test rate, longest tenure), the monthly instalment and the down payment, each rule named with its source and effective date. Not a loan offer.',
    // The Platform API's mortgage journeys start from the same input (contract: MortgageAffordabilityInput).
    inputSchema: schemaOf('MortgageAffordabilityInput'),
    outputSchema: schemaOf('MortgageAffordability'),
    annotations: READ_ONLY,
    meter: 'mcp_discovery',
    run(args): ToolResult {
      const input = args as unknown as AffordabilityInput;
      const problem = problemInAffordability(input);
      if (problem) return { error: `Cannot work this out: ${problem}.` };
      const a = affordability(input);
      const binding = a.rules.find((r) => r.id === a.limitedBy)!;
      const text = [
        `Largest loan: ${formatMoney(a.maxLoan)} over ${a.tenureYears} years (${a.loanType === 'hdb' ? 'HDB loan' : 'bank loan'}), limited by the ${binding.name.toLowerCase()}.`,
        `Monthly instalment at ${a.interestRatePercent}%: ${formatMoney(a.monthlyInstalment)}; down payment ${formatMoney(a.downPayment)}. Servicing ratios tested at ${a.stressRatePercent}%.`,
        ...a.rules.map(
          (r) => `- ${r.name}: ${r.value}${r.applies ? ' (binding)' : ''}; ${r.source.name}, from ${r.effectiveFrom}.`,
        ),
        provenance(a),
        'An estimate under published rules, not a loan offer: a lender or HDB decides.',
      ];
      return { structured: a, text: text.join('\n') };
    },
  },
  {
    name: 'service_offerings',
    toolset: 'service',
    title: 'What this service offers',
    description:
      'The service’s products (valuations, listings, viewings, developer inventory, datasets, mortgages…), each with where to start.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: schemaOf('ServiceOfferings'),
    annotations: READ_ONLY,
    run(_args, { services: { engine, settings, environment } }): ToolResult {
      // Offerings are the deployment's content: the sandbox's written for it, live's what its operator loads.
      const offerings = settings.data.content?.offerings ?? {};
      const products = Object.entries(offerings).map(([kind, o]) => ({
        kind: kind as keyof typeof offerings,
        name: o.name,
        description: o.description,
        url: new URL(o.path, engine.serviceUrl).href,
      }));
      const answer = {
        object: 'service_offerings' as const,
        products,
        source: { name: `Service Valuations (${environment.name})`, url: engine.serviceUrl },
        asOf: engine.homes.cutOff,
        licence: { name: 'Service Valuations terms of use', url: new URL('docs/mcp', engine.serviceUrl).href },
        synthetic: environment.makesUpData,
      };
      const text = [
        ...(products.length ? [] : ['This deployment publishes no offerings here yet: see its website.']),
        ...products.map((p) => `- ${p.name}: ${p.description} ${p.url}`),
        provenance(answer),
      ];
      return { structured: answer, text: text.join('\n') };
    },
  },
  {
    name: 'property_news',
    toolset: 'service',
    title: 'Property news',
    description:
      'The service’s news about the Singapore property market, policy, finance and the service, newest first.',
    inputSchema: {
      type: 'object',
      properties: {
        topic: { type: 'string', enum: ['market', 'policy', 'finance', 'service'] },
        limit: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
      },
      additionalProperties: false,
    },
    outputSchema: schemaOf('NewsList'),
    annotations: READ_ONLY,
    run(args, { services: { engine, settings, environment } }): ToolResult {
      // News is the deployment's content: the sandbox's made up for it, live's none until its operator loads some.
      const news = settings.data.content?.news;
      const items = (news?.items ?? [])
        .filter((n) => !args.topic || n.topic === args.topic)
        .slice(0, (args.limit as number) ?? 5);
      const answer = {
        object: 'news' as const,
        items,
        source: { name: `Service Valuations news (${environment.name})`, url: engine.serviceUrl },
        asOf: news?.asOf ?? engine.homes.cutOff,
        licence: { name: 'Each item’s own source', url: engine.serviceUrl },
        synthetic: environment.makesUpData,
      };
      const text = [
        ...(news?.items.length ? [] : ['This deployment publishes no news yet.']),
        ...items.map((n) => `- ${n.publishedOn} ${n.title} (${n.source.name}): ${n.summary}`),
        provenance(answer),
      ];
      return { structured: answer, text: text.join('\n') };
    },
  },
];
