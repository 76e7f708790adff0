/**
 * The OAuth store's single-use grants on both engines: twenty concurrent exchanges of one code, or of
 * one refresh token, give tokens exactly once (each is spent in one statement, not a read then a
 * write), and a refresh token presented again after use revokes its whole family.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { createOAuthStore } from '../core/grants/oauth-store.js';
import type { Database } from '../db/database.js';
import { onEachEngine } from '../sandbox/test-engines.js';

const REDIRECT = 'http://127.0.0.1:8899/callback';
const RESOURCE = 'http://127.0.0.1:8791/mcp';

onEachEngine('OAuth grants', (database) => {
  let db: Database;
  let store: ReturnType<typeof createOAuthStore>;
  let clients = 0;
  let now = new Date('2026-11-24T02:00:00Z');

  before(async () => {
    db = database()!;
    if (db) store = createOAuthStore(db, () => now);
  });

  /** A fresh client, and a code the person granted it. */
  async function grantedCode() {
    const clientId = `client_race_${++clients}`;
    await store.registerClient({ client_id: clientId, client_name: 'Racer', redirect_uris: [REDIRECT] });
    const request = await store.startAuthorization({
      clientId,
      clientName: 'Racer',
      scopes: ['organizations.read'],
      redirectUri: REDIRECT,
      codeChallenge: 'c'.repeat(43),
      resource: RESOURCE,
    });
    const { redirect } = (await store.decide(request, 'usr_siti'))!;
    return { clientId, code: redirect.searchParams.get('code')! };
  }

  it('gives tokens for one code exactly once, however many exchanges race', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { clientId, code } = await grantedCode();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.exchangeCode(clientId, code, REDIRECT, RESOURCE)),
    );
    assert.equal(results.filter((r) => r.tokens).length, 1);
  });

  it('refreshes one refresh token exactly once under a race, and a later reuse revokes the family', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { clientId, code } = await grantedCode();
    const first = (await store.exchangeCode(clientId, code, REDIRECT, RESOURCE)).tokens!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.refresh(clientId, first.refresh_token, undefined, undefined)),
    );
    const winners = results.filter((r) => r.tokens);
    assert.equal(winners.length, 1);
    const current = winners[0].tokens!;
    assert.ok(await store.verify(current.access_token), 'the winner works');

    const retry = await store.refresh(clientId, first.refresh_token, undefined, undefined);
    assert.match(retry.error ?? '', /just used/, "a client's retry within seconds is refused, nothing revoked");
    assert.ok(await store.verify(current.access_token));

    now = new Date(now.getTime() + 60_000);
    const replay = await store.refresh(clientId, first.refresh_token, undefined, undefined);
    assert.match(replay.error ?? '', /already used/);
    assert.equal(await store.verify(current.access_token), undefined, 'the whole family is revoked');
    assert.ok((await store.refresh(clientId, current.refresh_token, undefined, undefined)).error);
  });
});
