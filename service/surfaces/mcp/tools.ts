/**
 * The MCP endpoint's public-safe tools (no sign-in, read-only). Their input and output schemas are the contracts' own JSON
 * Schemas, with references resolved so any client can read them; inputs are checked by the same
 * JSON Schema 2020-12 validator as the Platform API's parameters.
 */
import { formatMoney, formatMonth } from '../../../src/format/format.js';
import en from '../../../src/words/en.js';
import { ajv, contractDocument } from '../../web/platform-contract.js';
import { readHome, readMode } from '../../core/estimates/parameters.js';
import type { Homes } from '../../core/estimates/homes.js';
import { refusalInEnglish } from '../../core/estimates/refusals.js';
import { type JsonSchema, type PublicTool, READ_ONLY } from './tool.js';
import widgetContract from '../../../contract/widget-host.openapi.json' with { type: 'json' };
import type { components } from '../../../contract/generated/widget-host.js';

type Estimate = components['schemas']['Estimate'];

const documents: Record<string, { components: { schemas: Record<string, JsonSchema> } }> = {
  '': contractDocument as unknown as { components: { schemas: Record<string, JsonSchema> } },
  './widget-host.openapi.json': widgetContract as unknown as { components: { schemas: Record<string, JsonSchema> } },
};

/** A schema with every `$ref` replaced by what it names (the contracts have no cycles). */
export function resolved(schema: unknown, base = ''): unknown {
  if (Array.isArray(schema)) return schema.map((item) => resolved(item, base));
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as JsonSchema & { $ref?: string };
  if ($ref) {
    const [file, pointer] = $ref.split('#');
    const document = file ? file : base;
    const name = pointer.split('/').pop()!;
    return {
      ...(resolved(documents[document].components.schemas[name], document) as JsonSchema),
      ...(resolved(rest, base) as JsonSchema),
    };
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolved(value, base)]));
}

/** A contract schema by name, its references resolved. */
export const schemaOf = (name: string, document = '') =>
  resolved({ $ref: `${document}#/components/schemas/${name}` }) as JsonSchema;
const schema = schemaOf;

/** Where a search's addresses come from, and how recent they are: the datasets loaded, or the sandbox's world. */
const addressesSource = (homes: Homes) =>
  homes.sources.length
    ? `Source: ${homes.sources.map((s) => s.title).join('; ')}, as of ${homes.cutOff}; ${[...new Set(homes.sources.map((s) => s.licence.name))].join('; ')}.`
    : `Source: the Service Valuations sandbox's generated world, as of ${homes.cutOff}. Sandbox data: generated, not real.`;

export const PUBLIC_TOOLS: PublicTool[] = [
  {
    name: 'search_properties',
    toolset: 'valuations',
    title: 'Find a Singapore property',
    description:
      'Find a Singapore home by address, postal code or condo name. Returns up to 8 matches, best first, each with the id get_valuation takes.',
    inputSchema: {
      type: 'object',
      properties: { query: schema('SearchQuery', './widget-host.openapi.json') },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: schema('PropertySearchResult'),
    annotations: READ_ONLY,
    run(args, { services: { engine } }) {
      const query = String(args.query).trim();
      const result = engine.searchPage(query);
      const lines = result.data.map((s) => `- ${s.text} (${s.secondaryText}), id ${s.id}`);
      const more = result.hasMore ? '\nMore matched: add a block number, street or postal code to narrow it.' : '';
      const found = lines.length ? `Matches for "${query}":\n${lines.join('\n')}${more}` : `No matches for "${query}".`;
      return { structured: result, text: `${found}\n${addressesSource(engine.homes)}` };
    },
  },
  {
    name: 'get_valuation',
    toolset: 'valuations',
    title: "Estimate a property's sale price or monthly rent",
    description:
      "The sale (default) or rent estimate for a property id from search_properties, at the home's storey and floor area (m²) when the person gives them (a search finds an address as its most traded kind; property.unitTypes lists the others, each with its propertyId): value, likely range, confidence, as-of date, the comparable transactions, attribution with the datasets it rests on, and disclaimer. The same estimate as the service's valuation page. Counts against a daily limit per client.",
    inputSchema: {
      type: 'object',
      properties: {
        propertyId: schema('PropertyId', './widget-host.openapi.json'),
        mode: schema('Mode', './widget-host.openapi.json'),
        storey: schema('Storey', './widget-host.openapi.json'),
        floorAreaSqm: schema('FloorAreaSqm', './widget-host.openapi.json'),
      },
      required: ['propertyId'],
      additionalProperties: false,
    },
    outputSchema: schema('Estimate', './widget-host.openapi.json'),
    annotations: READ_ONLY,
    async run(args, { services: { estimates }, client }) {
      const read = readMode(args.mode);
      if ('problem' in read) return { error: read.problem };
      const { mode } = read;
      const asked = readHome(args);
      if ('problem' in asked) return { error: asked.problem };
      const answer = await estimates({
        propertyId: String(args.propertyId),
        mode,
        home: asked.home,
        count: { kind: 'mcp_estimate', subject: client },
      });
      if ('problem' in answer) {
        return {
          error:
            answer.problem === 'quota_exceeded'
              ? `This client has used its ${answer.limit.toLocaleString('en')} valuations for today; the limit resets at 00:00 UTC. Bulk collection is not allowed.`
              : answer.problem === 'not_found'
                ? `No property has the id ${args.propertyId}; find ids with search_properties.`
                : answer.problem === 'invalid_home'
                  ? answer.detail
                  : refusalInEnglish(answer.reason, mode, answer.property),
        };
      }
      const e = answer.estimate;
      const text = [
        `${en.estimateHeading(mode)} for ${e.property.project ? `${e.property.project}, ` : ''}${e.property.address} (${en.propertyType[e.property.propertyType]} ${e.property.unitType})${e.property.storey === undefined ? '' : `, storey ${e.property.storey}`}, ${e.property.floorAreaSqm} m²: ${formatMoney(e.value)}${mode === 'rent' ? en.perMonth : ''}.`,
        ...otherTypes(e),
        `${en.range(formatMoney(e.low), formatMoney(e.high))}. ${en.confidence}: ${en.confidenceLevel[e.confidence]}. Based on ${e.comparables.length} transactions to ${formatMonth(e.asOf)}.${e.basis ? ` ${e.basis.text}.` : ''}`,
        `${e.attribution.text}: ${e.attribution.url}`,
        // The datasets' own sentences, which their licences ask to be shown with the estimate.
        ...(e.attribution.sources ?? []).map((source) => `${source.text} ${source.url}`),
        e.disclaimer,
      ].join('\n');
      return { structured: e as unknown as Record<string, unknown>, text };
    },
  },
];

/** The other kinds of home at the address, for a person whose flat is not the one the search found. */
function otherTypes({ property }: Estimate): string[] {
  const others = property.unitTypes.filter((type) => type.id !== property.id);
  return others.length
    ? [`Other home types at this address: ${others.map((t) => `${t.unitType} (propertyId ${t.id})`).join(', ')}.`]
    : [];
}

/** The first problem with a tool's arguments, in the validator's words, or undefined. */
export function problemInArguments(tool: { inputSchema: JsonSchema }, args: unknown): string | undefined {
  const validate = ajv.compile(tool.inputSchema);
  return validate(args)
    ? undefined
    : validate.errors?.map((e) => `${e.instancePath || 'arguments'} ${e.message}`).join('; ');
}
