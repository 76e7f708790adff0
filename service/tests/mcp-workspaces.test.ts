/**
 * AI apps in a person's workspaces, end to end over HTTP: the tools a token lists, roles at consent and
 * at every call, the workspace a grant acts in, writes that wait for the person on the service's page
 * (showflat visits, leads, viewings) and are done once as them, step-up, and clients described by
 * their metadata documents.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { describe, it } from 'node:test';
import { ORGANIZATIONS } from '../sandbox/organizations.js';
import { mcpOAuthSandbox } from './mcp-oauth-sandbox.js';
import { createMemberships } from '../core/organizations/memberships.js';
import { originOf } from '../web/serve.js';

const {
  db,
  CONSOLE,
  MCP,
  REDIRECT,
  Person,
  requestOf,
  pkce,
  register,
  authorizeUrl,
  token,
  codeFor,
  exchange,
  callTool,
  toolNames,
  resultOf,
  tokensFor,
} = mcpOAuthSandbox();

describe('MCP in workspaces', () => {
  it('lists only the tools a token can call; read-only leaves out the writes', async () => {
    const { access_token } = await tokensFor(new Person(), 'organizations.read widget_keys.write');
    const names = await toolNames(access_token);
    assert.ok(names.includes('get_organization') && names.includes('create_widget_key'), names.join());
    assert.ok(!names.includes('list_widget_keys') && !names.includes('list_webhook_deliveries'), names.join());
    assert.ok(names.includes('get_valuation'), 'public tools stay');
    const readOnly = await toolNames(access_token, { 'X-MCP-Readonly': 'true' });
    assert.ok(!readOnly.includes('create_widget_key') && readOnly.includes('get_organization'), readOnly.join());
    assert.deepEqual(await toolNames(access_token, { 'X-MCP-Toolsets': 'organization' }), ['get_organization']);
  });

  it("lists in docs/ai-clients.md exactly the server's tools, each once", async () => {
    const docs = readFileSync(new URL('../../docs/ai-clients.md', import.meta.url), 'utf8');
    const documented = [...docs.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    const served = await toolNames(); // without a token: every tool, the private ones saying they need sign-in
    assert.deepEqual([...documented].sort(), [...served].sort());
    assert.equal(new Set(documented).size, documented.length);
  });

  it('lets a person give an app only what their role allows: an engineer cannot give an owner-only scope', async () => {
    const wei = new Person();
    const { challenge } = pkce();
    const client = await register();
    const page = await wei.consentPage(
      authorizeUrl(client.client_id, challenge, { scope: 'organizations.read widget_keys.write' }),
      'usr_wei',
    );
    assert.match(
      page.text,
      /<strong>Lim Wei Jie<\/strong> \(engineer\) in the workspace of <strong>Lion City Homes<\/strong>/,
    );
    assert.match(page.text, /cannot give an app <code>widget_keys.write<\/code>: only an owner can/);
    assert.match(page.text, /<code>widget_keys.write<\/code>: [^<]+ <strong>\(not yours to give: left out\)<\/strong>/);
    assert.match(page.text, /Allow gives it only <code>organizations.read<\/code>/);
    assert.match(page.text, /value="allow">Allow what I can give</);
    // Allowing gives what the role allows, not the whole request: the token says so in its scope.
    const narrowed = await wei.post('/console/oauth/consent', { request: requestOf(page.text), decision: 'allow' });
    assert.equal(narrowed.status, 303);
    const code = new URL(narrowed.location).searchParams.get('code')!;
    const [grant] = await db().query<{ scopes: string[] }>('select scopes from oauth_codes where code_sha256 = $1', [
      createHash('sha256').update(code).digest('hex'),
    ]);
    assert.deepEqual(grant?.scopes, ['organizations.read']);
    const onlyOwners = await wei.consentPage(
      authorizeUrl((await register()).client_id, challenge, { scope: 'widget_keys.write' }),
      'usr_wei',
    );
    assert.ok(!onlyOwners.text.includes('value="allow"'), 'no Allow when nothing asked for is the role’s to give');
    const forced = await wei.post('/console/oauth/consent', { request: requestOf(onlyOwners.text), decision: 'allow' });
    assert.equal(forced.status, 403, 'a form sent anyway is refused');
    const within = await codeFor(wei, 'organizations.read webhooks.read', { id: 'usr_wei', name: 'Lim Wei Jie' });
    assert.ok(within.code, 'what the role allows is given');
  });

  it('acts only in the workspace the person connected the app for', async () => {
    const siti = new Person();
    const scope = 'organizations.read inventory.read';
    const page = await siti.consentPage(
      authorizeUrl((await register()).client_id, pkce().challenge, { scope }),
      'usr_siti',
    );
    assert.match(
      page.text,
      /Connect it for another workspace instead: <a href="[^"]+workspace=org_marinaheights">Marina Heights Development<\/a> \(engineer\)/,
    );
    const notHers = await siti.get(
      `${CONSOLE()}/console/oauth/consent?request=${requestOf(page.text)}&workspace=org_lionrealty`,
    );
    assert.equal(notHers.status, 403, 'a workspace the person does not belong to');

    const developer = (await tokensFor(siti, scope, 'org_marinaheights')).access_token;
    const org = await resultOf(await callTool('get_organization', developer));
    assert.equal(org.structuredContent?.name, 'Marina Heights Development');
    const batches = await resultOf(await callTool('list_inventory_batches', developer));
    assert.equal(batches.isError, undefined, batches.content[0]?.text);
    assert.deepEqual(
      (batches.structuredContent?.data as { id: string }[]).map((b) => b.id),
      ['bat_0001', 'bat_0002', 'bat_0003'],
    );

    const partner = (await tokensFor(siti, scope)).access_token; // her own workspace: Lion City Homes
    const refused = await resultOf(await callTool('list_inventory_batches', partner));
    assert.equal(refused.isError, true);
    assert.match(
      refused.content[0]!.text,
      /connected for Lion City Homes, which is a partner site: inventory belongs to a developer's workspace/,
    );
  });

  it('books a showflat visit only when the person confirms on the service page, and once', async () => {
    const arjun = new Person();
    const { access_token } = (
      await exchange(await codeFor(arjun, 'inventory.write', { id: 'usr_arjun', name: 'Arjun Nair' }))
    ).body;
    const at = new Date();
    at.setUTCDate(at.getUTCDate() + 9);
    at.setUTCHours(6, 30, 0, 0);
    const args = {
      projectId: 'proj_0002',
      startsAt: at.toISOString(),
      visitorName: 'Ong Bee Lian',
      idempotencyKey: 'book-e2e-0001',
    };
    const bookings = () => db().query(`select id from showflat_bookings where starts_at = $1`, [at]);
    const asked = await resultOf(await callTool('book_showflat_slot', access_token, args));
    assert.equal(asked.structuredContent?.status, 'awaiting_confirmation', asked.content[0]?.text);
    const preview = asked.structuredContent?.preview as Record<string, string>;
    assert.deepEqual(
      [preview.Project, preview.Visitor],
      [ORGANIZATIONS.org_marinaheights!.projects[1]!.name, 'Ong Bee Lian'],
    );
    assert.match(preview.When!, /\(Singapore\)$/);
    assert.equal((await bookings()).length, 0, 'nothing changes until the person confirms');
    const again = await resultOf(await callTool('book_showflat_slot', access_token, args));
    assert.equal(again.structuredContent?.actionId, asked.structuredContent?.actionId, 'the same key, the same action');
    const other = await resultOf(
      await callTool('book_showflat_slot', access_token, { ...args, visitorName: 'Someone else' }),
    );
    assert.match(other.content[0]!.text, /already used with other arguments/);

    const confirmUrl = String(asked.structuredContent?.confirmUrl);
    const page = await arjun.get(confirmUrl);
    assert.match(page.text, /Ong Bee Lian/);
    const organization = ORGANIZATIONS.org_marinaheights!.organization.name;
    assert.ok(page.text.includes(`<dt>Organization</dt><dd>${organization}</dd>`), 'names where it acts');
    assert.match(page.text, /Nothing is done until you confirm/);
    const path = new URL(confirmUrl).pathname;
    const done = await arjun.post(path, { decision: 'allow' });
    assert.match(done.text, /Done: <code>sfb_/);
    await arjun.post(path, { decision: 'allow' }); // a second click does nothing more
    const made = await bookings();
    assert.equal(made.length, 1, 'booked exactly once');
    const [audit] = await db().query<{ user_id: string }>(
      `select user_id from audit_log where action = 'showflat.booked' and target = $1`,
      [made[0]!.id],
    );
    assert.equal(audit?.user_id, 'usr_arjun', "in the audit log under the person's name");
    const booked = await resultOf(await callTool('book_showflat_slot', access_token, args));
    assert.equal(booked.structuredContent?.status, 'done');
    assert.equal((booked.structuredContent?.result as { id: string }).id, made[0]!.id);
  });

  it('passes on a lead only when the person confirms, routed by the developer’s rules, as them', async () => {
    const arjun = new Person();
    const { access_token } = (
      await exchange(await codeFor(arjun, 'leads.write', { id: 'usr_arjun', name: 'Arjun Nair' }))
    ).body;
    const args = {
      projectId: 'proj_0002',
      budget: 2_500_000,
      contactName: 'Goh Kai Wen',
      contactEmail: 'kaiwen@example.com',
      idempotencyKey: 'lead-e2e-0001',
    };
    const leads = () => db().query(`select id, routed_team from leads where contact_email = 'kaiwen@example.com'`);
    const asked = await resultOf(await callTool('submit_lead', access_token, args));
    assert.equal(asked.structuredContent?.status, 'awaiting_confirmation', asked.content[0]?.text);
    assert.equal((await leads()).length, 0);
    const path = new URL(String(asked.structuredContent?.confirmUrl)).pathname;
    assert.match((await arjun.get(`${CONSOLE()}${path}`)).text, /Goh Kai Wen &lt;kaiwen@example.com&gt;/);
    assert.match(
      (await arjun.get(`${CONSOLE()}${path}`)).text,
      /<strong>Hand-made client<\/strong>, an AI app you connected, asks/,
    );
    await arjun.post(path, { decision: 'allow' });
    const [lead] = await leads();
    assert.equal(lead?.routed_team, 'Premier sales');
    const done = await resultOf(await callTool('submit_lead', access_token, args));
    assert.match(done.content[0]!.text, /routed to Premier sales/);
    const declined = await resultOf(
      await callTool('submit_lead', access_token, { ...args, idempotencyKey: 'lead-e2e-0002' }),
    );
    const declinedPath = new URL(String(declined.structuredContent?.confirmUrl)).pathname;
    await arjun.get(`${CONSOLE()}${declinedPath}`);
    await arjun.post(declinedPath, { decision: 'deny' });
    const after = await resultOf(
      await callTool('submit_lead', access_token, { ...args, idempotencyKey: 'lead-e2e-0002' }),
    );
    assert.equal(after.structuredContent?.status, 'declined');
    assert.equal((await leads()).length, 1, 'a declined request does nothing');
  });

  it('holds a token to the role the person has now, and to their staying in the workspace', async () => {
    const siti = new Person();
    const token = (await tokensFor(siti, 'organizations.read inventory.read', 'org_marinaheights')).access_token;
    assert.equal((await callTool('list_inventory_batches', token)).status, 200);
    const setRole = (role: string) =>
      db().query(
        `update memberships set role = $1 where user_id = 'usr_siti' and organization_id = 'org_marinaheights'`,
        [role],
      );
    try {
      await setRole('agent'); // an agent may not give inventory.read: the token no longer holds it
      const demoted = await callTool('list_inventory_batches', token);
      assert.equal(demoted.status, 403);
      assert.match(
        demoted.headers.get('www-authenticate') ?? '',
        /insufficient_scope.*scope="organizations.read inventory.read"/,
      );
      assert.equal((await callTool('get_organization', token)).status, 200, 'what the role still allows works');
      await db().query(`delete from memberships where user_id = 'usr_siti' and organization_id = 'org_marinaheights'`);
      assert.equal((await callTool('get_organization', token)).status, 401, 'gone from the workspace: no valid token');
    } finally {
      await db().query(
        `insert into memberships (user_id, organization_id, role) values ('usr_siti', 'org_marinaheights', 'engineer')
         on conflict (user_id, organization_id) do update set role = 'engineer'`,
      );
    }
  });

  it('checks the role again when the person confirms, and lets no request wait past 15 minutes', async () => {
    const siti = new Person();
    const setRole = (role: string) =>
      db().query(`update memberships set role = $1 where user_id = 'usr_siti' and organization_id = 'org_lionhomes'`, [
        role,
      ]);
    const { access_token } = await tokensFor(siti, 'widget_keys.write');
    const args = {
      name: 'Asked, then demoted',
      origins: ['https://demoted.example', 'https://also.demoted.example'],
      idempotencyKey: 'demoted-0001',
    };
    const asked = await resultOf(await callTool('create_widget_key', access_token, args));
    const path = new URL(String(asked.structuredContent?.confirmUrl)).pathname;
    const made = () => db().query(`select id from widget_keys where name = 'Asked, then demoted'`);
    try {
      await setRole('engineer');
      const refused = await siti.post(path, { decision: 'allow' });
      assert.equal(refused.status, 403);
      assert.match(refused.text, /As an engineer at Lion City Homes you cannot create widget keys now/);
      assert.equal((await made()).length, 0, 'demoted before confirming: nothing made');
    } finally {
      await setRole('owner');
    }
    // The same for every write an app asks for: a lead, after its owner was demoted, is not taken in.
    const arjun = new Person();
    const arjunToken = (await exchange(await codeFor(arjun, 'leads.write', { id: 'usr_arjun', name: 'Arjun Nair' })))
      .body.access_token;
    const lead = await resultOf(
      await callTool('submit_lead', arjunToken, {
        projectId: 'proj_0002',
        budget: 2_000_000,
        contactName: 'Demoted Before',
        contactEmail: 'demoted@example.com',
        idempotencyKey: 'lead-demoted-0001',
      }),
    );
    const leadPath = new URL(String(lead.structuredContent?.confirmUrl)).pathname;
    const setArjun = (role: string) =>
      db().query(
        `update memberships set role = $1 where user_id = 'usr_arjun' and organization_id = 'org_marinaheights'`,
        [role],
      );
    try {
      await setArjun('engineer');
      assert.equal((await arjun.post(leadPath, { decision: 'allow' })).status, 403);
      const leads = await db().query(`select id from leads where contact_email = 'demoted@example.com'`);
      assert.equal(leads.length, 0);
    } finally {
      await setArjun('owner');
    }
    await db().query(
      `update mcp_actions set expires_at = now() - interval '1 second' where kind = 'create_widget_key' and input->>'name' = $1`,
      [args.name],
    );
    assert.match((await siti.get(path)).text, /expired before it was confirmed/);
    await siti.post(path, { decision: 'allow' });
    assert.equal((await made()).length, 0, 'an expired request makes nothing');
    // The app learns it, whatever order it lists the origins in: the same request, expired.
    const late = await resultOf(
      await callTool('create_widget_key', access_token, { ...args, origins: [...args.origins].reverse() }),
    );
    assert.equal(late.structuredContent?.status, 'expired');
    assert.match(late.content[0].text, /new idempotencyKey/);
  });

  it('refreshes nothing for a person who left the workspace, and removal ends every token at once', async () => {
    const siti = new Person();
    const restore = () =>
      db().query(
        `insert into memberships (user_id, organization_id, role) values ('usr_siti', 'org_marinaheights', 'engineer')
         on conflict (user_id, organization_id) do update set role = 'engineer'`,
      );
    const granted = await codeFor(siti, 'organizations.read', undefined, 'org_marinaheights');
    const tokens = (await exchange(granted)).body;
    const refresh = (refreshToken: string) =>
      token({ grant_type: 'refresh_token', client_id: granted.client.client_id, refresh_token: refreshToken });
    try {
      await db().query(`delete from memberships where user_id = 'usr_siti' and organization_id = 'org_marinaheights'`);
      const refused = await refresh(tokens.refresh_token!);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error, 'invalid_grant');
      await restore();
      assert.equal((await refresh(tokens.refresh_token!)).status, 400, 'the grant stays revoked when they come back');
      // Removal through the core: every token of the workspace ends in the same transaction.
      const again = (await tokensFor(siti, 'organizations.read', 'org_marinaheights')) as Record<string, string>;
      const removed = await createMemberships(db()).remove(
        { userId: 'usr_arjun', organizationId: 'org_marinaheights' },
        'usr_siti',
      );
      assert.equal(removed, 'done');
      assert.equal((await callTool('get_organization', again.access_token!)).status, 401);
      await restore();
      assert.equal(
        (await callTool('get_organization', again.access_token!)).status,
        401,
        'revoked, not only unreadable',
      );
    } finally {
      await restore();
    }
  });

  it('requests a viewing in an agency’s workspace only when the person confirms, as them', async () => {
    const meiling = new Person();
    const { access_token } = (
      await exchange(await codeFor(meiling, 'viewings.write', { id: 'usr_meiling', name: 'Tan Mei Ling' }))
    ).body;
    const at = new Date();
    at.setUTCDate(at.getUTCDate() + 11);
    at.setUTCHours(7, 45, 0, 0);
    const args = {
      listingId: 'lst_0001',
      startsAt: at.toISOString(),
      attendeeName: 'Lee Jia Hui',
      idempotencyKey: 'view-e2e-0001',
    };
    const asked = await resultOf(await callTool('request_viewing', access_token, args));
    assert.equal(asked.structuredContent?.status, 'awaiting_confirmation', asked.content[0]?.text);
    const path = new URL(String(asked.structuredContent?.confirmUrl)).pathname;
    assert.equal((await db().query(`select 1 from viewings where attendee_name = 'Lee Jia Hui'`)).length, 0);
    await meiling.get(`${CONSOLE()}${path}`);
    await meiling.post(path, { decision: 'allow' });
    const [viewing] = await db().query<{ id: string }>(`select id from viewings where attendee_name = 'Lee Jia Hui'`);
    assert.ok(viewing, 'requested once confirmed');
    const [audit] = await db().query<{ user_id: string }>(
      `select user_id from audit_log where action = 'viewing.requested' and target = $1`,
      [viewing!.id],
    );
    assert.equal(audit?.user_id, 'usr_meiling');
    const done = await resultOf(await callTool('request_viewing', access_token, args));
    assert.equal(done.structuredContent?.status, 'done');
  });

  it('on a step-up, marks what the app already holds so the person sees just the new scope', async () => {
    const siti = new Person();
    const client = await register();
    const { verifier, challenge } = pkce();
    const back = await siti.consent(authorizeUrl(client.client_id, challenge, { scope: 'organizations.read' }));
    await exchange({ client, verifier, code: back.searchParams.get('code')! }); // connected: it holds a token
    const again = await siti.consentPage(
      authorizeUrl(client.client_id, pkce().challenge, { scope: 'organizations.read widget_keys.read' }),
      'usr_siti',
    );
    assert.match(again.text, /<code>organizations.read<\/code>: [^<]+<span class="hint">\(already given\)<\/span>/);
    assert.match(again.text, /<code>widget_keys.read<\/code>: [^<]+<strong>\(new\)<\/strong>/);
  });

  it('takes a client described by its metadata document (client_id is its URL), and refuses documents that do not fit', async () => {
    const documents: Record<string, unknown> = {};
    const documentServer = createServer((req, res) => {
      const document = documents[req.url ?? ''];
      res.writeHead(document ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(document ?? {}));
    });
    await new Promise<void>((resolve) => documentServer.listen(0, '127.0.0.1', resolve));
    try {
      const base = originOf(documentServer);
      const good = `${base}/assistant/client.json`;
      documents['/assistant/client.json'] = {
        client_id: good,
        client_name: 'Document assistant',
        redirect_uris: [REDIRECT],
      };
      const metadata = (await (await fetch(`${MCP()}/.well-known/oauth-authorization-server`)).json()) as Record<
        string,
        unknown
      >;
      assert.equal(metadata.client_id_metadata_document_supported, true);

      const { verifier, challenge } = pkce();
      const back = await new Person().consent(authorizeUrl(good, challenge, { scope: 'organizations.read' }));
      const tokens = await token({
        grant_type: 'authorization_code',
        client_id: good,
        code: back.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
      });
      assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
      const org = await resultOf(await callTool('get_organization', tokens.body.access_token));
      assert.equal(org.structuredContent?.name, 'Lion City Homes');

      documents['/other/client.json'] = { client_id: `${base}/someone-else.json`, redirect_uris: [REDIRECT] };
      documents['/secret/client.json'] = {
        client_id: `${base}/secret/client.json`,
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'client_secret_post',
      };
      documents['/script/client.json'] = {
        client_id: `${base}/script/client.json`,
        redirect_uris: ['javascript:alert(1)'],
      };
      for (const clientId of [
        `${base}/other/client.json`, // names another client
        `${base}/secret/client.json`, // a document is public: no secrets
        `${base}/script/client.json`, // a redirect URI no registration may have
        `${base}/missing.json`, // 404
        'http://10.0.0.1/client.json', // an address the service never fetches
      ]) {
        const refused = await fetch(authorizeUrl(clientId, challenge), { redirect: 'manual' });
        assert.equal(refused.status, 400, clientId);
      }
      const elsewhere = await fetch(authorizeUrl(good, challenge, { redirect_uri: 'http://127.0.0.1:9999/other' }), {
        redirect: 'manual',
      });
      assert.equal(elsewhere.status, 400, 'a redirect URI the document does not list');
    } finally {
      documentServer.close();
    }
  });
});
