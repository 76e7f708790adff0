/**
 * Organizations that signed up run their own business, in the sandbox and in live, over real HTTP:
 * an agency's agents and teams (shared by both environments) list homes and are counted; a
 * developer's projects and unit types (one environment's each) carry batches, price lists, showflat
 * visits and leads; a partner site's profile makes it a place agencies distribute to, in live only
 * once it is approved. No fixture organization takes part. MCP's tools answer them too.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type Database } from '../db/database.js';
import type { StartedService } from '../servers/start-service.js';
import { TOOLS } from '../surfaces/mcp/server.js';
import type { PrivateTool } from '../surfaces/mcp/tool.js';
import { bothEnvironments, type Environment, platformKeyOn as platformKey } from './both-environments.js';
import { makeAccount, signInWith } from './test-mail.js';
import { singaporeDayAhead, singaporeTimeAhead } from './days-ahead.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ENVIRONMENTS: Environment[] = ['sandbox', 'live'];

const both = bothEnvironments();
const { mailbox, servicesOf, consoleBase } = both;
let started: StartedService;
let db: Database;
let writes = 0;

async function api(environment: Environment, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${servicesOf(environment).links.apiBase}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'Idempotency-Key': `write-${++writes}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** An organization that signed up on the console, approved for live, with a key of every scope in each environment. */
async function signedUp(kind: 'agency' | 'developer' | 'partner_site', organizationName: string) {
  const { email } = await makeAccount(consoleBase(), mailbox, { organizationName, organizationKind: kind });
  const { browser } = await signInWith(consoleBase(), email);
  const [{ organization_id: id }] = await db.query<{ organization_id: string }>(
    'select organization_id from users where lower(email) = $1',
    [email],
  );
  const sandbox = await platformKey(browser);
  await db.query(
    `insert into integration_reviews (organization_id, status, requested_at, decided_at) values ($1, 'approved', now(), now())`,
    [id],
  );
  await browser.post('/console/environment', { to: 'live' });
  const live = await platformKey(browser);
  return { id, browser, keys: { sandbox, live } as Record<Environment, string> };
}

/** The events an organization's changes made in one environment, in order. */
const eventsOf = async (environment: Environment, organizationId: string) =>
  (
    await db.query<{ type: string }>(
      `select type from ${environment}.outbox where organization_id = $1 order by audit_id`,
      [organizationId],
    )
  ).map((r) => r.type);

describe("organizations' own records", () => {
  let agency: Awaited<ReturnType<typeof signedUp>>;
  let developer: Awaited<ReturnType<typeof signedUp>>;
  let site: Awaited<ReturnType<typeof signedUp>>;
  let propertyId: string;
  before(async () => {
    // The service the file shares, started by a root hook (node:test runs root hooks before any suite's).
    started = both.started();
    db = both.db();
    agency = await signedUp('agency', 'Orchid Realty');
    developer = await signedUp('developer', 'Kallang Bay Development');
    site = await signedUp('partner_site', 'Homes Weekly');
    const sandboxHomes = started.services.settings.data.homes.byId;
    propertyId = started.live!.services.settings.data.homes.properties.find((p) => sandboxHomes.has(p.id))!.id;
  });

  it('lets a new agency add agents and a team, shared by both environments, and list only as an active agent', async () => {
    const current = await api('sandbox', agency.keys.sandbox, 'GET', '/agents/current');
    assert.equal(current.status, 404);
    assert.match(current.body.detail, /Orchid Realty has no active agent yet.*POST \/agents/);
    const early = await api('sandbox', agency.keys.sandbox, 'POST', '/listings', {
      propertyId,
      mode: 'sale',
      listPrice: 500000,
    });
    assert.equal(early.status, 422);
    assert.equal(early.body.errors[0].parameter, 'body.listAgentId');

    const refused = await api('sandbox', agency.keys.sandbox, 'POST', '/agents', { name: 'Ong', ceaNumber: 'R12345A' });
    assert.equal(refused.status, 400, 'the CEA number’s format is checked');
    assert.equal(refused.body.errors[0].parameter, 'body.ceaNumber');
    const blank = await api('sandbox', agency.keys.sandbox, 'POST', '/agents', { name: '   ', ceaNumber: 'R700001A' });
    assert.deepEqual([blank.status, blank.body.errors[0].parameter], [422, 'body.name']);
    const stranger = await api('sandbox', agency.keys.sandbox, 'POST', '/agents', {
      name: 'Siti',
      ceaNumber: 'R700001A',
      accountId: 'usr_siti',
    });
    assert.deepEqual([stranger.status, stranger.body.errors[0].parameter], [422, 'body.accountId']);

    const ong = await api('sandbox', agency.keys.sandbox, 'POST', '/agents', {
      name: 'Ong Bee Hoon',
      ceaNumber: 'R700001A',
      email: 'beehoon@orchid.example',
      role: 'agency_admin',
    });
    assert.equal(ong.status, 201, JSON.stringify(ong.body));
    assert.deepEqual([ong.body.status, ong.body.role, ong.body.teamIds], ['active', 'agency_admin', []]);
    const taken = await api('live', agency.keys.live, 'POST', '/agents', { name: 'Someone', ceaNumber: 'R700001A' });
    assert.deepEqual([taken.status, taken.body.errors[0].parameter], [422, 'body.ceaNumber']);
    const other = await api('live', agency.keys.live, 'POST', '/agents', {
      name: 'Farid Ismail',
      ceaNumber: 'R700002B',
    });
    assert.equal(other.status, 201);
    for (const environment of ENVIRONMENTS) {
      const listed = await api(environment, agency.keys[environment], 'GET', '/agents');
      assert.deepEqual(
        listed.body.data.map((a: Body) => a.id),
        [ong.body.id, other.body.id],
        `${environment} lists the agents made in either`,
      );
    }

    const team = await api('sandbox', agency.keys.sandbox, 'POST', '/teams', {
      name: 'Kallang',
      agentIds: [ong.body.id, 'agt_tanmeiling'],
    });
    assert.deepEqual([team.status, team.body.errors[0].parameter], [422, 'body.agentIds[1]'], 'another agency’s agent');
    const kallang = await api('sandbox', agency.keys.sandbox, 'POST', '/teams', {
      name: 'Kallang',
      agentIds: [ong.body.id, other.body.id],
    });
    assert.equal(kallang.status, 201);
    const acting = await api('live', agency.keys.live, 'GET', '/agents/current');
    assert.deepEqual(
      [acting.body.id, acting.body.role, acting.body.agency.name, acting.body.teams],
      [ong.body.id, 'agency_admin', 'Orchid Realty', [{ id: kallang.body.id, name: 'Kallang', members: 2 }]],
    );

    for (const environment of ENVIRONMENTS) {
      const key = agency.keys[environment];
      const mine = await api(environment, key, 'POST', '/listings', { propertyId, mode: 'sale', listPrice: 600000 });
      assert.deepEqual([mine.status, mine.body.listAgentId], [201, ong.body.id], environment);
      const theirs = await api(environment, key, 'POST', '/listings', {
        propertyId,
        mode: 'rent',
        listPrice: 3200,
        listAgentId: other.body.id,
      });
      assert.deepEqual([theirs.status, theirs.body.listAgentId], [201, other.body.id]);
      const foreign = await api(environment, key, 'POST', '/listings', {
        propertyId,
        mode: 'sale',
        listPrice: 1,
        listAgentId: 'agt_tanmeiling',
      });
      assert.deepEqual([foreign.status, foreign.body.errors[0].parameter], [422, 'body.listAgentId']);
      const counted = await api(environment, key, 'GET', `/agents/current/analytics?agentId=${other.body.id}`);
      assert.equal(counted.body.listingsByStatus.active, 1, `${environment}: Farid's one listing`);
    }

    const archived = await api('sandbox', agency.keys.sandbox, 'POST', `/agents/${other.body.id}/archive`);
    assert.deepEqual([archived.status, archived.body.status, archived.body.teamIds], [200, 'archived', []]);
    const again = await api('sandbox', agency.keys.sandbox, 'POST', `/agents/${other.body.id}/archive`);
    assert.equal(again.body.status, 'archived', 'archiving again changes nothing');
    const changed = await api('live', agency.keys.live, 'PATCH', `/agents/${other.body.id}`, { name: 'F. Ismail' });
    assert.deepEqual([changed.status, changed.body.code], [409, 'transition_not_allowed']);
    const kept = await api('live', agency.keys.live, 'GET', `/agents/current/analytics?agentId=${other.body.id}`);
    assert.equal(kept.body.listingsByStatus.active, 1, 'an archived agent keeps their history');
    const late = await api('live', agency.keys.live, 'POST', '/listings', {
      propertyId,
      mode: 'sale',
      listPrice: 1,
      listAgentId: other.body.id,
    });
    assert.deepEqual([late.status, late.body.errors[0].parameter], [422, 'body.listAgentId']);
    assert.deepEqual((await api('sandbox', agency.keys.sandbox, 'GET', `/teams/${kallang.body.id}`)).body.agentIds, [
      ong.body.id,
    ]);

    const events = await eventsOf('sandbox', agency.id);
    for (const type of ['agent.created', 'team.created', 'agent.archived'])
      assert.ok(events.includes(type), `${type} in ${events.join()}`);
    assert.ok((await eventsOf('live', agency.id)).includes('agent.created'), 'announced where it was made');
  });

  it('gives one active agent per CEA number when many are added at once', async () => {
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api('sandbox', agency.keys.sandbox, 'POST', '/agents', { name: `Racer ${i}`, ceaNumber: 'R799999Z' }),
      ),
    );
    assert.deepEqual(
      tries.map((t) => t.status).sort(),
      [201, 422, 422, 422, 422, 422],
      JSON.stringify(tries.map((t) => t.body)),
    );
  });

  it('lets a new developer add a project per environment, its unit types, move it along and sell from it', async () => {
    for (const environment of ENVIRONMENTS) {
      const key = developer.keys[environment];
      const call = (method: string, path: string, body?: unknown) => api(environment, key, method, path, body);
      assert.deepEqual((await call('GET', '/developers/current/projects')).body.data, [], `${environment}: none yet`);
      const project = await call('POST', '/developers/current/projects', {
        name: 'Kallang Bay Residences',
        address: '8 Kallang Bay Walk',
        district: 12,
        tenure: '99-year leasehold',
      });
      assert.equal(project.status, 201, JSON.stringify(project.body));
      assert.deepEqual(
        [project.body.status, project.body.allowedTransitions],
        ['planned', ['preview', 'launched', 'withdrawn']],
      );
      const id = project.body.id;
      const empty = await call('POST', `/developers/current/projects/${id}/status`, { status: 'launched' });
      assert.deepEqual([empty.status, empty.body.errors[0].parameter], [422, 'body.status'], 'nothing to sell yet');
      const unit = await call('POST', `/developers/current/projects/${id}/unit-types`, {
        name: '2-bedroom',
        bedrooms: 2,
        floorAreaSqm: 68,
        units: 60,
      });
      assert.equal(unit.status, 201);
      const twin = await call('POST', `/developers/current/projects/${id}/unit-types`, {
        name: '2-bedroom',
        bedrooms: 2,
        floorAreaSqm: 70,
        units: 10,
      });
      assert.deepEqual([twin.status, twin.body.errors[0].parameter], [422, 'body.name']);
      const spare = await call('POST', `/developers/current/projects/${id}/unit-types`, {
        name: 'Penthouse',
        bedrooms: 4,
        floorAreaSqm: 240,
        units: 2,
      });
      assert.equal(
        (await call('DELETE', `/developers/current/projects/${id}/unit-types/${spare.body.id}`)).status,
        200,
      );
      assert.equal(
        (await call('PATCH', `/developers/current/projects/${id}`, { name: 'Kallang Bay' })).body.name,
        'Kallang Bay',
      );
      for (const status of ['preview', 'launched']) {
        const moved = await call('POST', `/developers/current/projects/${id}/status`, { status });
        assert.deepEqual([moved.status, moved.body.status], [200, status], JSON.stringify(moved.body));
      }
      const backwards = await call('POST', `/developers/current/projects/${id}/status`, { status: 'planned' });
      assert.deepEqual([backwards.status, backwards.body.allowedTransitions], [409, ['sold_out', 'withdrawn']]);

      const batch = await call('POST', '/developers/current/inventory-batches', {
        projectId: id,
        name: 'Tower A launch',
        unitType: '2-bedroom',
        units: 20,
      });
      assert.equal(batch.status, 201, JSON.stringify(batch.body));
      const sold = await call('POST', `/developers/current/inventory-batches/${batch.body.id}/status`, {
        status: 'sold',
      });
      assert.equal(sold.status, 200);
      const read = await call('GET', `/developers/current/projects/${id}`);
      assert.deepEqual(
        read.body.unitTypes.map((u: Body) => [u.name, u.units, u.available]),
        [['2-bedroom', 60, 40]],
      );
      const inUse = await call('DELETE', `/developers/current/projects/${id}/unit-types/${unit.body.id}`);
      assert.deepEqual([inUse.status, inUse.body.code], [409, 'unit_type_in_use']);
      const fewer = await call('PATCH', `/developers/current/projects/${id}/unit-types/${unit.body.id}`, { units: 10 });
      assert.deepEqual([fewer.status, fewer.body.errors[0].parameter], [422, 'body.units']);

      const prices = await call('POST', `/developers/current/projects/${id}/price-lists`, {
        effectiveFrom: singaporeDayAhead(1),
        prices: [{ unitType: '2-bedroom', priceFrom: 1280000 }],
      });
      assert.equal(prices.status, 201, JSON.stringify(prices.body));
      const media = await call('POST', `/developers/current/projects/${id}/media`, {
        kind: 'photo',
        url: 'https://media.example.sg/kallang-bay.jpg',
      });
      assert.equal(media.status, 201, JSON.stringify(media.body));
      const slots = await call(
        'GET',
        `/developers/current/projects/${id}/showflat-slots?date=${singaporeDayAhead(12)}`,
      );
      assert.equal(slots.status, 200, JSON.stringify(slots.body));
      const open = slots.body.slots.find((s: Body) => s.available);
      const booking = await call('POST', '/developers/current/showflat-bookings', {
        projectId: id,
        startsAt: open.startsAt,
        visitor: { name: 'Lee Mei Xin' },
      });
      assert.equal(booking.status, 201, JSON.stringify(booking.body));
      const rule = await call('POST', '/developers/current/lead-routing-rules', {
        priority: 1,
        match: { projectId: id },
        routeTo: { team: 'Kallang sales', email: 'sales@kallangbay.example' },
      });
      assert.equal(rule.status, 201, JSON.stringify(rule.body));
      const lead = await call('POST', '/developers/current/leads', {
        projectId: id,
        unitType: '2-bedroom',
        contact: { name: 'Lee Mei Xin', email: 'meixin@example.sg' },
      });
      assert.deepEqual([lead.status, lead.body.routedTo?.team], [201, 'Kallang sales'], JSON.stringify(lead.body));
      const archived = await call('POST', `/developers/current/projects/${id}/unit-types/${unit.body.id}/archive`);
      assert.equal(archived.body.status, 'archived');
      const noMore = await call('POST', '/developers/current/inventory-batches', {
        projectId: id,
        name: 'Tower B',
        unitType: '2-bedroom',
        units: 5,
      });
      assert.deepEqual([noMore.status, noMore.body.errors[0].parameter], [422, 'body.unitType']);
    }
    const [sandboxList, liveList] = await Promise.all(
      ENVIRONMENTS.map((e) => api(e, developer.keys[e], 'GET', '/developers/current/projects')),
    );
    assert.equal(sandboxList.body.data.length, 1);
    assert.notEqual(sandboxList.body.data[0].id, liveList.body.data[0].id, 'each environment its own project');
    const events = await eventsOf('live', developer.id);
    for (const type of [
      'project.created',
      'unit_type.created',
      'unit_type.deleted',
      'project.updated',
      'project.status_changed',
    ])
      assert.ok(events.includes(type), `${type} in ${events.join()}`);
  });

  it('lets a new partner site write its profile and take listings, in live only once approved', async () => {
    const none = await api('sandbox', site.keys.sandbox, 'GET', '/partner-sites/current');
    assert.equal(none.status, 404);
    const insecure = await api('sandbox', site.keys.sandbox, 'PUT', '/partner-sites/current', {
      name: 'Homes Weekly',
      url: 'http://homesweekly.example/',
      accepts: { modes: ['sale'], propertyTypes: ['hdb'] },
    });
    assert.equal(insecure.status, 400, 'https only');
    const written = await api('live', site.keys.live, 'PUT', '/partner-sites/current', {
      name: 'Homes Weekly',
      url: 'https://homesweekly.example/',
      accepts: { modes: ['sale', 'rent'], propertyTypes: ['hdb', 'condo'] },
    });
    assert.equal(written.status, 200, JSON.stringify(written.body));
    assert.match(written.body.id, /^ps_homesweekly[a-z0-9]{4}$/);
    const sites = async (environment: Environment) =>
      (await api(environment, agency.keys[environment], 'GET', '/partner-sites')).body.data.map((s: Body) => s.id);
    assert.ok((await sites('sandbox')).includes(written.body.id));
    assert.ok((await sites('sandbox')).includes('ps_lionhomes'), 'the sandbox keeps its demo sites');
    assert.deepEqual(await sites('live'), [written.body.id], 'live offers only real, approved sites');

    for (const environment of ENVIRONMENTS) {
      const listing = (await api(environment, agency.keys[environment], 'GET', '/listings?standardStatus=active')).body
        .data[0];
      const shown = await api(
        environment,
        agency.keys[environment],
        'PUT',
        `/listings/${listing.id}/distributions/${written.body.id}`,
      );
      assert.deepEqual([shown.status, shown.body.status], [200, 'live'], JSON.stringify(shown.body));
      const feed = await api(environment, site.keys[environment], 'GET', '/partner-sites/current/listings');
      assert.deepEqual(
        feed.body.data.map((l: Body) => l.id),
        [listing.id],
        `${environment}: the site reads what is distributed to it`,
      );
    }
    const demo = await api('live', agency.keys.live, 'PUT', `/listings/lst_0001/distributions/ps_lionhomes`);
    assert.equal(demo.status, 404, 'no sandbox site in live');
  });

  it('gives each kind its console pages: forms checked against the contract, archiving after asking, and the role model', async () => {
    const roleOf = (organizationId: string, role: string) =>
      db.query('update memberships set role = $2 where organization_id = $1', [organizationId, role]);
    for (const environment of ENVIRONMENTS) {
      await agency.browser.post('/console/environment', { to: environment });
      const page = await agency.browser.get('/console/agents');
      assert.equal(page.status, 200);
      assert.match(page.text, /<a href="\/console\/agents" aria-current="page">Agents<\/a>/);
      assert.match(page.text, /Ong Bee Hoon/, `${environment}: the agents are the organization's, in both`);
    }
    const bad = await agency.browser.post('/console/agents', { name: 'Wong Kai', ceaNumber: 'R12', role: 'agent' });
    assert.equal(
      bad.status,
      400,
      bad.text
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 600),
    );
    assert.match(bad.text, /id="ceaNumber"[^>]*aria-invalid="true"/);
    assert.match(bad.text, /value="Wong Kai"/, 'what was typed stays');
    const added = await agency.browser.post('/console/agents', {
      name: 'Wong Kai',
      ceaNumber: 'r700003c',
      role: 'agent',
    });
    assert.equal(added.location, '/console/agents?notice=added');
    const wong = (await api('sandbox', agency.keys.sandbox, 'GET', '/agents')).body.data.find(
      (a: Body) => a.name === 'Wong Kai',
    );
    assert.equal(wong.ceaNumber, 'R700003C');
    const asking = await agency.browser.get(`/console/agents/${wong.id}/archive`);
    assert.match(asking.text, /Archive Wong Kai\?/);
    assert.equal(
      (await agency.browser.post(`/console/agents/${wong.id}/archive`, {})).location,
      '/console/agents?notice=archived',
    );
    const team = await agency.browser.post('/console/agents/teams', { teamName: 'Marine Parade', agentIds: [wong.id] });
    assert.equal(team.status, 422, 'an archived agent joins no team');
    assert.match(team.text, /not an active agent/);
    await roleOf(agency.id, 'engineer');
    const read = await agency.browser.get('/console/agents');
    assert.doesNotMatch(read.text, /Add an agent/);
    assert.equal((await agency.browser.post('/console/agents', { name: 'X', ceaNumber: 'R700009X' })).status, 403);
    const [{ id: ownerId }] = await db.query<{ id: string }>('select id from users where organization_id = $1', [
      agency.id,
    ]);
    await roleOf(agency.id, 'owner');
    assert.match((await agency.browser.get('/console/agents')).text, new RegExp(`<option value="${ownerId}">`));
    const me = await agency.browser.post('/console/agents', {
      name: 'Nur Aisyah',
      ceaNumber: 'R700005E',
      role: 'agent',
      accountId: ownerId,
    });
    assert.equal(me.location, '/console/agents?notice=added', 'a member may be an agent');
    await roleOf(agency.id, 'agent');
    const self = await agency.browser.get('/console/agents');
    assert.match(self.text, /Nur Aisyah <span class="hint">\(you\)<\/span>/);
    assert.doesNotMatch(self.text, /Farid|Wong Kai|Ong Bee Hoon/, 'an agent sees their own record only');
    await roleOf(agency.id, 'owner');

    await developer.browser.post('/console/environment', { to: 'sandbox' });
    const nowhere = await developer.browser.post('/console/projects', {
      name: 'Bay View',
      district: '40',
      tenure: 'freehold',
    });
    assert.equal(nowhere.status, 400);
    assert.match(nowhere.text, /id="district"[^>]*aria-invalid="true"/);
    const project = await developer.browser.post('/console/projects', {
      name: 'Bay View',
      district: '15',
      tenure: 'freehold',
    });
    assert.match(project.location, /^\/console\/projects\/proj_[a-z0-9]+\?notice=added$/);
    const projectPath = project.location.split('?')[0]!;
    const unit = await developer.browser.post(`${projectPath}/unit-types`, {
      name: '4-bedroom',
      bedrooms: '4',
      floorAreaSqm: '130.5',
      units: '12',
    });
    assert.equal(unit.location, `${projectPath}?notice=unit`);
    const unnamed = await developer.browser.post(projectPath, { projectName: '', address: '3 Bay Walk' });
    assert.equal(unnamed.status, 400);
    assert.match(unnamed.text, /id="projectName"[^>]*aria-invalid="true"/);
    const renamed = await developer.browser.post(projectPath, { projectName: 'Bay View East', address: '3 Bay Walk' });
    assert.equal(renamed.location, `${projectPath}?notice=details`);
    const withdraw = await developer.browser.get(`${projectPath}/status/withdrawn`);
    assert.match(withdraw.text, /Withdrawn is final/);
    assert.equal(
      (await developer.browser.post(`${projectPath}/status/launched`, {})).location,
      `${projectPath}?notice=moved`,
    );
    const shown = await developer.browser.get(projectPath);
    assert.match(shown.text, /<strong>Launched<\/strong>/);
    assert.match(shown.text, /<h1>Bay View East<\/h1>[\s\S]*3 Bay Walk/);
    assert.match(shown.text, /4-bedroom/);
    assert.ok(
      !(await developer.browser.get('/console/agents')).text.includes('Add an agent'),
      'no agents at a developer',
    );

    const missing = await site.browser.post('/console/site-profile', {
      name: 'Homes Weekly',
      url: 'https://homesweekly.example/',
    });
    assert.equal(missing.status, 400);
    assert.match(missing.text, /Choose at least one/);
    const saved = await site.browser.post('/console/site-profile', {
      name: 'Homes Weekly SG',
      url: 'https://homesweekly.example/',
      modes: ['sale'],
      propertyTypes: ['hdb'],
    });
    assert.equal(saved.location, '/console/site-profile?notice=saved');
    const profile = await api('sandbox', site.keys.sandbox, 'GET', '/partner-sites/current');
    assert.deepEqual([profile.body.name, profile.body.accepts.modes], ['Homes Weekly SG', ['sale']]);
  });

  it("answers every one of MCP's private tools for a signed-up organization's member, and writes only once confirmed", async () => {
    const ownerOf = async (organizationId: string) =>
      (await db.query<{ id: string }>('select id from users where organization_id = $1', [organizationId]))[0]!.id;
    const call = async (name: string, organization: typeof agency, args: Record<string, unknown> = {}) => {
      const tool = TOOLS.find((t) => t.name === name)! as PrivateTool;
      const caller = { userId: await ownerOf(organization.id), organizationId: organization.id };
      const context = { services: started.services, client: '127.0.0.1', showPage: async () => {}, caller };
      return (await tool.run(args, context)) as { structured: Body; text: string } & { error?: string };
    };
    const projectId = (await api('sandbox', developer.keys.sandbox, 'GET', '/developers/current/projects')).body.data[0]
      .id;
    const listingId = (await api('sandbox', agency.keys.sandbox, 'GET', '/listings')).body.data[0].id;
    const checks: Record<string, () => Promise<void>> = {
      get_organization: async () => {
        for (const [organization, kind, name] of [
          [agency, 'agency', 'Orchid Realty'],
          [developer, 'developer', 'Kallang Bay Development'],
          [site, 'partner_site', 'Homes Weekly'],
        ] as const) {
          const { structured } = await call('get_organization', organization);
          assert.deepEqual([structured.id, structured.name, structured.kind], [organization.id, name, kind]);
        }
      },
      list_widget_keys: async () => assert.deepEqual((await call('list_widget_keys', site)).structured.data, []),
      create_widget_key: async () => {
        const asked = await call('create_widget_key', site, {
          name: 'Homes Weekly',
          origins: ['https://homesweekly.example'],
          idempotencyKey: 'mcp-widget-key-1',
        });
        assert.equal(asked.structured.status, 'awaiting_confirmation', JSON.stringify(asked));
      },
      list_webhook_deliveries: async () =>
        assert.deepEqual(
          (await call('list_webhook_deliveries', agency)).structured.data,
          [],
          'no endpoint, no delivery',
        ),
      replay_webhook_delivery: async () => {
        const asked = await call('replay_webhook_delivery', agency, {
          deliveryId: 'dlv_zz99zz99zz99',
          idempotencyKey: 'mcp-replay-1',
        });
        assert.match(asked.error ?? asked.text, /no delivery|not found|No delivery/i, JSON.stringify(asked));
      },
      list_inventory_batches: async () => {
        const { structured } = await call('list_inventory_batches', developer, { projectId });
        assert.deepEqual(
          structured.data.map((b: Body) => b.name),
          ['Tower A launch'],
        );
      },
      book_showflat_slot: async () => {
        const asked = await call('book_showflat_slot', developer, {
          projectId,
          startsAt: singaporeTimeAhead(12, '10:00'),
          visitorName: 'Goh Siew Lan',
          idempotencyKey: 'mcp-showflat-1',
        });
        assert.equal(asked.structured.preview.Project, 'Kallang Bay', JSON.stringify(asked));
      },
      submit_lead: async () => {
        const asked = await call('submit_lead', developer, {
          projectId,
          contactName: 'Goh Siew Lan',
          contactEmail: 'siewlan@example.sg',
          idempotencyKey: 'mcp-lead-1',
        });
        assert.equal(asked.structured.preview.Buyer, 'Goh Siew Lan <siewlan@example.sg>');
      },
      request_viewing: async () => {
        const asked = await call('request_viewing', agency, {
          listingId,
          startsAt: singaporeTimeAhead(12, '10:00'),
          attendeeName: 'Goh Siew Lan',
          idempotencyKey: 'mcp-viewing-1',
        });
        assert.equal(asked.structured.status, 'awaiting_confirmation', JSON.stringify(asked));
      },
      create_project: async () => {
        const args = { name: 'Marine Vista', district: 15, tenure: 'freehold', idempotencyKey: 'mcp-project-1' };
        const asked = await call('create_project', developer, args);
        assert.deepEqual(asked.structured.preview, { Project: 'Marine Vista', District: '15', Tenure: 'freehold' });
        const before = (await api('sandbox', developer.keys.sandbox, 'GET', '/developers/current/projects')).body.data;
        assert.ok(!before.some((p: Body) => p.name === 'Marine Vista'), 'nothing before the person confirms');
        await developer.browser.post('/console/environment', { to: 'sandbox' });
        await developer.browser.get(`/console/mcp/actions/${asked.structured.actionId}`);
        await developer.browser.post(`/console/mcp/actions/${asked.structured.actionId}`, { decision: 'allow' });
        const done = await call('create_project', developer, args);
        assert.deepEqual([done.structured.status, done.structured.result.status], ['done', 'planned']);
        const again = await call('create_project', developer, args);
        assert.equal(again.structured.result.id, done.structured.result.id, 'the same key, the same project');
      },
      add_agent: async () => {
        const args = { name: 'Tay Hui Ling', ceaNumber: 'R700004D', idempotencyKey: 'mcp-agent-1' };
        const asked = await call('add_agent', agency, args);
        assert.equal(asked.structured.preview['CEA registration'], 'R700004D');
        await agency.browser.post('/console/environment', { to: 'sandbox' });
        await agency.browser.get(`/console/mcp/actions/${asked.structured.actionId}`);
        await agency.browser.post(`/console/mcp/actions/${asked.structured.actionId}`, { decision: 'allow' });
        const done = await call('add_agent', agency, args);
        assert.equal(done.structured.status, 'done', JSON.stringify(done));
        const agents = (await api('live', agency.keys.live, 'GET', '/agents')).body.data;
        assert.ok(
          agents.some((a: Body) => a.id === done.structured.result.id),
          'shared with live',
        );
        const wrongPlace = await call('add_agent', developer, { ...args, idempotencyKey: 'mcp-agent-2' });
        assert.match(wrongPlace.error!, /not an agency/);
      },
    };
    const privateTools = TOOLS.filter((t) => t.scope).map((t) => t.name);
    assert.deepEqual(Object.keys(checks).sort(), [...privateTools].sort(), 'a check for every private tool');
    for (const [name, check] of Object.entries(checks))
      await check().catch((error) => assert.fail(`${name}: ${error}`));
  });
});
