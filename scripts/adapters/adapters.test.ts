/**
 * The adapters follow the contract: each committed copy is what the contract gives today, the
 * bundled documents leave nothing outside themselves, the MCP registry entry passes the registry's
 * published schema, and `/v1` keeps every promise of the last release.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { adapterFiles, bundledContracts, ROOT } from './adapters.js';
import { externalRefsIn } from './bundle.js';
import { compared } from './compatibility.js';
import { releaseOf } from './release.js';

const read = (path: string) => readFile(new URL(path, ROOT), 'utf8');

describe('adapters', () => {
  it('every committed adapter is what the contract gives (npm run adapters writes them)', async () => {
    for (const [path, text] of await adapterFiles()) {
      assert.ok(
        (await read(path)) === text,
        `${path} differs from what the contract gives: run npm run adapters and commit it`,
      );
    }
  });

  it('a bundled document names nothing outside itself, and every reference in it resolves', async () => {
    const { platform } = await bundledContracts();
    assert.deepEqual(externalRefsIn(platform), []);
    const text = JSON.stringify(platform);
    for (const [, pointer] of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      const found = pointer.split('/').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], platform);
      assert.ok(found !== undefined, `#/${pointer} resolves`);
    }
  });

  it('the MCP registry entry passes the registry schema, and a broken one does not', async () => {
    const schema = JSON.parse(await read('contract/mcp/server.schema.json'));
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const passes = (value: object): boolean => validate(value);
    const entry = JSON.parse(await read('contract/mcp/server.json')) as {
      $schema: string;
      remotes: { type: string; url: string }[];
    };
    assert.ok(passes(entry), JSON.stringify(validate.errors));
    assert.equal(entry.$schema, schema.$id);
    assert.equal(entry.remotes[0].type, 'streamable-http');
    assert.match(entry.remotes[0].url, /\{mcp_host\}/);
    assert.equal(passes({ ...entry, name: 'no-slash' }), false);
    assert.equal(passes({ ...entry, description: 'x'.repeat(101) }), false);
  });
});

describe('v1 never breaks', () => {
  const released = async (name: string) => JSON.parse(await read(`contract/released/${name}.openapi.json`));

  it('this contract keeps every promise of the last released one', async () => {
    const { platform, widgetHost } = await bundledContracts();
    assert.deepEqual(compared(await released('platform'), platform).breaking, []);
    assert.deepEqual(compared(await released('widget-host'), widgetHost).breaking, []);
  });

  it('fails on a removed operation, field or enum value, a newly required parameter, a narrowed type and a changed status', async () => {
    const before = await released('platform');
    type Doc = typeof before;
    const plant = (change: (doc: Doc) => void) => {
      const after = structuredClone(before);
      change(after);
      return compared(before, after).breaking.map((c) => c.path);
    };
    const removedOperation = plant((d) => delete d.paths['/listings/{listingId}'].get);
    assert.ok(
      removedOperation.some((p) => p.startsWith('paths./listings/{listingId}.get')),
      String(removedOperation),
    );
    const removedField = plant((d) => delete d.components.schemas.Listing.properties.listPrice);
    assert.ok(
      removedField.some((p) => p.includes('listPrice')),
      String(removedField),
    );
    const removedEnum = plant((d) => d.components.schemas.StandardStatus.enum.pop());
    assert.ok(removedEnum.length > 0);
    const required = plant((d) => (d.components.parameters.Limit.required = true));
    assert.ok(
      required.some((p) => p.endsWith('required')),
      String(required),
    );
    const narrowed = plant((d) => (d.components.parameters.Cursor.schema.maxLength = 10));
    assert.ok(narrowed.length > 0, 'a shorter limit on a parameter breaks a caller');
    const status = plant((d) => {
      const responses = d.paths['/listings'].post.responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    });
    assert.ok(
      status.some((p) => p.includes('responses.201')),
      String(status),
    );
    // Adding is not breaking: a new optional field in an answer.
    assert.deepEqual(
      plant((d) => (d.components.schemas.Listing.properties.newField = { type: 'string' })),
      [],
    );
  });
});

describe('a release of the contract', () => {
  it('adds what grew to the changelog, and refuses a breaking change or a version that does not move', async () => {
    const before = JSON.parse(await read('contract/released/platform.openapi.json'));
    const grown = structuredClone(before);
    const [major, minor] = before.info.version.split('.').map(Number);
    grown.info.version = `${major}.${minor + 1}.0`;
    grown.components.schemas.Listing.properties.virtualTourUrl = { type: 'string', format: 'uri' };
    const outcome = releaseOf(before, grown, '2027-01-15', 'Virtual tours.');
    assert.ok('release' in outcome, JSON.stringify(outcome));
    assert.equal(outcome.release.version, grown.info.version);
    assert.deepEqual(outcome.release.changes, [{ description: 'New field virtualTourUrl of Listing', type: 'added' }]);
    const sameVersion = releaseOf(
      before,
      { ...grown, info: { ...grown.info, version: before.info.version } },
      '2027-01-15',
      'x',
    );
    assert.ok('refused' in sameVersion && sameVersion.refused.some((r) => r.includes('must come after')));
    const broken = structuredClone(grown);
    delete broken.paths['/listings'].post;
    const refused = releaseOf(before, broken, '2027-01-15', 'x');
    assert.ok('refused' in refused && refused.refused.some((r) => r.startsWith('Breaking')));
  });

  it('the changelog names the released version first, and the contract is at least that version', async () => {
    const changelog = JSON.parse(await read('contract/changelog.json'));
    const released = JSON.parse(await read('contract/released/platform.openapi.json'));
    const current = JSON.parse(await read('contract/platform.openapi.json'));
    assert.equal(changelog.releases[0].version, released.info.version);
    const parts = (version: string) => version.split('.').map(Number);
    const [now, then] = [parts(current.info.version), parts(released.info.version)];
    const order = now.findIndex((n, i) => n !== then[i]);
    assert.ok(
      order === -1 || now[order]! > then[order]!,
      `${current.info.version} is not before ${released.info.version}`,
    );
  });
});
