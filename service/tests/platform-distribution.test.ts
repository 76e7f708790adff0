/**
 * Listings distributed to partner sites, over real HTTP on PGlite: the sites and what each accepts,
 * distributing (again: nothing changes; racing: one row, one event), withdrawing, a listing leaving
 * the market withdrawn everywhere, the partner site's own read of what is live on it, scope and
 * not-found refusals, bad input, and a reset back to the fixture.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resetSandboxData } from '../core/listings/sandbox-reset.js';
import { restoreSandboxFixtures } from '../sandbox/sandbox-data.js';
import { type Body, platformSandbox } from './platform-sandbox.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const DEVELOPER = 'svcp_test_developer0000000000002'; // no listings scopes
const PARTNER_FEED = 'svcp_test_partnerfeed00000000006'; // Lion City Homes: listings.read
const PARTNER = 'svcp_test_partner000000000000003'; // Lion City Homes without listings.read
const { call, db } = platformSandbox(AGENCY);
const events = async (type: string, listingId: string) =>
  (await db().query(`select 1 from outbox where type = $1 and payload->>'target' = $2`, [type, listingId])).length;
const distribute = (listingId: string, site: string) => call('PUT', `/listings/${listingId}/distributions/${site}`);
const feed = async () =>
  (await call('GET', '/partner-sites/current/listings?limit=100', undefined, PARTNER_FEED)).body.data.map(
    (l: Body) => l.id,
  );
/** The agency's listings in a status, with their mode and property type. */
const listingsIn = async (status: string) =>
  (await call('GET', `/listings?standardStatus=${status}&limit=100`)).body.data as Body[];

describe('distribution to partner sites', () => {
  it('lists the sites, and the fixture is live on Lion City Homes, which reads it', async () => {
    const sites = (await call('GET', '/partner-sites')).body.data;
    assert.deepEqual(
      sites.map((s: Body) => s.id),
      ['ps_expatrentals', 'ps_flatfinder', 'ps_lionhomes'],
    );
    assert.ok(sites.every((s: Body) => !('organizationId' in s)));
    const [fixture] = (await call('GET', '/listings/lst_0001/distributions')).body.data;
    assert.deepEqual([fixture.id, fixture.partnerSiteId, fixture.status], ['dst_0001', 'ps_lionhomes', 'live']);
    assert.deepEqual(await feed(), ['lst_0001']);
  });

  it('distributes once however often it is asked, racing included', async () => {
    const [listing] = await listingsIn('coming_soon');
    const answers = await Promise.all(Array.from({ length: 12 }, () => distribute(listing!.id, 'ps_lionhomes')));
    assert.ok(
      answers.every((a) => a.status === 200),
      JSON.stringify(answers.map((a) => a.body)),
    );
    assert.equal(new Set(answers.map((a) => a.body.id)).size, 1);
    assert.equal(await events('listing.distributed', listing!.id), 1);
    assert.ok((await feed()).includes(listing!.id));
  });

  it('withdraws, makes live again, and withdraws everywhere when the listing leaves the market', async () => {
    const [, listing] = (await listingsIn('active')).filter((l) => l.id !== 'lst_0001');
    const live = await distribute(listing!.id, 'ps_lionhomes');
    const withdrawn = await call('DELETE', `/listings/${listing!.id}/distributions/ps_lionhomes`);
    assert.deepEqual(
      [withdrawn.body.id, withdrawn.body.status, withdrawn.body.withdrawnReason],
      [live.body.id, 'withdrawn', 'withdrawn_by_agency'],
    );
    assert.ok(!(await feed()).includes(listing!.id));
    assert.equal(
      (await call('DELETE', `/listings/${listing!.id}/distributions/ps_lionhomes`)).body.status,
      'withdrawn',
    );
    assert.equal(await events('listing.distribution_withdrawn', listing!.id), 1, 'withdrawing again changes nothing');
    const again = await distribute(listing!.id, 'ps_lionhomes');
    assert.deepEqual([again.body.id, again.body.status, again.body.withdrawnReason], [live.body.id, 'live', null]);
    const gone = await call('POST', `/listings/${listing!.id}/status`, { standardStatus: 'withdrawn' });
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    const [after] = (await call('GET', `/listings/${listing!.id}/distributions`)).body.data;
    assert.deepEqual([after.status, after.withdrawnReason], ['withdrawn', 'listing_off_market']);
    assert.ok(!(await feed()).includes(listing!.id));
  });

  it('refuses listings a site does not take (422, the field named) and listings off the market (409)', async () => {
    const active = await listingsIn('active');
    const notForFlatFinder = active.find((l) => l.mode !== 'sale' || l.propertyType !== 'hdb')!;
    const refused = await distribute(notForFlatFinder.id, 'ps_flatfinder');
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors[0].parameter, 'partnerSiteId');
    assert.match(refused.body.detail, /Flat Finder SG takes hdb listings for sale/);
    const [closed] = await listingsIn('closed');
    const unavailable = await distribute(closed!.id, 'ps_lionhomes');
    assert.deepEqual([unavailable.status, unavailable.body.code], [409, 'listing_unavailable']);
  });

  it('answers 404, 403 and 400 where it should', async () => {
    assert.equal((await distribute('lst_9999', 'ps_lionhomes')).status, 404);
    assert.equal((await distribute('lst_0001', 'ps_nowhere')).status, 404);
    assert.equal((await distribute('lst_0001', 'ps_X!')).status, 400);
    assert.equal((await call('DELETE', '/listings/lst_0002/distributions/ps_expatrentals')).status, 404);
    assert.equal((await call('GET', '/listings/lst_9999/distributions')).status, 404);
    assert.equal((await call('GET', '/partner-sites', undefined, DEVELOPER)).status, 403);
    assert.equal((await call('GET', '/partner-sites/current/listings', undefined, PARTNER)).status, 403);
    assert.equal((await call('GET', '/partner-sites/current/listings')).status, 404, 'an agency is no partner site');
  });

  it('puts the fixture back on reset', async () => {
    await resetSandboxData(db(), restoreSandboxFixtures, 'org_lionrealty');
    assert.deepEqual(await feed(), ['lst_0001']);
  });
});
