/**
 * The REST reference's parts, rendered from contract/platform.openapi.json (nothing here restates it):
 * an operation, a schema, the webhook events. reference-pages.ts puts them on pages.
 */
import { tryItForm } from './try-it.js';
import { CHANGELOG_PAGE, REFERENCE_ROOT, SCHEMAS_PAGE } from './reference-paths.js';
import { type Html, html, joined, withCode as prose } from '../../web/html.js';
import widgetContract from '../../../contract/widget-host.openapi.json' with { type: 'json' };
import { contractDocument as doc } from '../../web/platform-contract.js';
import { EXAMPLE_KEYS, exampleKind } from './example-keys.js';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** A status's state machine: from each status, the ones it may move to. */
  'x-transitions'?: Record<string, string[]>;
  default?: unknown;
  examples?: unknown[];
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}
export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  'x-required-scope': string;
  deprecated?: boolean;
  'x-deprecated-since'?: string;
  'x-sunset'?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: Schema }> }>;
}

export const components = doc.components as unknown as {
  parameters: Record<string, Parameter>;
  responses: Record<string, { description: string }>;
  schemas: Record<string, Schema>;
};
const refName = (ref: string) => ref.split('/').pop()!;
const parameterOf = (p: Parameter) => (p.$ref ? components.parameters[refName(p.$ref)] : p);

function typeOf(schema: Schema): Html {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return schema.$ref.startsWith('#') ? html`<a href="${SCHEMAS_PAGE}#schema-${name}">${name}</a>` : html`${name}`;
  }
  if (schema.enum)
    return html`${joined(
      schema.enum.map((v) => html`<code>${String(v)}</code>`),
      ' | ',
    )}`;
  if (schema.const !== undefined) return html`<code>${String(schema.const)}</code>`;
  if (schema.type === 'array' && schema.items) return html`array of ${typeOf(schema.items)}`;
  const limits = [
    schema.minimum !== undefined && `≥ ${schema.minimum}`,
    schema.maximum !== undefined && `≤ ${schema.maximum}`,
    schema.maxLength !== undefined && `${schema.minLength ?? 0}–${schema.maxLength} characters`,
  ].filter(Boolean);
  return html`${[schema.type].flat().join(' or ')}${limits.length ? ` (${limits.join(', ')})` : ''}`;
}

/** The sandbox key docs/integrators.md lists for a path: the developer's, a partner site's or the agency's. */
export const exampleKey = (path: string) => EXAMPLE_KEYS[exampleKind(path)];

/** A parameter's schema, following a reference into either contract. */
function schemaOf(schema: Schema): Schema & { examples?: unknown[] } {
  if (!schema.$ref) return schema;
  const [file, pointer] = schema.$ref.split('#');
  const name = refName(pointer);
  const schemas = (file ? widgetContract.components.schemas : components.schemas) as Record<string, Schema>;
  return schemaOf(schemas[name]);
}

/** A value to show for a parameter: its example, else its first allowed value; none for an optional one without either. */
function exampleValue(p: Parameter): unknown {
  const schema = schemaOf(p.schema);
  return schema.examples?.[0] ?? schema.enum?.[0];
}

/** A curl line and the SDK's typed call for an operation, with the sandbox's key and example values. */
function examples(baseUrl: string, path: string, method: string, params: Parameter[], op: Operation): Html {
  const { operationId } = op;
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const body = bodySchema && JSON.stringify(schemaOf(bodySchema).examples?.[0] ?? {});
  const fields = params
    .filter((p) => p.in !== 'header')
    .map((p) => ({
      name: p.name,
      in: p.in as 'path' | 'query',
      example: exampleValue(p),
      required: Boolean(p.required),
    }));
  const tryItFields = fields.map(({ example, ...f }) => ({
    ...f,
    value: example === undefined ? '' : String(example),
  }));
  // The SDK's call keeps a number a number; the URL writes it as text.
  const values = fields
    .filter((f) => f.example !== undefined)
    .map((f) => ({ p: f, value: String(f.example), typed: f.example }));
  const filled = values
    .filter(({ p }) => p.in === 'path')
    .reduce((url, { p, value }) => url.replace(`{${p.name}}`, encodeURIComponent(value)), path);
  const query = new URLSearchParams(values.filter(({ p }) => p.in === 'query').map(({ p, value }) => [p.name, value]));
  const url = `${baseUrl}${filled}${query.size ? `?${query}` : ''}`;
  const write = method !== 'get';
  const curl = write
    ? `curl -X ${method.toUpperCase()} -H "Authorization: Bearer ${exampleKey(path)}" -H "Idempotency-Key: $(openssl rand -hex 16)"${body ? ` -H "Content-Type: application/json" -d '${body}'` : ''} "${url}"`
    : `curl -H "Authorization: Bearer ${exampleKey(path)}" "${url}"`;
  const sdkParams = ['path', 'query']
    .map((where) => {
      const given = values.filter(({ p }) => p.in === where);
      return given.length
        ? `${where}: { ${given.map(({ p, typed }) => `${p.name}: ${JSON.stringify(typed)}`).join(', ')} }`
        : '';
    })
    .filter(Boolean);
  const input = [...sdkParams, body ? `body: ${body}` : ''].filter(Boolean);
  // A write gets an Idempotency-Key of its own from the SDK and the CLI: a retry of the same call is safe.
  const sdk = `const answer = await client.call('${operationId}'${input.length ? `, { ${input.join(', ')} }` : ''});`;
  const cli = [
    `service-valuation call ${operationId}`,
    ...values.map(({ p, value }) => `${p.name}=${/^[\w.@:-]+$/.test(value) ? value : `'${value}'`}`),
    ...(body ? [`--body '${body}'`] : []),
  ].join(' ');
  return html`<details><summary>Try it: here, with curl, the SDK or the CLI</summary>${tryItForm(operationId, method, path, exampleKey(path), tryItFields, body)}
<pre tabindex="0"><code>${curl}</code></pre><pre tabindex="0"><code>${sdk}</code></pre><pre tabindex="0"><code>${cli}</code></pre></details>`;
}

export function renderOperation(path: string, method: string, op: Operation, baseUrl: string): Html {
  const params = (op.parameters ?? []).map(parameterOf);
  const okStatus = Object.keys(op.responses).find((status) => status.startsWith('2')) ?? '200';
  const ok = op.responses[okStatus];
  const okSchema = ok?.content?.['application/json']?.schema;
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const failures = Object.entries(op.responses).filter(([status]) => status !== okStatus);
  const table =
    params.length > 0 &&
    // On a phone each parameter is a card (no column narrower than its words).
    html`<table class="params"><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${params.map(
      (p) =>
        html`<tr><td><code>${p.name}</code>${p.required && ' (required)'}</td><td data-label="In">${p.in}</td><td data-label="Type">${typeOf(p.schema)}</td><td>${prose(p.description ?? '')}</td></tr>`,
    )}</tbody></table>`;
  return html`<section class="operation" id="${op.operationId}" aria-labelledby="${op.operationId}-title">
<h3 id="${op.operationId}-title"><span class="method">${method.toUpperCase()}</span> <code>/v1${path}</code>${op.deprecated && html` <span class="deprecated">Deprecated</span>`}</h3>
${op.deprecated && html`<p class="notice">Deprecated since ${op['x-deprecated-since']}; answers until ${op['x-sunset']}, with <code>Deprecation</code> and <code>Sunset</code> headers on every answer. See the <a href="${CHANGELOG_PAGE}">changelog</a> for what replaces it.</p>`}
<p>${prose(op.summary)}.${op.description && html` ${prose(op.description)}`} Needs the scope <code>${op['x-required-scope']}</code>. Operation id <code>${op.operationId}</code>.</p>
${table}
${bodySchema && html`<p>Body: ${typeOf(bodySchema)} (JSON).</p>`}
${examples(baseUrl, path, method, params, op)}
<p><strong>${okStatus}</strong>: ${prose(ok?.description)} ${okSchema && typeOf(okSchema)}</p>
<p>Failures: ${joined(
    failures.map(([status, r]) => html`<a href="${REFERENCE_ROOT}#response-${refName(r.$ref ?? '')}">${status}</a>`),
    ', ',
  )}.</p>
</section>`;
}

export function renderSchema(name: string, schema: Schema): Html {
  const rows = Object.entries(schema.properties ?? {}).map(
    ([field, s]) =>
      html`<tr><td><code>${field}</code>${!schema.required?.includes(field) && ' (optional)'}</td><td data-label="Type">${typeOf(s)}</td><td>${prose(s.description ?? '')}</td></tr>`,
  );
  const fields = rows.length
    ? html`<table class="params"><caption>${name} fields</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p>${typeOf(schema)}</p>`;
  const machine = schema['x-transitions'];
  const transitions =
    machine &&
    html`<table><caption>${name} moves (x-transitions)</caption><thead><tr><th scope="col">From</th><th scope="col">May move to</th></tr></thead><tbody>${Object.entries(
      machine,
    ).map(
      ([from, to]) =>
        html`<tr><td><code>${from}</code></td><td>${
          to.length
            ? joined(
                to.map((t) => html`<code>${t}</code>`),
                ', ',
              )
            : 'nothing: final'
        }</td></tr>`,
    )}</tbody></table>`;
  return html`<section id="schema-${name}" aria-labelledby="schema-${name}-title"><h3 id="schema-${name}-title">${name}</h3>
${schema.description && html`<p>${prose(schema.description)}</p>`}${fields}${transitions}</section>`;
}

/** The contract's `webhooks` object: every event type, its payload and an example, and how deliveries are signed. */
export const webhookEvents = Object.entries(
  (
    doc as unknown as {
      webhooks: Record<
        string,
        { post: { summary: string; requestBody: { content: Record<string, { schema: Schema }> } } }
      >;
    }
  ).webhooks,
);

export function renderWebhookEvents(): Html {
  return html`<h2 id="webhooks">Webhook events</h2>
<p>Each change below is posted to every enabled endpoint subscribed to its type (or to every type) as <code>{type, timestamp, data}</code>, with the Standard Webhooks headers <code>webhook-id</code> (the same on every retry and replay: deduplicate on it), <code>webhook-timestamp</code> and <code>webhook-signature</code> (<code>v1,</code> and the base64 HMAC-SHA256 of <code>id.timestamp.body</code> under the endpoint's secret; two signatures for 24 hours after a rotation). Verify the raw body, before any JSON parsing, with the <code>standardwebhooks</code> package or the SDK's <code>verifyWebhook</code> (await its result). Any 2xx within 15 s is success; anything else, a redirect included, is tried again at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (later if <code>Retry-After</code> asks, up to the following step). An endpoint that answers 410, or fails for 5 days, is disabled.</p>
${webhookEvents.map(([name, { post }]) => {
  const schema = post.requestBody.content['application/json'].schema;
  const example = schemaOf(schema).examples?.[0];
  return html`<section id="event-${name}" aria-labelledby="event-${name}-title"><h3 id="event-${name}-title"><code>${name}</code></h3><p>${prose(post.summary)} Payload: ${typeOf(schema)}.</p>
<pre tabindex="0"><code>${JSON.stringify(example, null, 2)}</code></pre></section>`;
})}`;
}
