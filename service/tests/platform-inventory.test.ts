/**
 * A developer's inventory batches, price lists and lead routing, and the official-source datasets,
 * over real HTTP on PGlite: every operation's success, not-found, scope refusal and bad input (400
 * for what the contract forbids, 422 naming the field for what cannot be used), every move of the
 * batch state machine, price list versions and the day each applies, leads routed by the first
 * matching rule, records read a property at a time with their provenance, the official files loaded, and a reset back to the
 * fixtures. Racing price list publications on PostgreSQL: core/inventory/price-list-store.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { importOfficialFile } from '../core/datasets/official/import-file.js';
import { BATCH_TRANSITIONS, type BatchStatus } from '../core/inventory/batch-store.js';
import { singaporeDay as singaporeDate } from '../core/calendar/singapore-day.js';
import { resetSandboxData } from '../core/listings/sandbox-reset.js';
import { restoreSandboxFixtures } from '../sandbox/sandbox-data.js';
import { ORGANIZATIONS } from '../sandbox/organizations.js';
import { type Body, platformSandbox } from './platform-sandbox.js';

const DEVELOPER = 'svcp_test_developer0000000000002';
const AGENCY = 'svcp_test_agency00000000000000001'; // no inventory or leads scopes
const PARTNER = 'svcp_test_partner000000000000003'; // organizations.read and valuations.read only
const { call, db, referenceCurls } = platformSandbox(DEVELOPER);
const BATCHES = '/developers/current/inventory-batches';
const RULES = '/developers/current/lead-routing-rules';
const LEADS = '/developers/current/leads';
const prices = (projectId: string) => `/developers/current/projects/${projectId}/price-lists`;
const project = (id: string) => ORGANIZATIONS.org_marinaheights!.projects.find((p) => p.id === id)!;
const daysAhead = (days: number) => singaporeDate(new Date(Date.now() + days * 86_400_000));
const events = async (type: string, target: string) =>
  (await db().query(`select 1 from outbox where type = $1 and payload->>'target' = $2`, [type, target])).length;
const fieldOf = (answer: { body: Body }) => answer.body.errors?.[0]?.parameter;

describe('inventory batches', () => {
  it('lists the fixtures, filters them, and releases a batch with its event', async () => {
    const all = await call('GET', BATCHES);
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.data.map((b: Body) => [b.id, b.status]),
      [
        ['bat_0001', 'released'],
        ['bat_0002', 'held'],
        ['bat_0003', 'sold'],
      ],
    );
    assert.deepEqual(
      (await call('GET', `${BATCHES}?status=held`)).body.data.map((b: Body) => b.id),
      ['bat_0002'],
    );
    assert.equal((await call('GET', `${BATCHES}?projectId=proj_0003`)).body.data.length, 1);
    const made = await call('POST', BATCHES, {
      projectId: 'proj_0002',
      name: 'Phase 2',
      unitType: '3-bedroom',
      units: 24,
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.status, 'released');
    assert.deepEqual(made.body.allowedTransitions, BATCH_TRANSITIONS.released);
    assert.equal(await events('inventory_batch.released', made.body.id), 1);
    assert.deepEqual((await call('GET', `${BATCHES}/${made.body.id}`)).body, made.body);
  });

  it('refuses what the contract forbids (400) and what cannot be used (422, the field named)', async () => {
    const good = { projectId: 'proj_0002', name: 'Phase 3', unitType: '2-bedroom', units: 10 };
    for (const bad of [{ ...good, units: 0 }, { ...good, units: 'ten' }, { ...good, extra: 1 }, { name: 'x' }])
      assert.equal((await call('POST', BATCHES, bad)).status, 400, JSON.stringify(bad));
    const wrongType = await call('POST', BATCHES, { ...good, unitType: 'penthouse' });
    assert.equal(wrongType.status, 422);
    assert.equal(fieldOf(wrongType), 'body.unitType');
    assert.match(wrongType.body.detail, /2-bedroom, 3-bedroom/);
    const soldOut = await call('POST', BATCHES, { ...good, projectId: 'proj_0004' });
    assert.equal(soldOut.status, 422);
    assert.match(soldOut.body.detail, /sold_out/);
    assert.equal(fieldOf(await call('POST', BATCHES, { ...good, projectId: 'proj_9999' })), 'body.projectId');
  });

  it('moves a batch only as x-transitions allow, naming the allowed moves when refused', async () => {
    const reach: Record<BatchStatus, BatchStatus[]> = { released: [], held: ['held'], sold: ['sold'] };
    for (const [from, steps] of Object.entries(reach) as [BatchStatus, BatchStatus[]][])
      for (const to of Object.keys(BATCH_TRANSITIONS) as BatchStatus[]) {
        const made = await call('POST', BATCHES, {
          projectId: 'proj_0002',
          name: 'Move',
          unitType: '2-bedroom',
          units: 2,
        });
        for (const step of steps)
          assert.equal((await call('POST', `${BATCHES}/${made.body.id}/status`, { status: step })).status, 200);
        const moved = await call('POST', `${BATCHES}/${made.body.id}/status`, { status: to });
        if (BATCH_TRANSITIONS[from].includes(to)) {
          assert.equal(moved.status, 200, `${from} → ${to}`);
          assert.equal(moved.body.status, to);
          assert.equal(await events(`inventory_batch.${to}`, made.body.id), to === 'released' ? 2 : 1);
        } else {
          assert.equal(moved.status, 409, `${from} → ${to} is refused`);
          assert.equal(moved.body.code, 'transition_not_allowed');
          assert.deepEqual(moved.body.allowedTransitions, BATCH_TRANSITIONS[from]);
        }
      }
    assert.equal((await call('POST', `${BATCHES}/bat_9999/status`, { status: 'held' })).status, 404);
    assert.equal((await call('POST', `${BATCHES}/bat_0001/status`, { status: 'gone' })).status, 400);
  });
});

describe('price lists', () => {
  it('publishes numbered versions, each applying until the next one starts', async () => {
    const first = await call('GET', prices('proj_0002'));
    assert.equal(first.status, 200);
    const [v1] = first.body.data;
    assert.deepEqual(
      [v1.id, v1.version, v1.effectiveFrom, v1.effectiveUntil, v1.inEffect],
      ['prl_0001', 1, '2026-10-01', null, true],
    );
    const sqm = project('proj_0002').unitTypes[0]!.floorAreaSqm;
    assert.equal(v1.prices[0].pricePsfFrom, Math.round(1_298_000 / (sqm * 10.7639)));
    const from = daysAhead(10);
    const v2 = await call('POST', prices('proj_0002'), {
      effectiveFrom: from,
      prices: [{ unitType: '2-bedroom', priceFrom: 1_350_000 }],
    });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    assert.deepEqual([v2.body.version, v2.body.inEffect, v2.body.effectiveUntil], [2, false, null]);
    assert.equal(await events('price_list.published', v2.body.id), 1);
    const versions = (await call('GET', prices('proj_0002'))).body.data;
    assert.equal(versions[0].effectiveUntil, daysAhead(9), 'version 1 ends the day before version 2');
    assert.equal(versions[0].inEffect, true);
    assert.deepEqual(
      (await call('GET', `${prices('proj_0002')}?effectiveOn=${from}`)).body.data.map((p: Body) => p.version),
      [2],
    );
    assert.deepEqual((await call('GET', `${prices('proj_0002')}?effectiveOn=2026-09-30`)).body.data, []);
    assert.equal((await call('GET', `${prices('proj_0002')}/${v2.body.id}`)).body.version, 2);
  });

  it('refuses a day not after the latest version, in the past or not on the calendar, and unit types not the project’s', async () => {
    const one = (effectiveFrom: string, list = [{ unitType: '3-bedroom', priceFrom: 2_000_000 }]) =>
      call('POST', prices('proj_0003'), { effectiveFrom, prices: list });
    assert.equal((await one(daysAhead(20))).status, 201);
    for (const [day, words] of [
      [daysAhead(20), /must be after/],
      [daysAhead(-1), /today .* or later/],
      ['2027-02-30', /day of the calendar/],
      [daysAhead(400), /365 days/],
    ] as const) {
      const refused = await one(day);
      assert.equal(refused.status, 422, day);
      assert.equal(fieldOf(refused), 'body.effectiveFrom');
      assert.match(refused.body.detail, words);
    }
    const twice = await one(daysAhead(30), [
      { unitType: '2-bedroom', priceFrom: 1_000_000 },
      { unitType: '2-bedroom', priceFrom: 1_100_000 },
    ]);
    assert.equal(fieldOf(twice), 'body.prices[1].unitType');
    assert.equal(
      fieldOf(await one(daysAhead(30), [{ unitType: 'loft', priceFrom: 1_000_000 }])),
      'body.prices[0].unitType',
    );
    for (const bad of ['31/12/2026', 'soon']) assert.equal((await one(bad)).status, 400, bad);
    assert.equal((await one(daysAhead(31), [{ unitType: '2-bedroom', priceFrom: 5 }])).status, 400);
    assert.equal((await call('GET', prices('proj_9999'))).status, 404);
    assert.equal((await call('GET', `${prices('proj_0002')}/prl_9999`)).status, 404);
  });
});

describe('lead routing', () => {
  it('routes each lead by the first rule that matches, and keeps where it went when rules change', async () => {
    assert.deepEqual(
      (await call('GET', RULES)).body.data.map((r: Body) => r.id),
      ['lrr_0001', 'lrr_0002'],
    );
    const contact = { name: 'Tan Wei', email: 'wei@example.com' };
    const premier = await call('POST', LEADS, { projectId: 'proj_0002', budget: 2_500_000, contact });
    assert.equal(premier.status, 201, JSON.stringify(premier.body));
    assert.deepEqual([premier.body.status, premier.body.routedTo.ruleId], ['routed', 'lrr_0001']);
    assert.equal(await events('lead.routed', premier.body.id), 1);
    const desk = await call('POST', LEADS, { projectId: 'proj_0003', contact });
    assert.equal(desk.body.routedTo.team, 'Sales desk');
    const first = await call('POST', RULES, {
      priority: 5,
      match: { unitType: '2-bedroom' },
      routeTo: { team: 'Compact homes', email: 'compact@marinaheights.example' },
    });
    assert.equal(first.status, 201);
    assert.equal(await events('lead_routing_rule.created', first.body.id), 1);
    const compact = await call('POST', LEADS, {
      projectId: 'proj_0002',
      unitType: '2-bedroom',
      budget: 3_000_000,
      contact,
    });
    assert.equal(compact.body.routedTo.ruleId, first.body.id, 'priority 5 is tried before priority 10');
    assert.equal((await call('DELETE', `${RULES}/lrr_0002`)).body.deleted, true);
    assert.equal(await events('lead_routing_rule.deleted', 'lrr_0002'), 1);
    const nobody = await call('POST', LEADS, { projectId: 'proj_0003', contact });
    assert.deepEqual([nobody.body.status, nobody.body.routedTo], ['unrouted', null]);
    assert.equal(await events('lead.unrouted', nobody.body.id), 1);
    assert.equal((await call('GET', `${LEADS}/${desk.body.id}`)).body.routedTo.team, 'Sales desk', 'kept');
    assert.deepEqual(
      (await call('GET', `${LEADS}?status=unrouted`)).body.data.map((l: Body) => l.id),
      [nobody.body.id],
    );
  });

  it('refuses bad rules and leads, naming the field, and answers 404 for what is not the developer’s', async () => {
    const routeTo = { team: 'T', email: 't@marinaheights.example' };
    const contact = { name: 'Tan Wei', email: 'wei@example.com' };
    assert.equal(
      fieldOf(await call('POST', RULES, { priority: 1, match: { projectId: 'proj_9999' }, routeTo })),
      'body.match.projectId',
    );
    assert.equal(
      fieldOf(await call('POST', RULES, { priority: 1, match: { unitType: 'loft' }, routeTo })),
      'body.match.unitType',
    );
    for (const bad of [
      { priority: 0, match: {}, routeTo },
      { priority: 1, match: {}, routeTo: { ...routeTo, email: 'not an address' } },
      { priority: 1, match: { budget: 1 }, routeTo },
    ])
      assert.equal((await call('POST', RULES, bad)).status, 400, JSON.stringify(bad));
    assert.equal(fieldOf(await call('POST', LEADS, { projectId: 'proj_9999', contact })), 'body.projectId');
    assert.equal(
      fieldOf(await call('POST', LEADS, { projectId: 'proj_0002', unitType: 'loft', contact })),
      'body.unitType',
    );
    assert.equal(
      (await call('POST', LEADS, { projectId: 'proj_0002', contact: { name: '', email: 'x@y.z' } })).status,
      400,
    );
    assert.equal((await call('GET', `${LEADS}/lead_9999`)).status, 404);
    assert.equal((await call('DELETE', `${RULES}/lrr_9999`)).status, 404);
  });
});

describe('official-source datasets', () => {
  it('states source, licence and as-of date, and gives records a property at a time', async () => {
    const [dataset] = (await call('GET', '/datasets', undefined, AGENCY)).body.data;
    assert.equal(dataset.id, 'ds_transactions');
    assert.match(dataset.licence.name, /Singapore Open Data Licence/);
    assert.equal(dataset.asOf, '2026-10-31');
    assert.equal(dataset.generated, true);
    const seen: Body[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: Body } = await call(
        'GET',
        `/datasets/ds_transactions/records?propertyId=hdb-560100-4-room&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      assert.equal(page.status, 200);
      assert.deepEqual(page.body.dataset, {
        id: 'ds_transactions',
        source: dataset.source,
        licence: dataset.licence,
        asOf: '2026-10-31',
        generated: true,
      });
      seen.push(...page.body.data);
      cursor = page.body.nextCursor;
    } while (cursor);
    assert.ok(seen.length > 5);
    assert.equal(new Set(seen.map((r) => r.id)).size, seen.length);
    assert.ok(seen.every((r, i) => r.propertyId === 'hdb-560100-4-room' && (i === 0 || seen[i - 1]!.date <= r.date)));
    const sales = (
      await call('GET', '/datasets/ds_transactions/records?propertyId=hdb-560100-4-room&mode=sale&limit=100')
    ).body.data;
    assert.ok(sales.length > 0 && sales.every((r: Body) => r.mode === 'sale'));
  });

  it('never walks the dataset whole: a property is required; unknown ones are 404', async () => {
    const whole = await call('GET', '/datasets/ds_transactions/records');
    assert.equal(whole.status, 400);
    assert.equal(fieldOf(whole), 'propertyId');
    assert.equal((await call('GET', '/datasets/ds_transactions/records?propertyId=hdb-000000')).status, 404);
    assert.equal((await call('GET', '/datasets/ds_nothing')).status, 404);
    assert.equal((await call('GET', '/datasets/ds_transactions')).body.recordCount > 1000, true);
  });
});

describe('imports of official files', () => {
  it('lists each file loaded, newest first, with its counts, licence and the attribution it gives', async () => {
    // The sandbox's own world, imported on start through the same importer: generated, and attributed to no one.
    const generated = (await call('GET', '/dataset-imports', undefined, AGENCY)).body.data;
    assert.deepEqual(generated.map((i: Body) => [i.dataset, i.generated]).sort(), [
      ['hdb_rental', true],
      ['hdb_resale', true],
      ['onemap_addresses', true],
      ['ura_rentals', true],
      ['ura_sales', true],
    ]);
    for (const i of generated) {
      assert.match(i.attribution, /^Generated by the sandbox in the format of .*: not official figures\.$/);
      assert.equal(i.publisher, 'Service Valuations sandbox (generated)');
      assert.match(i.licence.name, /^None: generated sandbox data/);
    }
    const dir = mkdtempSync(join(tmpdir(), 'dataset-imports-'));
    const file = join(dir, 'ResaleFlatPrices.csv');
    writeFileSync(
      file,
      'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price\n' +
        '2026-09,BEDOK,4 ROOM,101,BEDOK NTH AVE 4,07 TO 09,84,Simplified,1978,51 years 03 months,455000\n',
    );
    const outcome = await importOfficialFile(db(), file);
    assert.ok('imported' in outcome);
    // Two more files, so that the order and the pages show: newest first, a page at a time.
    for (const month of ['2026-10', '2026-11']) {
      writeFileSync(file, readFileSync(file, 'utf8').replace(/2026-\d\d,BEDOK/, `${month},BEDOK`));
      assert.ok('imported' in (await importOfficialFile(db(), file)));
    }
    rmSync(dir, { recursive: true, force: true });
    const first = await call('GET', '/dataset-imports?limit=2', undefined, AGENCY);
    const second = await call('GET', `/dataset-imports?limit=2&cursor=${first.body.nextCursor}`, undefined, AGENCY);
    assert.deepEqual(
      [...first.body.data, ...second.body.data.slice(0, 1)].map((i: Body) => i.newestMonth),
      ['2026-11', '2026-10', '2026-09'],
      'newest first, across pages',
    );
    assert.equal(second.body.hasMore, true, "the sandbox's five follow");

    const listed = await call('GET', '/dataset-imports', undefined, AGENCY);
    assert.equal(listed.status, 200);
    const entry = listed.body.data.at(-generated.length - 1);
    assert.equal(entry.generated, false);
    assert.deepEqual(
      [
        entry.object,
        entry.id,
        entry.dataset,
        entry.fileName,
        entry.rowsRead,
        entry.rowsAdded,
        entry.rowsSkipped,
        entry.newestMonth,
      ],
      ['dataset_import', outcome.imported.id, 'hdb_resale', 'ResaleFlatPrices.csv', 1, 1, 0, '2026-09'],
    );
    assert.match(entry.fileSha256, /^[0-9a-f]{64}$/);
    assert.equal(entry.licence.name, 'Singapore Open Data Licence version 1.0');
    assert.equal(
      entry.attribution,
      `Contains information from the Resale Flat Prices dataset accessed from data.gov.sg on ${entry.importedAt.slice(0, 10)}, made available under the terms of the Singapore Open Data Licence version 1.0.`,
    );
    assert.equal((await call('GET', '/dataset-imports', undefined, PARTNER)).status, 403);
  });
});

describe('media of listings and projects', () => {
  const photo = { kind: 'photo', url: 'https://media.example/plan.jpg', caption: 'Balcony' };
  it('adds, lists and removes media by address, each change an event', async () => {
    for (const [path, key, fixture] of [
      ['/listings/lst_0001/media', AGENCY, 'med_0001'],
      ['/developers/current/projects/proj_0002/media', DEVELOPER, 'med_0002'],
    ] as const) {
      assert.deepEqual(
        (await call('GET', path, undefined, key)).body.data.map((m: Body) => m.id),
        [fixture],
      );
      const added = await call('POST', path, photo, key);
      assert.equal(added.status, 201, JSON.stringify(added.body));
      assert.deepEqual([added.body.kind, added.body.url, added.body.caption], [photo.kind, photo.url, photo.caption]);
      assert.equal(await events('media.added', added.body.id), 1);
      assert.deepEqual(
        (await call('GET', path, undefined, key)).body.data.map((m: Body) => m.id),
        [fixture, added.body.id],
      );
      assert.equal((await call('DELETE', `${path}/${added.body.id}`, undefined, key)).body.deleted, true);
      assert.equal(await events('media.removed', added.body.id), 1);
      assert.equal((await call('DELETE', `${path}/${added.body.id}`, undefined, key)).status, 404);
    }
  });

  it('refuses addresses that are not https or carry credentials, and owners that are not the organization’s', async () => {
    for (const url of [
      'http://media.example/a.jpg',
      'https://user:pw@media.example/a.jpg',
      'javascript:alert(1)',
      'https://',
      'https://a b/',
    ])
      assert.equal((await call('POST', '/listings/lst_0001/media', { ...photo, url }, AGENCY)).status, 400, url);
    assert.equal((await call('POST', '/listings/lst_0001/media', { ...photo, kind: 'hologram' }, AGENCY)).status, 400);
    assert.equal((await call('GET', '/listings/lst_9999/media', undefined, AGENCY)).status, 404);
    assert.equal((await call('GET', '/developers/current/projects/proj_9999/media')).status, 404);
    assert.equal(
      (await call('GET', '/listings/lst_0001/media')).status,
      403,
      'the developer key holds no listings.read',
    );
  });

  it('keeps at most 50 items per owner, even when additions race', async () => {
    const path = '/developers/current/projects/proj_0003/media';
    const answers = await Promise.all(Array.from({ length: 60 }, () => call('POST', path, photo)));
    assert.equal(answers.filter((a) => a.status === 201).length, 50);
    const refused = answers.find((a) => a.status === 422)!;
    assert.match(refused.body.detail, /at most 50/);
    let count = 0;
    for (let cursor: string | null = ''; cursor !== null;) {
      const page: { body: Body } = await call('GET', `${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      count += page.body.data.length;
      cursor = page.body.nextCursor;
    }
    assert.equal(count, 50);
  });
});

describe('scopes, reset and the reference', () => {
  it('refuses keys without the area’s scope, and organizations that are not developers', async () => {
    for (const path of [BATCHES, prices('proj_0002'), RULES, LEADS]) {
      const refused = await call('GET', path, undefined, AGENCY);
      assert.equal(refused.status, 403, path);
      assert.equal(refused.body.code, 'insufficient_scope');
    }
    assert.equal((await call('GET', '/datasets', undefined, PARTNER)).status, 403);
  });

  it('answers a day that is not a date with 400, never a failure', async () => {
    for (const day of ['soon', '2026-13-01', '2026-12-5'])
      assert.equal(
        (await call('GET', `/developers/current/projects/proj_0002/showflat-slots?date=${day}`)).status,
        400,
        day,
      );
  });

  it('puts batches, price lists, rules and leads back to the fixtures', async () => {
    await resetSandboxData(db(), restoreSandboxFixtures, 'org_marinaheights');
    assert.deepEqual(
      (await call('GET', BATCHES)).body.data.map((b: Body) => b.id),
      ['bat_0001', 'bat_0002', 'bat_0003'],
    );
    assert.equal((await call('GET', prices('proj_0002'))).body.data.length, 1);
    assert.equal((await call('GET', prices('proj_0003'))).body.data.length, 0);
    assert.deepEqual(
      (await call('GET', RULES)).body.data.map((r: Body) => r.id),
      ['lrr_0001', 'lrr_0002'],
    );
    assert.deepEqual(
      (await call('GET', LEADS)).body.data.map((l: Body) => l.id),
      ['lead_0001'],
    );
  });

  it("gives every read a curl line that works against the sandbox's fixtures", async () => {
    const reads = await referenceCurls(/\/(inventory-batches|price-lists|lead-routing-rules|leads|datasets|media)/);
    assert.ok(reads.filter((line) => !line.includes('-X')).length >= 9, reads.join('\n'));
    for (const line of reads.filter((l) => !l.includes('-X'))) {
      const [, key, url] = /^curl -H "Authorization: Bearer (\S+)" "([^"]+)"$/.exec(line)!;
      assert.equal((await fetch(url!, { headers: { Authorization: `Bearer ${key}` } })).status, 200, line);
    }
  });
});
