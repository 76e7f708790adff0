/**
 * The CLI (`service-valuation` from the SDK package, `npm run service --` here): the Platform API from a terminal, on the SDK. Reads the key from
 * SERVICE_API_KEY, prints a readable table (or --json), and exits non-zero with one clear line.
 */
import { parseArgs } from 'node:util';
import { formatDate, formatDistance, formatMoney } from '../src/format/format.js';
import { formatArea } from '../src/words/words.js';
import { createPlatformClient, type Estimate, PlatformConfigError, PlatformError } from './client.js';
import { runWebhookCommand, WEBHOOK_USAGE } from './cli-webhooks.js';
import { runOperationCommand } from './cli-call.js';
import { NoAnswer, UsageError } from './cli-errors.js';

const USAGE: Record<string, string> = {
  '': `Usage: service-valuation <command> [options]

Commands:
  valuations search <text>                        find a property by address, postal code or condo name
  valuations estimate (--id ID | --postal CODE | --query TEXT) [--mode sale|rent]
                                                  the estimate and its comparables
  organizations current                           the organization the key belongs to
  agents current                                  the agent or agency the key acts for
  products list [--all]                           the organization's products
  developers projects [--all]                     the developer's projects
  webhooks endpoints [--all]                      registered webhook endpoints
  webhooks create|delete|rotate|test              an endpoint made, deleted, its secret rotated, a test event
  webhooks deliveries|delivery|replay             deliveries, one with its attempts, sent again
  webhooks listen --forward-to URL                the sandbox's events, passed on to a URL on this machine
  operations                                      every operation of the API, from its contract
  call <operationId> [name=value ...] [--body J]  any operation, printing its JSON answer

Options: --json (print the API's JSON), --base-url URL, --help (on any command)
The key is read from SERVICE_API_KEY (svcp_test_… for the sandbox).`,
  'valuations search':
    'Usage: service-valuation valuations search <text> [--json]\nUp to 8 properties matching an address, postal code or condo name.',
  'valuations estimate':
    'Usage: service-valuation valuations estimate (--id ID | --postal CODE | --query TEXT) [--mode sale|rent] [--json]\nThe sale (default) or rent estimate. --postal and --query value the best match.',
  'organizations current': 'Usage: service-valuation organizations current [--json]',
  'agents current': 'Usage: service-valuation agents current [--json]',
  'products list': 'Usage: service-valuation products list [--all] [--limit N] [--cursor C] [--json]',
  'developers projects': 'Usage: service-valuation developers projects [--all] [--limit N] [--cursor C] [--json]',
  ...WEBHOOK_USAGE,
};

/** The usage of every command of a group, for `service-valuation valuations --help`. */
function groupUsage(group: string): string | undefined {
  const commands = Object.keys(USAGE).filter((command) => command.startsWith(`${group} `));
  return commands.length ? commands.map((command) => USAGE[command]).join('\n\n') : undefined;
}

/** The line after a page of a list that has more: how to get the rest. */
function morePages(page: { hasMore: boolean; nextCursor: string | null }, command: string): string {
  return page.hasMore && page.nextCursor
    ? `\n\nMore on the next page: service-valuation ${command} --cursor ${page.nextCursor} (or --all for every page)`
    : '';
}

function table(rows: Record<string, unknown>[], columns: string[]): string {
  const cells = rows.map((row) => columns.map((c) => String(row[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

function describeEstimate(e: Estimate): string {
  const p = e.property;
  return [
    `${p.project ? `${p.project}, ` : ''}${p.address} · ${p.town} · Singapore ${p.postalCode}`,
    `Estimated ${e.mode === 'sale' ? 'sale price' : 'monthly rent'}: ${formatMoney(e.value)} (likely ${formatMoney(e.low)} to ${formatMoney(e.high)})`,
    `Confidence ${e.confidence} · as of ${formatDate(e.asOf)} · keep until ${formatDate(e.retainUntil)}`,
    ...(e.basis ? [e.basis.text] : []),
    '',
    table(
      e.comparables.map((c) => ({
        date: formatDate(c.date),
        address: c.address,
        area: formatArea(c.floorAreaSqm, 'sqft'),
        price: formatMoney(c.price),
        distance: c.distanceKnown === false ? 'unknown' : formatDistance(c.distanceM),
      })),
      ['date', 'address', 'area', 'price', 'distance'],
    ),
    '',
    `${e.attribution.text}: ${e.attribution.url}`,
    e.disclaimer,
  ].join('\n');
}

export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  if (argv[0] === 'call' || argv[0] === 'operations') return runOperationCommand(argv, env, out);
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      all: { type: 'boolean' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
      id: { type: 'string' },
      postal: { type: 'string' },
      query: { type: 'string' },
      mode: { type: 'string' },
      'base-url': { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
      description: { type: 'string' },
      type: { type: 'string' },
      endpoint: { type: 'string' },
      status: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      'forward-to': { type: 'string' },
    },
  });
  const command = positionals.slice(0, 2).join(' ');
  if (values.help || positionals.length === 0) {
    out(USAGE[command] ?? groupUsage(positionals[0]) ?? USAGE['']);
    return positionals.length === 0 && !values.help ? 2 : 0;
  }
  if (!(command in USAGE)) {
    const group = groupUsage(positionals[0]);
    throw new UsageError(
      group && positionals.length === 1
        ? `"${command}" needs a command; run service-valuation ${command} --help`
        : `unknown command "${command}"; run service-valuation --help`,
    );
  }
  const apiKey = env.SERVICE_API_KEY;
  if (!apiKey) throw new UsageError('set SERVICE_API_KEY to your platform key (svcp_test_… for the sandbox)');
  const client = createPlatformClient({ apiKey, baseUrl: values['base-url'] ?? env.SERVICE_BASE_URL });
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100))
    throw new UsageError('--limit must be a whole number from 1 to 100');
  const cursor = values.cursor;
  const print = (data: unknown, text: () => string) => out(values.json ? JSON.stringify(data, null, 2) : text());
  /** A collection: one page (saying how to get the next) or, with --all, every page. */
  const listing = async <T extends object>(
    collection: {
      list(query: {
        limit?: number;
        cursor?: string;
      }): Promise<{ data: T[]; hasMore: boolean; nextCursor: string | null }>;
      all(): AsyncIterable<T>;
    },
    columns: string[],
  ) => {
    const rows = (items: T[]) => table(items as Record<string, unknown>[], columns);
    if (values.all) {
      const items: T[] = [];
      for await (const item of collection.all()) items.push(item);
      print(items, () => rows(items));
    } else {
      const page = await collection.list({ limit, cursor });
      print(page, () => rows(page.data) + morePages(page, command));
    }
    return 0;
  };

  switch (command) {
    case 'valuations search': {
      const text = positionals.slice(2).join(' ');
      if (!text) throw new UsageError('give the text to search for: service-valuation valuations search "parc esta"');
      const result = await client.valuations.search(text);
      print(result, () =>
        result.data.length ? table(result.data, ['id', 'text', 'secondaryText']) : `No matches for ${text}.`,
      );
      return 0;
    }
    case 'valuations estimate': {
      const mode = values.mode ?? 'sale';
      if (mode !== 'sale' && mode !== 'rent') throw new UsageError('--mode is sale or rent');
      const lookup = values.postal ?? values.query;
      if (!values.id && !lookup) throw new UsageError('give --id, --postal or --query');
      let id = values.id;
      if (!id) {
        const found = await client.valuations.search(lookup!);
        if (!found.data.length) throw new NoAnswer(`no property matches ${lookup}`);
        id = found.data[0].id;
      }
      const estimate = await client.valuations.estimate(id, mode);
      print(estimate, () => describeEstimate(estimate));
      return 0;
    }
    case 'organizations current': {
      const org = await client.organizations.current();
      print(org, () =>
        [
          `${org.name} (${org.id}), ${org.kind}`,
          `environment: ${org.environment}`,
          `scopes: ${org.scopes.join(', ')}`,
          `products: ${org.products.join(', ')}`,
          `onboarding: ${org.onboarding.status}`,
        ].join('\n'),
      );
      return 0;
    }
    case 'agents current': {
      const agent = await client.agents.current();
      print(
        agent,
        () =>
          `${agent.name} (${agent.role}) at ${agent.agency.name}, licence ${agent.agency.licence}\n\n${table(agent.teams, ['id', 'name', 'members'])}`,
      );
      return 0;
    }
    case 'products list':
      return listing(client.products, ['id', 'kind', 'name', 'status']);
    case 'developers projects':
      return listing(client.developers.projects, ['id', 'name', 'district', 'tenure', 'status']);
    case 'webhooks endpoints':
      return listing(client.webhooks.endpoints, ['id', 'url', 'status']);
  }
  const answered = await runWebhookCommand({
    command,
    target: positionals[2],
    values,
    client,
    out,
    print,
    table,
    usage: (message) => new UsageError(message),
    signal,
  });
  return answered ?? 2;
}

/** One line for a person to act on. */
export function explain(error: unknown): { line: string; status: number } {
  if (error instanceof PlatformError)
    return { line: `error: ${error.code}: ${error.problem.detail} (request ${error.requestId})`, status: 1 };
  if (error instanceof NoAnswer) return { line: `error: ${error.message}`, status: 1 };
  if (error instanceof PlatformConfigError || error instanceof UsageError)
    return { line: `error: ${error.message}`, status: 2 };
  if (error instanceof TypeError && /option|argument/i.test(error.message))
    return { line: `error: ${error.message}; run service-valuation --help`, status: 2 };
  return {
    line: `error: the Platform API could not be reached (${error instanceof Error ? error.message : String(error)})`,
    status: 1,
  };
}
