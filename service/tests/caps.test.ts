/**
 * Every count cap holds under racing requests, on PGlite and on PostgreSQL (where they truly run at
 * once over the pool's connections): an organization ten short of a cap sends 60 creates at once, and
 * exactly ten are made. Each store takes its kind's lock before it counts (db/locks.ts).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import contract from '../../contract/platform.openapi.json' with { type: 'json' };
import { createEstimateEngine } from '../core/estimates/engine.js';
import { sandboxEngineData } from '../sandbox/sandbox-homes.js';
import { createBatchStore, MAX_BATCHES } from '../core/inventory/batch-store.js';
import { recordQuotaReached } from '../core/keys/quota-reached.js';
import { createLeadStore, MAX_LEADS, MAX_RULES } from '../core/inventory/lead-store.js';
import { createListingStore, MAX_LISTINGS } from '../core/listings/listing-store.js';
import { createServiceOrderStore, MAX_ORDERS } from '../core/service-orders/service-order-store.js';
import { createJourneyStore, MAX_JOURNEYS } from '../core/mortgages/journey-store.js';
import { createMediaStore, MAX_MEDIA } from '../core/media/media-store.js';
import { createWebhookEndpoints, MAX_ENDPOINTS } from '../core/webhooks/endpoint-store.js';
import { createAgentStore, MAX_AGENTS } from '../core/directory/agent-store.js';
import { createTeamStore, MAX_TEAMS } from '../core/directory/team-store.js';
import { createProjectStore, MAX_PROJECTS, MAX_UNIT_TYPES } from '../core/directory/project-store.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import type { Database } from '../db/database.js';
import { ORGANIZATIONS } from '../sandbox/organizations.js';
import { onEachEngine } from '../sandbox/test-engines.js';

const RACERS = 60;
const SHORT_BY = 10;
const AGENCY = 'org_lionrealty';
const DEVELOPER = 'org_marinaheights';
const projects = ORGANIZATIONS[DEVELOPER]!.projects;
const project = projects.find((p) => p.id === 'proj_0002')!;
const example = (schema: string) =>
  (contract.components.schemas as Record<string, { examples?: unknown[] }>)[schema]!.examples![0] as never;
const engine = createEstimateEngine({ serviceUrl: 'http://127.0.0.1/', ...(await sandboxEngineData()) });

/** Copies one row of `table` until the organization has `total` rows there (what takes a person months). */
async function fillTo(db: Database, table: string, where: string, params: unknown[], total: number) {
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  const [{ id }] = await db.query<{ id: string }>(`select id from ${table} where ${where} limit 1`, params);
  await db.query(
    `insert into ${table} select (jsonb_populate_record(null::${table},
        to_jsonb(t) || jsonb_build_object('id', t.id || '_copy_' || g))).*
       from ${table} t, generate_series(1, $2::int) g where t.id = $1`,
    [id, total - n],
  );
}

onEachEngine('count caps under racing requests', (database) => {
  async function race(
    db: Database,
    cap: { table: string; where: string; params: unknown[]; max: number },
    create: (i: number) => Promise<unknown>,
  ) {
    await create(-1); // at least one row to copy
    await fillTo(db, cap.table, cap.where, cap.params, cap.max - SHORT_BY);
    await Promise.all(Array.from({ length: RACERS }, (_, i) => create(i)));
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from ${cap.table} where ${cap.where}`,
      cap.params,
    );
    assert.equal(n, cap.max, `${cap.table}: ${n} rows against a cap of ${cap.max}`);
  }

  it(`webhook endpoints: ${MAX_ENDPOINTS} per organization`, async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const endpoints = createWebhookEndpoints(db, createSecretBox(randomBytes(32)));
    const org = `org_caps_${randomBytes(3).toString('hex')}`;
    await db.query(`insert into organizations (id, name, kind) values ($1, 'Caps', 'agency')`, [org]);
    await race(
      db,
      { table: 'webhook_endpoints', where: 'organization_id = $1', params: [org], max: MAX_ENDPOINTS },
      (i) => endpoints.create({ organizationId: org, url: `https://hooks.example.sg/${i}` }),
    );
  });

  it(`listings: ${MAX_LISTINGS} per organization`, async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const listings = createListingStore(db, engine.homes.byId);
    await race(db, { table: 'listings', where: 'organization_id = $1', params: [AGENCY], max: MAX_LISTINGS }, () =>
      listings.create(AGENCY, 'agt_tanmeiling', example('ListingCreate')),
    );
  });

  it(`media: ${MAX_MEDIA} per listing`, async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const [listing] = await db.query<{ id: string }>('select id from listings where organization_id = $1 limit 1', [
      AGENCY,
    ]);
    const media = createMediaStore(db);
    const owner = { kind: 'listing' as const, id: listing!.id };
    await race(db, { table: 'media', where: 'owner_id = $1', params: [owner.id], max: MAX_MEDIA }, () =>
      media.add(AGENCY, owner, example('MediaCreate')),
    );
  });

  it(`inventory batches: ${MAX_BATCHES} per developer`, async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const batches = createBatchStore(db);
    await race(
      db,
      { table: 'inventory_batches', where: 'organization_id = $1', params: [DEVELOPER], max: MAX_BATCHES },
      () => batches.release(DEVELOPER, project, example('InventoryBatchCreate')),
    );
  });

  it(`lead routing rules: ${MAX_RULES} per developer, and leads: ${MAX_LEADS}`, async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const leads = createLeadStore(db);
    await race(
      db,
      { table: 'lead_routing_rules', where: 'organization_id = $1', params: [DEVELOPER], max: MAX_RULES },
      () => leads.createRule(DEVELOPER, projects, example('LeadRoutingRuleCreate')),
    );
    await race(db, { table: 'leads', where: 'organization_id = $1', params: [DEVELOPER], max: MAX_LEADS }, () =>
      leads.receive(DEVELOPER, project, example('LeadCreate')),
    );
  });

  it(`mortgage journeys: ${MAX_JOURNEYS} per organization, and service orders: ${MAX_ORDERS}`, async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const journeys = createJourneyStore(db);
    await race(
      db,
      { table: 'mortgage_journeys', where: 'organization_id = $1', params: [AGENCY], max: MAX_JOURNEYS },
      () => journeys.start(AGENCY, example('MortgageJourneyCreate'), true),
    );
    const orders = createServiceOrderStore(db);
    await race(db, { table: 'service_orders', where: 'organization_id = $1', params: [AGENCY], max: MAX_ORDERS }, () =>
      orders.request(AGENCY, example('ServiceOrderCreate')),
    );
  });

  it('a journey moves once however many approvals of it race, and its event is written once', async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    // Another organization than the cap's race above, whose journeys are at their cap now.
    const journeys = createJourneyStore(db);
    const started = await journeys.start(DEVELOPER, example('MortgageJourneyCreate'), true);
    assert.ok('journey' in started);
    const id = started.journey.id;
    const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const outcomes = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        journeys.move(DEVELOPER, id, {
          to: 'approved_in_principle',
          approval: { lender: `Bank ${i}`, amount: 400_000, validUntil },
        }),
      ),
    );
    assert.equal(outcomes.filter((o) => o && 'journey' in o).length, 1);
    assert.equal(outcomes.filter((o) => o && 'refused' in o).length, RACERS - 1);
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from outbox where type = 'mortgage_journey.approved_in_principle' and payload->>'target' = $1`,
      [id],
    );
    assert.equal(n, 1);
  });

  it("a widget key's quota_reached: once a day, however many reach the limit at once", async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const reached = recordQuotaReached(db);
    await Promise.all(Array.from({ length: RACERS }, () => reached('wk_seed001', '2026-11-26', 2000)));
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from outbox where type = 'widget_key.quota_reached' and payload->>'target' = 'wk_seed001'`,
    );
    assert.equal(n, 1);
  });

  it(`an organization's own records: ${MAX_AGENTS} agents and ${MAX_TEAMS} teams an agency, ${MAX_PROJECTS} projects a developer, ${MAX_UNIT_TYPES} unit types a project`, async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const org = `org_caps_${randomBytes(3).toString('hex')}`;
    await db.query(`insert into organizations (id, name, kind) values ($1, 'Caps', 'agency')`, [org]);
    const agents = createAgentStore(db);
    // Each agent holds a CEA number of their own, so the filling rows are numbered, not copied.
    await db.query(
      `insert into agents (id, organization_id, name, cea_number, role)
       select 'agt_fill' || g, $1, 'Agent ' || g, 'R9' || lpad(g::text, 5, '0') || 'Z', 'agent'
       from generate_series(1, $2::int) g`,
      [org, MAX_AGENTS - SHORT_BY],
    );
    await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        agents.create(org, { name: `Racer ${i}`, ceaNumber: `R8${String(i).padStart(5, '0')}X`, role: 'agent' }),
      ),
    );
    const count = async (table: string, where: string, params: unknown[]) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n;
    assert.equal(await count('agents', 'organization_id = $1', [org]), MAX_AGENTS);
    const teams = createTeamStore(db);
    await race(db, { table: 'teams', where: 'organization_id = $1', params: [org], max: MAX_TEAMS }, () =>
      teams.create(org, { name: 'Racing team' }),
    );
    const projectStore = createProjectStore(db);
    await race(db, { table: 'projects', where: 'organization_id = $1', params: [DEVELOPER], max: MAX_PROJECTS }, () =>
      projectStore.create(DEVELOPER, example('ProjectCreate')),
    );
    // Room again (the filling copies go), for a project whose unit types race.
    await db.query(`delete from projects where organization_id = $1 and id like '%\\_copy\\_%'`, [DEVELOPER]);
    const made = await projectStore.create(DEVELOPER, example('ProjectCreate'));
    assert.ok('project' in made, JSON.stringify(made));
    const projectId = made.project.id;
    await db.query(
      `insert into unit_types (id, organization_id, project_id, name, bedrooms, floor_area_sqm, units)
       select 'ut_fill' || g, $1, $2, 'Type ' || g, 2, 70, 10 from generate_series(1, $3::int) g`,
      [DEVELOPER, projectId, MAX_UNIT_TYPES - SHORT_BY],
    );
    await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        projectStore.addUnitType(DEVELOPER, projectId, {
          name: `Racer ${i}`,
          bedrooms: 3,
          floorAreaSqm: 95,
          units: 20,
        }),
      ),
    );
    assert.equal(await count('unit_types', 'project_id = $1', [projectId]), MAX_UNIT_TYPES);
  });
});
