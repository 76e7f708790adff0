/**
 * The CLI's commands for every operation, read from the contract: `service-valuation operations` lists them,
 * `service-valuation call <operationId> name=value… [--body JSON]` runs one and prints its JSON answer.
 */
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { createPlatformClient, type OperationId, OPERATIONS } from './client.js';
import { UsageError } from './cli-errors.js';
import { operationSpec } from './operations.js';

export const CALL_USAGE: Record<string, string> = {
  operations:
    'Usage: service-valuation operations [--json]\nEvery operation of the Platform API: its id, method, path and scope.',
  call: `Usage: service-valuation call <operationId> [name=value ...] [--body JSON | --body @file.json | --body -] [--idempotency-key K]
Runs any operation of the Platform API and prints its JSON answer. Each name=value is one of the
operation's path or query parameters (service-valuation call <operationId> --help lists them).
  service-valuation call getListing listingId=lst_0001
  service-valuation call listLeads status=unrouted limit=50
  service-valuation call releaseInventoryBatch --body '{"projectId":"proj_0002","name":"Phase 2","unitType":"3-bedroom","units":24}'`,
};

function readBody(text: string | undefined, stdin: () => string): unknown {
  if (text === undefined) return undefined;
  const source = text === '-' ? stdin() : text.startsWith('@') ? readFileSync(text.slice(1), 'utf8') : text;
  try {
    return JSON.parse(source);
  } catch {
    throw new UsageError('--body must be JSON (or @file.json, or - for standard input)');
  }
}

export async function runOperationCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  stdin: () => string = () => readFileSync(0, 'utf8'),
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      body: { type: 'string' },
      'idempotency-key': { type: 'string' },
      'base-url': { type: 'string' },
    },
  });
  const [command, operationId, ...pairs] = positionals;
  if (command === 'operations') {
    if (values.help) return (out(CALL_USAGE.operations!), 0);
    const rows = OPERATIONS.map(
      (o) => `${o.operationId.padEnd(28)} ${o.method.toUpperCase().padEnd(6)} ${o.path}  (${o.scope})`,
    );
    out(values.json ? JSON.stringify(OPERATIONS, null, 2) : rows.join('\n'));
    return 0;
  }
  const spec = operationId ? operationSpec(operationId) : undefined;
  if (values.help || !operationId) {
    out(spec ? describe(spec) : CALL_USAGE.call!);
    return operationId || values.help ? 0 : 2;
  }
  if (!spec) throw new UsageError(`no operation "${operationId}"; run service-valuation operations`);
  const path: Record<string, string> = {};
  const query: Record<string, string | number> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const parameter = spec.parameters.find((p) => p.name === name);
    if (at < 1 || !parameter)
      throw new UsageError(
        `"${pair}" is not a parameter of ${operationId}; it takes ${spec.parameters.map((p) => p.name).join(', ') || 'none'}`,
      );
    const value = pair.slice(at + 1);
    if (parameter.in === 'path') path[name] = value;
    else query[name] = parameter.integer && /^\d+$/.test(value) ? Number(value) : value;
  }
  const body = readBody(values.body, stdin);
  if (spec.takesBody && body === undefined) throw new UsageError(`${operationId} takes a JSON body: give --body`);
  if (!spec.takesBody && body !== undefined) throw new UsageError(`${operationId} takes no body`);
  const apiKey = env.SERVICE_API_KEY;
  if (!apiKey) throw new UsageError('set SERVICE_API_KEY to your platform key (svcp_test_… for the sandbox)');
  const client = createPlatformClient({ apiKey, baseUrl: values['base-url'] ?? env.SERVICE_BASE_URL });
  const answer = await client.call(spec.operationId as OperationId, {
    path: path as never,
    query: query as never,
    body: body as never,
    idempotencyKey: values['idempotency-key'],
  });
  out(JSON.stringify(answer, null, 2));
  return 0;
}

function describe(spec: NonNullable<ReturnType<typeof operationSpec>>): string {
  const parameters = spec.parameters.map((p) => `  ${p.name}=…  (${p.in}${p.required ? ', required' : ''})`);
  return [
    `${spec.operationId}: ${spec.summary}`,
    `${spec.method.toUpperCase()} ${spec.path}  (scope ${spec.scope})`,
    ...(parameters.length ? ['Parameters:', ...parameters] : []),
    ...(spec.takesBody
      ? [
          'Takes a JSON body: --body JSON, --body @file.json or --body -. Its fields:',
          ...spec.bodyFields.map((f) => `  ${f.name}: ${f.type}${f.required ? '  (required)' : ''}`),
        ]
      : []),
  ].join('\n');
}
