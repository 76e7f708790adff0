/**
 * The console's Inventory, Leads and Distribution pages by role and by kind of organization: an owner
 * changes (recorded under their name), an engineer reads and changes nothing, an organization of
 * another kind has no such page; a form for a move that does not exist, a move the state machine
 * forbids and a site that does not take the listing are refused with nothing changed; typed text
 * comes back as text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleBrowser } from './console-browser.js';
import { consoleSandbox } from './console-sandbox.js';

const sandbox = consoleSandbox();
const db = sandbox.db;
const signIn = (user: string) => new ConsoleBrowser(sandbox.base()).signIn(user);
const auditCount = async () => (await db().query('select id from audit_log')).length;

describe('the console’s inventory, leads and distribution', () => {
  it('lets an owner move a batch, recorded under their name, and refuses a move the batch does not allow', async () => {
    const arjun = await signIn('usr_arjun');
    const page = await arjun.get('/console/inventory');
    assert.equal(page.status, 200);
    assert.match(page.text, /href="\/console\/inventory\/batches\/bat_0001\/held"/);
    assert.match(page.text, /<caption>Price lists<\/caption>/);
    assert.equal((await arjun.get('/console/inventory/batches/bat_0001/held')).status, 200);
    assert.equal((await arjun.post('/console/inventory/batches/bat_0001/held', {})).status, 303);
    const [entry] = await db().query<{ user_id: string; via: string | null }>(
      `select user_id, via from audit_log where action = 'inventory_batch.held' and target = 'bat_0001' order by id desc limit 1`,
    );
    assert.deepEqual(entry, { user_id: 'usr_arjun', via: null });
    const before = await auditCount();
    const sold = await arjun.post('/console/inventory/batches/bat_0003/released', {});
    assert.equal(sold.status, 409);
    assert.match(sold.text, /sold now, which is final/);
    assert.equal((await arjun.post('/console/inventory/batches/bat_0001/vanished', {})).status, 404);
    assert.equal((await arjun.post('/console/inventory/batches/bat_nothere/held', {})).status, 404);
    assert.equal(await auditCount(), before, 'nothing refused was recorded');
    assert.equal((await arjun.post('/console/inventory/batches/bat_0001/released', {})).status, 303);
  });

  it('publishes a price list version from its form, each mistake beside its field', async () => {
    const arjun = await signIn('usr_arjun');
    const form = await arjun.get('/console/inventory/price-list?project=proj_0002');
    assert.equal(form.status, 200);
    assert.match(form.text, /<label for="price:2-bedroom">2-bedroom<\/label>/);
    assert.equal((await arjun.get('/console/inventory/price-list?project=proj_nothere')).status, 404);
    const none = await arjun.post('/console/inventory/price-list/proj_0002', { effectiveFrom: '2020-01-01' });
    assert.equal(none.status, 422);
    assert.match(none.text, /Give at least one unit type its price/);
    const past = await arjun.post('/console/inventory/price-list/proj_0002', {
      effectiveFrom: '2020-01-01',
      'price:2-bedroom': '1400000',
    });
    assert.equal(past.status, 422);
    assert.match(past.text, /id="effectiveFrom"[^>]*aria-invalid="true"/);
    assert.match(past.text, /today \([\d-]+, Singapore\) or later/);
    assert.match(past.text, /value="1400000"/, 'what was typed stays');
    const cheap = await arjun.post('/console/inventory/price-list/proj_0002', {
      effectiveFrom: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
      'price:2-bedroom': '10',
    });
    assert.equal(cheap.status, 422);
    assert.match(cheap.text, /id="price:2-bedroom"[^>]*aria-invalid="true"/);
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const published = await arjun.post('/console/inventory/price-list/proj_0002', {
      effectiveFrom: day,
      'price:2-bedroom': '1,420,000',
      'price:3-bedroom': '',
    });
    assert.equal(published.status, 303);
    const [row] = await db().query<{ version: number; prices: unknown }>(
      `select version, prices from price_lists where project_id = 'proj_0002' order by version desc limit 1`,
    );
    assert.equal(row!.version, 2);
    const [entry] = await db().query<{ user_id: string }>(
      `select user_id from audit_log where action = 'price_list.published' order by id desc limit 1`,
    );
    assert.equal(entry!.user_id, 'usr_arjun');
    assert.match((await arjun.get('/console/inventory')).text, /Version 2/);
  });

  it('adds a rule only as the contract allows, shows typed text as text, and deletes it after asking', async () => {
    const arjun = await signIn('usr_arjun');
    const bad = await arjun.post('/console/leads/rules', { priority: '0', team: '', email: 'x' });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /id="priority"[^>]*aria-invalid="true"/);
    assert.match(bad.text, /id="email"[^>]*aria-invalid="true"/);
    const made = await arjun.post('/console/leads/rules', {
      priority: '77',
      team: '<img src=x onerror=alert(1)>',
      email: 'desk@example.sg',
      minBudget: '1500000',
    });
    assert.equal(made.status, 303);
    const page = (await arjun.get('/console/leads')).text;
    assert.ok(
      page.includes('&lt;img src=x onerror=alert(1)&gt;') && !page.includes('<img src=x'),
      'typed text is text',
    );
    assert.match(page, /budget S\$1,500,000 and up/);
    const [{ id }] = await db().query<{ id: string }>(`select id from lead_routing_rules where priority = 77`);
    assert.equal((await arjun.get(`/console/leads/rules/${id}/delete`)).status, 200);
    assert.equal((await arjun.post(`/console/leads/rules/${id}/delete`, {})).status, 303);
    assert.equal((await db().query(`select id from lead_routing_rules where id = $1`, [id])).length, 0);
    assert.equal((await arjun.post(`/console/leads/rules/${id}/delete`, {})).status, 404);
  });

  it('shows a listing only on a site that takes it, and withdraws it', async () => {
    const meiling = await signIn('usr_meiling');
    assert.equal((await meiling.get('/console/distribution')).status, 200);
    // Flat Finder takes HDB homes for sale only: a rental is refused, nothing changes.
    const [rental] = await db().query<{ id: string }>(
      `select id from listings where mode = 'rent' and standard_status = 'active' order by id limit 1`,
    );
    const before = await auditCount();
    const refused = await meiling.post(`/console/distribution/${rental!.id}/ps_flatfinder/distribute`, {});
    assert.equal(refused.status, 422);
    assert.match(refused.text, /Flat Finder SG takes hdb listings for sale/);
    assert.equal(await auditCount(), before);
    assert.equal((await meiling.post(`/console/distribution/${rental!.id}/ps_lionhomes/distribute`, {})).status, 303);
    assert.equal((await meiling.post(`/console/distribution/${rental!.id}/ps_lionhomes/withdraw`, {})).status, 303);
    // Withdrawn already: the same answer, nothing recorded twice; a site never showing it says so.
    const recorded = await auditCount();
    assert.equal((await meiling.post(`/console/distribution/${rental!.id}/ps_lionhomes/withdraw`, {})).status, 303);
    assert.equal(await auditCount(), recorded);
    const never = await meiling.post(`/console/distribution/${rental!.id}/ps_expatrentals/withdraw`, {});
    assert.equal(never.status, 409);
    assert.match(never.text, /was not showing this listing/);
  });

  it('lets an engineer read and change nothing, and gives another kind of organization no such page', async () => {
    const siti = await signIn('usr_siti');
    // Siti is an owner at Lion City Homes (a partner site) and an engineer at Marina Heights.
    assert.equal((await siti.get('/console/inventory')).status, 404);
    assert.equal((await siti.get('/console/distribution')).status, 404);
    assert.doesNotMatch(
      (await siti.get('/console/widget-keys')).text,
      /href="\/console\/(inventory|leads|distribution)"/,
    );
    assert.equal((await siti.post('/console/account/workspace', { organization: 'org_marinaheights' })).status, 303);
    const page = await siti.get('/console/inventory');
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.text, /\/console\/inventory\/batches\//);
    assert.match(page.text, /Your role reads inventory/);
    assert.equal((await siti.get('/console/inventory/batches/bat_0001/held')).status, 403);
    const before = await auditCount();
    const refused = await siti.post('/console/inventory/batches/bat_0001/held', {});
    assert.equal(refused.status, 403);
    assert.match(refused.text, /you cannot hold, release or sell inventory batches/);
    assert.equal(
      (await siti.post('/console/leads/rules', { priority: '5', team: 'X', email: 'x@example.sg' })).status,
      403,
    );
    assert.equal(await auditCount(), before);
    assert.doesNotMatch((await siti.get('/console/leads')).text, /Add a rule/);
  });

  it('shows an agent none of these pages: a developer’s buyers’ contact details are not theirs to read', async () => {
    await db().query(
      `update memberships set role = 'agent' where user_id = 'usr_siti' and organization_id = 'org_marinaheights'`,
    );
    try {
      const siti = await signIn('usr_siti');
      assert.equal((await siti.post('/console/account/workspace', { organization: 'org_marinaheights' })).status, 303);
      const leads = await siti.get('/console/leads');
      assert.equal(leads.status, 403);
      assert.doesNotMatch(leads.text, /huimin@example\.com/);
      assert.equal((await siti.get('/console/inventory')).status, 403);
      assert.doesNotMatch((await siti.get('/console/widget-keys')).text, /href="\/console\/(inventory|leads)"/);
    } finally {
      await db().query(
        `update memberships set role = 'engineer' where user_id = 'usr_siti' and organization_id = 'org_marinaheights'`,
      );
    }
  });
});
