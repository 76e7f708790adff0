/**
 * OAuth for the MCP endpoint, end to end over HTTP: discovery, registration, PKCE authorization with
 * the person's consent in the API Console, tokens, a private tool, revocation in the console, and
 * each way a request can be wrong. The SDK's own client and its OAuth flow drive the happy path.
 * Workspaces, roles, confirmed writes and client metadata documents: mcp-workspaces.test.ts.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { webhookSender } from '../workers/webhook-sender.js';
import { startReceiver } from './webhook-receiver.js';
import { mcpOAuthSandbox } from './mcp-oauth-sandbox.js';

const {
  db,
  webhooks,
  CONSOLE,
  MCP,
  REDIRECT,
  Person,
  sdkProvider,
  pkce,
  register,
  authorizeUrl,
  token,
  codeFor,
  exchange,
  callTool,
  resultOf,
  tokensFor,
} = mcpOAuthSandbox();

describe('MCP OAuth', () => {
  it('publishes its metadata and answers a private tool without a token with 401 pointing at it (RFC 9728)', async () => {
    const metadata = await (await fetch(`${MCP()}/.well-known/oauth-authorization-server`)).json();
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.ok(metadata.registration_endpoint);
    const resource = await (await fetch(`${MCP()}/.well-known/oauth-protected-resource/mcp`)).json();
    assert.equal(resource.resource, `${MCP()}/mcp`);
    const answer = await callTool('list_widget_keys');
    assert.equal(answer.status, 401);
    assert.match(
      answer.headers.get('www-authenticate') ?? '',
      new RegExp(`resource_metadata="${MCP()}/.well-known/oauth-protected-resource/mcp"`),
    );
    // The tool's own scope, so a stock client asks for it rather than for every scope the server supports.
    assert.match(answer.headers.get('www-authenticate') ?? '', /scope="widget_keys.read"/);
  });

  it('runs the SDK client through registration, PKCE, consent and token to a private tool; revoking in the console stops it at once', async () => {
    const person = new Person();
    const provider = sdkProvider(person);
    let transport = new StreamableHTTPClientTransport(new URL(`${MCP()}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'Test assistant', version: '1.0.0' });
    await client.connect(transport);
    // Public tools need no sign-in; the first private call starts the OAuth flow.
    await assert.rejects(client.callTool({ name: 'list_widget_keys', arguments: {} }));
    await transport.finishAuth(await provider.codes);
    transport = new StreamableHTTPClientTransport(new URL(`${MCP()}/mcp`), { authProvider: provider });
    const signedIn = new Client({ name: 'Test assistant', version: '1.0.0' });
    await signedIn.connect(transport);
    const keys = await signedIn.callTool({ name: 'list_widget_keys', arguments: {} });
    assert.ok(
      (keys.structuredContent as { data: { key: string }[] }).data.some(
        (k) => k.key === 'svce_test_demo0000000000000001',
      ),
    );
    assert.equal(JSON.stringify(keys).includes('svcp_'), false, 'no secret in a tool result');

    const apps = await person.get(`${CONSOLE()}/console/connected-apps`);
    assert.match(apps.text, /Test assistant/);
    assert.match(apps.text, /widget_keys\.read/);
    const clientId = /connected-apps\/([^/]+)\/revoke/.exec(apps.text)![1];
    assert.equal((await person.post(`/console/connected-apps/${clientId}/revoke`, {})).status, 303);
    assert.equal((await callTool('list_widget_keys', (await provider.tokens())!.access_token)).status, 401);
    await signedIn.close();
    await client.close();
  });

  it('refuses plain PKCE, a missing challenge and a redirect URI it was not given', async () => {
    const client = await register();
    const cases: Record<string, string>[] = [
      { code_challenge_method: 'plain' },
      { code_challenge: '' },
      { redirect_uri: 'https://evil.example/callback' },
    ];
    for (const params of cases) {
      const answer = await fetch(authorizeUrl(client.client_id, 'x'.repeat(43), params), { redirect: 'manual' });
      const location = answer.headers.get('location') ?? '';
      assert.ok(
        answer.status === 400 || /error=invalid_request/.test(location),
        `${JSON.stringify(params)}: ${answer.status} ${location}`,
      );
      assert.ok(!location.startsWith('https://evil.example'), 'never redirects to an unregistered URI');
    }
    const plain = await fetch(authorizeUrl(client.client_id, 'x'.repeat(43), { code_challenge_method: 'plain' }), {
      redirect: 'manual',
    });
    const said = new URL(plain.headers.get('location')!).searchParams.get('error_description');
    assert.equal(said, 'Only S256 is supported as code_challenge_method (PKCE); plain is refused.');
  });

  it('refuses a wrong verifier, then a reused code (revoking what it gave), and a token for another resource', async () => {
    const person = new Person();
    const wrong = await codeFor(person);
    assert.equal(
      (
        await token({
          grant_type: 'authorization_code',
          client_id: wrong.client.client_id,
          code: wrong.code,
          code_verifier: pkce().verifier,
          redirect_uri: REDIRECT,
        })
      ).body.error,
      'invalid_grant',
    );

    const { client, verifier, code } = await codeFor(person);
    const first = await token({
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      resource: `${MCP()}/mcp`,
    });
    assert.equal(first.status, 200);
    const again = await token({
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    });
    assert.equal(again.body.error, 'invalid_grant');
    assert.equal(
      (await callTool('get_organization', first.body.access_token)).status,
      401,
      'tokens from a reused code are revoked',
    );

    const other = await codeFor(person);
    const foreign = await token({
      grant_type: 'authorization_code',
      client_id: other.client.client_id,
      code: other.code,
      code_verifier: other.verifier,
      redirect_uri: REDIRECT,
      resource: 'https://other.example/mcp',
    });
    assert.equal(foreign.body.error, 'invalid_target');
  });

  it('refuses an expired token, a token of another resource, and a missing scope (403 naming it), and refreshes', async () => {
    const person = new Person();
    const { client, verifier, code } = await codeFor(person);
    const tokens = (
      await token({
        grant_type: 'authorization_code',
        client_id: client.client_id,
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
      })
    ).body;
    assert.equal((await callTool('get_organization', tokens.access_token)).status, 200);

    const scoped = await callTool('list_widget_keys', tokens.access_token);
    assert.equal(scoped.status, 403);
    // What the token holds and what it lacks, so a client stepping up keeps what it had.
    assert.match(
      scoped.headers.get('www-authenticate') ?? '',
      /error="insufficient_scope".*scope="organizations.read widget_keys.read"/,
    );

    const hash = createHash('sha256').update(tokens.access_token).digest('hex');
    await db().query(`update oauth_tokens set resource = 'https://other.example/mcp' where token_sha256 = $1`, [hash]);
    assert.match(
      (await callTool('get_organization', tokens.access_token)).headers.get('www-authenticate') ?? '',
      /invalid_token/,
    );
    await db().query(
      `update oauth_tokens set resource = $2, expires_at = now() - interval '1 second' where token_sha256 = $1`,
      [hash, `${MCP()}/mcp`],
    );
    assert.equal((await callTool('get_organization', tokens.access_token)).status, 401, 'expired');

    const refreshed = await token({
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: tokens.refresh_token,
    });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.equal((await callTool('get_organization', refreshed.body.access_token)).status, 200);
    assert.equal(
      (await token({ grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.refresh_token }))
        .body.error,
      'invalid_grant',
      'a refresh token is used once',
    );
  });

  it("creates a widget key only after the person confirms on the service's page, once per idempotency key", async () => {
    const person = new Person();
    const { access_token } = await tokensFor(person, 'widget_keys.write');
    const args = { name: 'Made by an assistant', origins: ['https://Shop.Example'], idempotencyKey: 'assistant-0001' };
    const first = await resultOf(await callTool('create_widget_key', access_token, args));
    assert.equal(first.structuredContent?.status, 'awaiting_confirmation');
    const confirmUrl = String(first.structuredContent?.confirmUrl);
    const page = await person.get(confirmUrl);
    assert.match(page.text, /Made by an assistant/);
    assert.match(
      page.text,
      /<strong>Hand-made client<\/strong>, an AI app you connected, asks to create/,
      'names the app',
    );
    assert.match(page.text, /https:\/\/shop\.example/);
    assert.equal((await person.post(new URL(confirmUrl).pathname, { decision: 'allow' })).status, 303);
    const again = await resultOf(await callTool('create_widget_key', access_token, args));
    assert.equal(again.structuredContent?.status, 'created');
    const made = again.structuredContent?.widgetKey as { key: string; origins: string[] };
    assert.match(made.key, /^svce_test_/);
    assert.deepEqual(made.origins, ['https://shop.example']);
    const twice = await resultOf(await callTool('create_widget_key', access_token, args));
    assert.equal(
      (twice.structuredContent?.widgetKey as { key: string }).key,
      made.key,
      'the same key and arguments: the same widget key',
    );
    const other = await resultOf(
      await callTool('create_widget_key', access_token, { ...args, name: 'Something else' }),
    );
    assert.equal(other.isError, true);
    assert.match(other.content[0].text, /already used with other arguments/);
    const rows = await db().query<{ n: number }>(
      `select count(*)::int as n from widget_keys where name = 'Made by an assistant'`,
    );
    assert.equal(rows[0].n, 1);
    const audit = await db().query<{ user_id: string }>(
      `select user_id from audit_log where action = 'widget_key.created' and detail->>'name' = 'Made by an assistant'`,
    );
    assert.deepEqual(
      audit.map((r) => r.user_id),
      ['usr_siti'],
    );
  });

  it('refuses a blank or over-long name, and bad origins, exactly as the console does', async () => {
    const person = new Person();
    const { access_token } = await tokensFor(person, 'widget_keys.write');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', origins: ['https://shop.example'] }, 'Give the key a name you will recognise.'],
      [
        { name: ` ${'n'.repeat(99)} ${'x'.repeat(10)}`, origins: ['https://shop.example'] },
        "Keep the key's name to 100 characters (this one has 110).",
      ],
      [{ name: 'Fine', origins: ['https://*.example.com'] }, 'Wildcards are not allowed'],
    ];
    for (const [i, [args, message]] of cases.entries()) {
      const refused = await resultOf(
        await callTool('create_widget_key', access_token, { ...args, idempotencyKey: `refused-name-${i}` }),
      );
      assert.equal(refused.isError, true, message);
      assert.ok(refused.content[0].text.includes(message), refused.content[0].text);
      // The console's form says the same words.
      const form = await person.post('/console/widget-keys', {
        name: String(args.name),
        origins: (args.origins as string[]).join('\n'),
      });
      assert.equal(form.status, 422);
      assert.ok(form.text.includes(message.replaceAll("'", '&#39;')), message);
    }
    const rows = await db().query<{ n: number }>(
      `select count(*)::int as n from idempotency_keys where key like 'refused-name-%'`,
    );
    assert.equal(rows[0].n, 0, 'a refused call keeps no idempotency key');
  });

  it("never lets a client answer its own confirmation: elicitation only shows the service's page", async () => {
    const person = new Person();
    const tokens = (await tokensFor(person, 'widget_keys.write')) as unknown as OAuthTokens;
    for (const capabilities of [{ elicitation: { form: {}, url: {} } }, { elicitation: {} }]) {
      const client = new Client({ name: 'Eliciting assistant', version: '1.0.0' }, { capabilities });
      const asked: { mode?: string; url?: string; message: string }[] = [];
      // A client that says yes to anything it is asked, as a hostile or careless one would.
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params as { mode?: string; url?: string; message: string });
        return { action: 'accept', content: { confirm: true } };
      });
      const transport = new StreamableHTTPClientTransport(new URL(`${MCP()}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
      });
      await client.connect(transport);
      const name = `Elicited ${asked.length}${Object.keys(capabilities.elicitation).join('')}`;
      const args = {
        name,
        origins: ['https://attacker.example'],
        idempotencyKey: `elicit-${name.replaceAll(' ', '-')}`,
      };
      const result = await client.callTool({ name: 'create_widget_key', arguments: args });
      const answer = result.structuredContent as { status: string; confirmUrl: string };
      assert.equal(answer.status, 'awaiting_confirmation');
      assert.equal((await db().query('select 1 from widget_keys where name = $1', [name])).length, 0, 'no key yet');
      if ('url' in capabilities.elicitation) {
        assert.equal(asked.length, 1);
        assert.equal(asked[0].mode, 'url');
        assert.equal(asked[0].url, answer.confirmUrl, "the client is shown the service's own page");
      } else assert.equal(asked.length, 0, 'a form-only client is asked nothing');
      const retried = await client.callTool({ name: 'create_widget_key', arguments: args });
      assert.equal((retried.structuredContent as { status: string }).status, 'awaiting_confirmation');
      assert.equal(asked.length, 'url' in capabilities.elicitation ? 1 : 0, 'a retry is not shown the page again');

      // The person decides on the page; only then does the key exist.
      assert.equal((await person.post(new URL(answer.confirmUrl).pathname, { decision: 'allow' })).status, 303);
      const again = await client.callTool({ name: 'create_widget_key', arguments: args });
      assert.equal((again.structuredContent as { status: string }).status, 'created');
      assert.equal((await db().query('select 1 from widget_keys where name = $1', [name])).length, 1);
      await client.close();
    }
  });

  it("lists deliveries, and replays one only after the person confirms on the service's page", async () => {
    const receiver = await startReceiver();
    try {
      const person = new Person();
      const { access_token } = await tokensFor(person, 'webhooks.read webhooks.write');
      const [{ organization_id: org }] = await db().query<{ organization_id: string }>(
        `select organization_id from users where id = 'usr_siti'`,
      );
      const endpoint = (await webhooks().endpoints.create({ organizationId: org, url: `${receiver.base}/mcp` }))!;
      const deliveryId = await webhooks().deliveries.queueTest(endpoint.id, 'widget_key.created', new Date());
      const send = webhookSender({
        deliveries: webhooks().deliveries,
        endpoints: webhooks().endpoints,
        policy: webhooks().policy,
      });
      while ((await send.sendDue(new Date())) > 0);

      const listed = await resultOf(
        await callTool('list_webhook_deliveries', access_token, { endpointId: endpoint.id }),
      );
      assert.deepEqual(
        (listed.structuredContent?.data as { id: string; status: string }[]).map((d) => [d.id, d.status]),
        [[deliveryId, 'succeeded']],
      );
      const args = { deliveryId, idempotencyKey: 'replay-0001' };
      const asked = await resultOf(await callTool('replay_webhook_delivery', access_token, args));
      assert.equal(asked.structuredContent?.status, 'awaiting_confirmation');
      while ((await send.sendDue(new Date())) > 0);
      assert.equal(receiver.at('/mcp').length, 1, 'nothing is sent before the person decides');
      const confirmUrl = String(asked.structuredContent?.confirmUrl);
      const page = await person.get(confirmUrl);
      assert.match(page.text, /asks to send this webhook delivery again/);
      assert.match(page.text, new RegExp(`<dd>${deliveryId}</dd>`));
      assert.match(page.text, /Replay<\/button>/);
      assert.equal((await person.post(new URL(confirmUrl).pathname, { decision: 'allow' })).status, 200);
      const queued = await resultOf(await callTool('replay_webhook_delivery', access_token, args));
      assert.equal(queued.structuredContent?.status, 'queued', 'confirmed, not sent yet');
      while ((await send.sendDue(new Date())) > 0);
      const [first, second] = receiver.at('/mcp');
      assert.equal(second.id, first.id, 'the same webhook-id');
      const done = await resultOf(await callTool('replay_webhook_delivery', access_token, args));
      assert.deepEqual(done.structuredContent, { status: 'replayed', deliveryId, outcome: 'answered 200' });
      const other = await resultOf(
        await callTool('replay_webhook_delivery', access_token, { ...args, deliveryId: 'msg_0000000000000000' }),
      );
      assert.equal(other.isError, true);
    } finally {
      receiver.close();
    }
  });

  it('lets the person deny, and keeps tokens and codes only as hashes', async () => {
    const client = await register();
    const back = await new Person().consent(authorizeUrl(client.client_id, pkce().challenge), 'deny');
    assert.equal(back.searchParams.get('error'), 'access_denied');
    const stored =
      JSON.stringify(await db().query('select * from oauth_tokens')) +
      JSON.stringify(await db().query('select * from oauth_codes'));
    assert.ok(!/mcpat_|mcprt_|mcpac_/.test(stored));
  });
});

describe('MCP OAuth defences', () => {
  const registerWith = (metadata: Record<string, unknown>) =>
    fetch(`${MCP()}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Registrant', token_endpoint_auth_method: 'none', ...metadata }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));

  it('registers only https or loopback redirect URIs, and only https URLs it would show a person', async () => {
    for (const redirect of [
      'http://app.evil.example/callback',
      'file:///etc/passwd',
      'ftp://files.example/cb',
      'javascript:alert(1)',
      'https://user:pass@app.example/cb',
    ]) {
      const refused = await registerWith({ redirect_uris: [redirect] });
      assert.equal(refused.status, 400, redirect);
      assert.equal(refused.body.error, 'invalid_client_metadata', redirect);
    }
    for (const field of ['policy_uri', 'client_uri', 'logo_uri', 'tos_uri']) {
      const refused = await registerWith({ redirect_uris: [REDIRECT], [field]: 'javascript:alert(document.domain)' });
      assert.equal(refused.status, 400, field);
      assert.equal(refused.body.error, 'invalid_client_metadata', field);
      const plain = await registerWith({ redirect_uris: [REDIRECT], [field]: 'http://app.example/page' });
      assert.equal(plain.status, 400, `${field} over http`);
      assert.match(plain.body.error_description, new RegExp(`${field} must be an https URL`));
    }
    for (const redirect of [
      'https://app.example/cb',
      'http://127.0.0.1:7777/cb',
      'http://localhost/cb',
      'http://[::1]:9/cb',
    ])
      assert.equal((await registerWith({ redirect_uris: [redirect] })).status, 201, redirect);
  });

  it("answers OAuth's routes only for its own host name, as /mcp does", async () => {
    const { request } = await import('node:http');
    const statusFor = (path: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: new URL(MCP()).port, path, headers: { Host: host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/.well-known/oauth-authorization-server', '/authorize?client_id=x', '/mcp']) {
      assert.equal(await statusFor(path, 'rebound.evil.example'), 403, path);
    }
    assert.equal(await statusFor('/.well-known/oauth-authorization-server', new URL(MCP()).host), 200);
  });

  it('never repeats a path it does not know, a key pasted into it included', async () => {
    const pasted = 'svcp_test_agency00000000000000001';
    for (const path of [`/${pasted}`, `/mcp/${pasted}`, `/authorize/${pasted}`, `/.well-known/${pasted}`]) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${MCP()}${path}`, { method });
        const text = await response.text();
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.ok(!text.includes(pasted) && !text.includes('agency0000'), `${method} ${path}: ${text}`);
      }
    }
  });

  it('revokes the whole grant when a used refresh token comes back (a stolen copy)', async () => {
    const person = new Person();
    const granted = await codeFor(person);
    const { client } = granted;
    const first = (await exchange(granted)).body;
    const refreshed = (
      await token({ grant_type: 'refresh_token', client_id: client.client_id, refresh_token: first.refresh_token })
    ).body;
    assert.equal((await callTool('get_organization', refreshed.access_token)).status, 200);
    // A minute later (not a client's retry within seconds): the stolen copy comes back.
    await db().query(`update oauth_tokens set used_at = used_at - interval '1 minute' where token_sha256 = $1`, [
      createHash('sha256').update(first.refresh_token).digest('hex'),
    ]);
    const replay = await token({
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: first.refresh_token,
    });
    assert.equal(replay.body.error, 'invalid_grant');
    assert.equal((await callTool('get_organization', refreshed.access_token)).status, 401, 'the family is revoked');
  });

  it('exchanges one code once when twenty requests race for it', async () => {
    const granted = await codeFor(new Person());
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(granted)));
    assert.equal(answers.filter((a) => a.status === 200).length, 1);
  });
});
