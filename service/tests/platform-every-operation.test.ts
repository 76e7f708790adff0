/**
 * Every operation of the Platform API's contract, read from the contract itself, over real HTTP on
 * PGlite: a key without the operation's scope is refused (403 insufficient_scope naming it), and an
 * id that names nothing is 404 for every operation that takes one in its path; a NUL character in any
 * string of a body or a query is 400 naming the field. A new operation is
 * covered by this file the day it enters the contract.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { newPlatformKey } from '../core/keys/generate.js';
import { hashSecret } from '../db/secrets.js';
import { PLATFORM_SCOPES } from '../core/grants/scopes.js';
import { OPERATIONS, type OperationSpec } from '../../sdk/operations.js';
import contract from '../../contract/platform.openapi.json' with { type: 'json' };
import { platformSandbox } from './platform-sandbox.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const DEVELOPER = 'svcp_test_developer0000000000002';
const PARTNER_FEED = 'svcp_test_partnerfeed00000000006';
const NO_VALUATIONS = 'svcp_test_noscope000000000000004';
const { call, db } = platformSandbox(AGENCY);

/** The sandbox key that holds every scope an operation on this path may need. */
const keyFor = (path: string) =>
  path.startsWith('/developers/') ? DEVELOPER : path.startsWith('/partner-sites/current') ? PARTNER_FEED : AGENCY;

type RawOperation = {
  parameters?: { name?: string; in?: string; schema?: { examples?: string[] }; $ref?: string }[];
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
};
const raw = (spec: OperationSpec) =>
  (contract.paths as Record<string, Record<string, RawOperation>>)[spec.path]![spec.method]!;
const schemas = contract.components.schemas as Record<string, { examples?: unknown[] }>;
/** The operation's path with its example values, or with `unknown` ids in place of them. */
function pathOf(spec: OperationSpec, unknown = false) {
  return (raw(spec).parameters ?? []).reduce((path, p) => {
    if (p.in !== 'path') return path;
    const example = p.schema!.examples?.[0] ?? 'hdb-560102-4-room'; // the one id whose schema lives in the widget contract
    return path.replace(`{${p.name}}`, unknown ? example.replace(/[a-z0-9]+$/, 'zz99zz99') : example);
  }, spec.path);
}
/** The query an operation must have to reach its own checks. */
const QUERY_NEEDED: Record<string, string> = {
  getValuation: '?mode=sale',
  listDatasetRecords: '?propertyId=hdb-560102-4-room',
  listShowflatSlots: '?date=2026-12-05',
};
/** The operation's path naming nothing, with the query it must have. */
const unknownPathOf = (spec: OperationSpec) => pathOf(spec, true) + (QUERY_NEEDED[spec.operationId] ?? '');
const exampleBody = (spec: OperationSpec) => {
  const ref = raw(spec).requestBody?.content['application/json'].schema.$ref;
  return ref ? (schemas[ref.split('/').pop()!]!.examples?.[0] ?? {}) : undefined;
};

/** A key of each organization that holds only valuations.read, made as the console would. */
const onlyValuations: Record<string, string> = {};
/** Organizations that signed up (no fixture), one of each kind, each with a key of every scope. */
const REAL = { agency: 'org_realagency', developer: 'org_realdeveloper', partner_site: 'org_realsite' } as const;
const realKeys: Record<string, string> = {};
/** The real organization's key for a path, as `keyFor` picks the fixtures'. */
const realKeyFor = (path: string) =>
  realKeys[{ [AGENCY]: REAL.agency, [DEVELOPER]: REAL.developer, [PARTNER_FEED]: REAL.partner_site }[keyFor(path)]!]!;
describe('every operation of the contract', () => {
  before(async () => {
    for (const [kind, organization] of Object.entries(REAL)) {
      await db().query(`insert into organizations (id, name, kind) values ($1, $2, $3)`, [
        organization,
        `Real ${kind}`,
        kind,
      ]);
      const key = newPlatformKey();
      await db().query(
        `insert into platform_keys (id, organization_id, sha256, prefix, last4, label, scopes)
         values ($1, $2, $3, $4, $5, 'every scope', $6)`,
        [`pk_real_${kind}`, organization, hashSecret(key), key.slice(0, 10), key.slice(-4), PLATFORM_SCOPES],
      );
      realKeys[organization] = key;
    }
    for (const organization of ['org_lionrealty', 'org_marinaheights', 'org_lionhomes']) {
      const key = newPlatformKey();
      await db().query(
        `insert into platform_keys (id, organization_id, sha256, prefix, last4, label, scopes)
         values ($1, $2, $3, $4, $5, 'valuations only', $6)`,
        [
          `pk_every_${organization}`,
          organization,
          hashSecret(key),
          key.slice(0, 10),
          key.slice(-4),
          ['valuations.read'],
        ],
      );
      onlyValuations[organization] = key;
    }
  });

  it('refuses a key without the operation’s scope, naming the scope', async () => {
    assert.ok(OPERATIONS.length >= 60, `${OPERATIONS.length} operations`);
    for (const spec of OPERATIONS) {
      const organization = {
        [AGENCY]: 'org_lionrealty',
        [DEVELOPER]: 'org_marinaheights',
        [PARTNER_FEED]: 'org_lionhomes',
      }[keyFor(spec.path)]!;
      const key = spec.scope === 'valuations.read' ? NO_VALUATIONS : onlyValuations[organization]!;
      if (spec.scope === 'organizations.read') continue; // every key holds it: a key's own organization is always readable
      const query = spec.parameters.filter((p) => p.in === 'query' && p.required);
      const search = query.length ? `?${query.map((p) => `${p.name}=x`).join('&')}` : '';
      const answer = await call(spec.method.toUpperCase(), `${pathOf(spec)}${search}`, exampleBody(spec), key);
      assert.equal(answer.status, 403, `${spec.operationId}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.code, 'insufficient_scope', spec.operationId);
      assert.ok(answer.body.detail.includes(spec.scope), `${spec.operationId}: ${answer.body.detail}`);
    }
  });

  it('answers 404 for an id that names nothing, on every operation with an id in its path', async () => {
    const withIds = OPERATIONS.filter((o) => o.parameters.some((p) => p.in === 'path'));
    assert.ok(withIds.length >= 40, `${withIds.length} operations with ids`);
    for (const spec of withIds) {
      const answer = await call(spec.method.toUpperCase(), unknownPathOf(spec), exampleBody(spec), keyFor(spec.path));
      assert.equal(answer.status, 404, `${spec.operationId} ${pathOf(spec, true)}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.code, 'not_found', spec.operationId);
      // The same for an organization that signed up: its area answers it as it answers the fixtures.
      const real = await call(spec.method.toUpperCase(), unknownPathOf(spec), exampleBody(spec), realKeyFor(spec.path));
      assert.equal(real.status, 404, `a real organization: ${spec.operationId}: ${JSON.stringify(real.body)}`);
    }
  });

  it('refuses a body the contract forbids, naming the field, on every operation that takes one', async () => {
    const withBodies = OPERATIONS.filter((o) => o.takesBody);
    assert.ok(withBodies.length >= 15, `${withBodies.length} operations with a body`);
    for (const spec of withBodies) {
      const body = { ...(exampleBody(spec) as object), smuggled: '<script>alert(1)</script>' };
      const answer = await call(spec.method.toUpperCase(), pathOf(spec), body, keyFor(spec.path));
      assert.equal(answer.status, 400, `${spec.operationId}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.code, 'invalid_request', spec.operationId);
      assert.ok(
        JSON.stringify(answer.body.errors).includes('smuggled'),
        `${spec.operationId}: ${JSON.stringify(answer.body)}`,
      );
      const real = await call(spec.method.toUpperCase(), pathOf(spec), body, realKeyFor(spec.path));
      assert.equal(real.status, 400, `a real organization: ${spec.operationId}`);
      const notJson = await call(spec.method.toUpperCase(), pathOf(spec), '{"unfinished":', keyFor(spec.path));
      assert.equal(notJson.status, 400, `${spec.operationId} with broken JSON`);
    }
  });

  it('refuses a NUL character in every string field of every body, naming the field', async () => {
    const paths: string[][] = [];
    const stringsIn = (value: unknown, path: string[]): string[][] =>
      typeof value === 'string'
        ? [path]
        : Array.isArray(value)
          ? value.flatMap((item, index) => stringsIn(item, [...path, String(index)]))
          : value && typeof value === 'object'
            ? Object.entries(value).flatMap(([name, item]) => stringsIn(item, [...path, name]))
            : [];
    for (const spec of OPERATIONS.filter((o) => o.takesBody)) {
      const example = exampleBody(spec);
      for (const path of stringsIn(example, [])) {
        paths.push(path);
        const body = structuredClone(example) as Record<string, unknown>;
        let holder: Record<string, unknown> = body;
        for (const name of path.slice(0, -1)) holder = holder[name] as Record<string, unknown>;
        holder[path.at(-1)!] = 'before\u0000after';
        const answer = await call(spec.method.toUpperCase(), pathOf(spec), body, keyFor(spec.path));
        const field = path.reduce((at, name) => (/^\d+$/.test(name) ? `${at}[${name}]` : `${at}.${name}`), 'body');
        assert.equal(answer.status, 400, `${spec.operationId} ${field}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.code, 'invalid_request');
        assert.equal(answer.body.errors[0].parameter, field, spec.operationId);
        assert.match(answer.body.detail, /NUL/);
      }
    }
    assert.ok(paths.length >= 35, `${paths.length} string fields`);
  });

  it('refuses a NUL character in every string query parameter, naming it', async () => {
    let checked = 0;
    for (const spec of OPERATIONS) {
      for (const parameter of spec.parameters.filter((p) => p.in === 'query')) {
        const answer = await call(
          spec.method.toUpperCase(),
          `${pathOf(spec)}?${parameter.name}=a%00b`,
          exampleBody(spec),
          keyFor(spec.path),
        );
        assert.equal(answer.status, 400, `${spec.operationId} ${parameter.name}: ${JSON.stringify(answer.body)}`);
        assert.ok(
          answer.body.errors.some((e: { parameter: string }) => e.parameter === parameter.name),
          `${spec.operationId}: ${JSON.stringify(answer.body)}`,
        );
        checked++;
      }
    }
    assert.ok(checked >= 20, `${checked} query parameters`);
  });
});
