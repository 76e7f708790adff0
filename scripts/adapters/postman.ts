/**
 * The Platform API as a Postman collection (v2.1) and its two environments, from the bundled
 * contract: a folder per tag, each operation a request with the contract's example values, a test
 * script Newman runs (a read answers 2xx; a write sends an Idempotency-Key and answers a status the
 * contract lists), and a folder of the webhook events, each signed at send time as Standard Webhooks
 * define, to try a receiver with.
 */
import { EXAMPLE_KEYS, type ExampleKind, exampleKind } from '../../service/surfaces/docs/example-keys.js';
import { AS_A, folderOf, kindOfTag } from './postman-runs.js';
import { type Contract, exampleOf, type Operation, operationsOf, parametersOf } from './contract-walk.js';

const COLLECTION_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
/** An example secret in the shape the API gives (`whsec_` and the base64 of 32 bytes); never a real one. */
export const EXAMPLE_WEBHOOK_SECRET = `whsec_${Buffer.from('postman-example-secret-32-bytes!').toString('base64')}`;

const script = (listen: 'test' | 'prerequest', lines: string[]) => ({
  listen,
  script: { type: 'text/javascript', exec: lines },
});

function testsFor(method: string, op: Operation): string[] {
  const checks = [
    "pm.test('answers with a Request-Id', function () {",
    "  pm.expect(pm.response.headers.get('Request-Id')).to.match(/^req_/);",
    '});',
  ];
  if (method === 'get') {
    return [
      "pm.test('answers 2xx', function () {",
      '  pm.expect(pm.response.code).to.be.within(200, 299);',
      '});',
      ...checks,
    ];
  }
  return [
    "pm.test('sends an Idempotency-Key', function () {",
    "  pm.expect(pm.request.headers.get('Idempotency-Key')).to.match(/^[0-9a-f-]{36}$/);",
    '});',
    "pm.test('answers a status the contract lists', function () {",
    `  pm.expect(${JSON.stringify(Object.keys(op.responses))}).to.include(String(pm.response.code));`,
    '});',
    ...checks,
  ];
}

function requestOf(contract: Contract, path: string, method: string, op: Operation) {
  const params = parametersOf(contract, op);
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/^\{(.+)\}$/, ':$1'));
  const query = params
    .filter((p) => p.in === 'query')
    .map((p) => {
      const example = exampleOf(contract, p.schema);
      return {
        key: p.name,
        value: example === undefined ? '' : String(example),
        description: p.description ?? '',
        // An optional parameter is shown, off, for the reader to turn on.
        ...(p.required ? {} : { disabled: true }),
      };
    });
  const enabled = query.filter((q) => !q.disabled);
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const body = bodySchema && exampleOf(contract, bodySchema);
  const header = [
    { key: 'Accept', value: 'application/json' },
    ...(method === 'get'
      ? []
      : [
          {
            key: 'Idempotency-Key',
            value: '{{$guid}}',
            description: 'A new key each time you send: keep the same value to retry one request safely.',
          },
        ]),
    ...(bodySchema ? [{ key: 'Content-Type', value: 'application/json' }] : []),
  ];
  const description = [
    op.description ?? op.summary,
    op['x-required-scope'] && `Needs the scope \`${op['x-required-scope']}\`.`,
    op.deprecated && 'Deprecated: see the changelog for its replacement and sunset date.',
    `Operation id \`${op.operationId}\`.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    method: method.toUpperCase(),
    header,
    ...(bodySchema
      ? { body: { mode: 'raw', raw: JSON.stringify(body ?? {}, null, 2), options: { raw: { language: 'json' } } } }
      : {}),
    url: {
      raw: `{{baseUrl}}/${segments.join('/')}${enabled.length ? `?${enabled.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`,
      host: ['{{baseUrl}}'],
      path: segments,
      ...(query.length ? { query } : {}),
      ...(segments.some((s) => s.startsWith(':'))
        ? {
            variable: params
              .filter((p) => p.in === 'path')
              .map((p) => ({ key: p.name, value: `{{${p.name}}}`, description: p.description ?? '' })),
          }
        : {}),
    },
    description,
  };
}

/** A path parameter's value is a collection variable, the contract's example by default, so a run can point every request at one object. */
function pathVariables(contract: Contract) {
  const values = new Map<string, string>();
  for (const { op } of operationsOf(contract)) {
    for (const p of parametersOf(contract, op)) {
      const example = exampleOf(contract, p.schema);
      if (p.in === 'path' && !values.has(p.name)) values.set(p.name, example === undefined ? '' : String(example));
    }
  }
  return [...values].map(([key, value]) => ({ key, value, type: 'string' }));
}

/** Signs each webhook example as a delivery is signed: `msg_` id, seconds, HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
const SIGN_AT_SEND = [
  "const id = 'msg_' + pm.variables.replaceIn('{{$guid}}').replace(/-/g, '');",
  'const timestamp = String(Math.floor(Date.now() / 1000));',
  "const secret = pm.variables.get('webhookSecret') || '';",
  "const key = CryptoJS.enc.Base64.parse(secret.replace(/^whsec_/, ''));",
  "const signature = CryptoJS.HmacSHA256(id + '.' + timestamp + '.' + pm.request.body.raw, key).toString(CryptoJS.enc.Base64);",
  "pm.request.headers.upsert({ key: 'webhook-id', value: id });",
  "pm.request.headers.upsert({ key: 'webhook-timestamp', value: timestamp });",
  "pm.request.headers.upsert({ key: 'webhook-signature', value: 'v1,' + signature });",
];

function webhookFolder(contract: Contract) {
  return {
    name: 'Webhook events',
    description:
      "Each event the API sends, with the contract's example, signed when sent as Standard Webhooks define (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`) under the environment's `webhookSecret`. Point `webhookUrl` at your receiver and send one to check that it verifies and answers 2xx. The API sends these; they are not API requests.",
    auth: { type: 'noauth' },
    event: [script('prerequest', SIGN_AT_SEND)],
    item: Object.entries(contract.webhooks).map(([type, { post }]) => ({
      name: type,
      request: {
        method: 'POST',
        header: [{ key: 'Content-Type', value: 'application/json' }],
        body: {
          mode: 'raw',
          raw: JSON.stringify(exampleOf(contract, post.requestBody.content['application/json'].schema)),
          options: { raw: { language: 'json' } },
        },
        url: { raw: '{{webhookUrl}}', host: ['{{webhookUrl}}'] },
        description: `${post.summary} ${post.description ?? ''}`.trim(),
      },
      event: [
        script('test', [
          "pm.test('the receiver answers 2xx', function () {",
          '  pm.expect(pm.response.code).to.be.within(200, 299);',
          '});',
        ]),
      ],
    })),
  };
}

/** The collection's folders of operations: one per tag, in the contract's order, with each kind's operations apart (postman-runs.ts). */
export function operationFolders(contract: Contract) {
  const tags = contract.tags?.map((t) => t.name) ?? [];
  const operations = operationsOf(contract);
  return tags.flatMap((tag) => {
    const ofTag = operations.filter(({ op }) => op.tags[0] === tag);
    if (!ofTag.length) return [];
    const tagKind = kindOfTag(ofTag.map(({ path }) => path));
    const names = [...new Set(ofTag.map(({ path }) => folderOf(tag, path, tagKind)))];
    return names.map((name) => {
      const inFolder = ofTag.filter(({ path }) => folderOf(tag, path, tagKind) === name);
      // Deletions last, so a first run reads and changes what it made before removing it.
      const ordered = [
        ...inFolder.filter((o) => o.method !== 'delete'),
        ...inFolder.filter((o) => o.method === 'delete'),
      ];
      return {
        name,
        kind: exampleKind(inFolder[0]!.path),
        description: contract.tags?.find((t) => t.name === tag)?.description ?? '',
        item: ordered.map(({ path, method, op }) => ({
          name: op.summary,
          request: requestOf(contract, path, method, op),
          event: [script('test', [...testsFor(method, op), ...capturedId(contract, path, method)])],
        })),
      };
    });
  });
}

/**
 * Where an operation makes or lists what a later request names (`POST /webhooks/endpoints` and
 * `GET /webhooks/endpoints/{endpointId}`), the id answered becomes that collection variable, so a
 * first run reads what it made instead of an example id the sandbox does not hold.
 */
function capturedId(contract: Contract, path: string, method: string): string[] {
  if (method !== 'post' && method !== 'get') return [];
  const item = Object.keys(contract.paths).find(
    (p) => p.startsWith(`${path}/{`) && /^\{\w+\}$/.test(p.slice(path.length + 1)),
  );
  if (!item) return [];
  const variable = item.slice(path.length + 2, -1);
  const id = method === 'post' ? 'answer.id' : 'answer.data && answer.data[0] && answer.data[0].id';
  return [
    'const answer = pm.response.code < 300 ? pm.response.json() : {};',
    `if (${id}) pm.collectionVariables.set('${variable}', ${id});`,
  ];
}

export function postmanCollection(contract: Contract) {
  const folders = operationFolders(contract).map(({ kind: _kind, ...folder }) => folder);
  return {
    info: {
      name: contract.info.title,
      description:
        `${contract.info.description ?? ''}\n\nGenerated from the contract (version ${contract.info.version}); do not edit. Choose the sandbox or live environment and set \`apiKey\`.`.trim(),
      schema: COLLECTION_SCHEMA,
    },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
    item: [...folders, webhookFolder(contract)],
    variable: pathVariables(contract),
  };
}

/**
 * One environment per server of the contract (its base URL, the key blank, a receiver to try the
 * webhook folder on), and one per kind of sandbox organization with its sandbox key filled in.
 */
export function postmanEnvironments(contract: Contract) {
  const [sandbox, live] = contract.servers;
  const environment = (name: string, baseUrl: string, apiKey = '') => ({
    name,
    values: [
      { key: 'baseUrl', value: baseUrl, type: 'default', enabled: true },
      { key: 'apiKey', value: apiKey, type: 'secret', enabled: true },
      { key: 'webhookUrl', value: 'http://localhost:3000/webhooks', type: 'default', enabled: true },
      { key: 'webhookSecret', value: EXAMPLE_WEBHOOK_SECRET, type: 'secret', enabled: true },
    ],
    _postman_variable_scope: 'environment',
  });
  return {
    sandbox: environment(`${contract.info.title}: sandbox`, sandbox.url),
    live: environment(`${contract.info.title}: live`, live.url),
    byKind: Object.fromEntries(
      (Object.keys(EXAMPLE_KEYS) as ExampleKind[]).map((kind) => [
        kind,
        environment(`${contract.info.title}: sandbox, as ${AS_A[kind]}`, sandbox.url, EXAMPLE_KEYS[kind]),
      ]),
    ) as Record<ExampleKind, ReturnType<typeof environment>>,
  };
}
