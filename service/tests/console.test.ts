/**
 * The API Console over real HTTP against its database: sessions, CSRF, organization isolation, every
 * form with hostile input, and changes the widget host and the Platform API honour at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi } from '../surfaces/platform/api.js';
import { ConsoleBrowser } from './console-browser.js';
import { consoleSandbox } from './console-sandbox.js';
import { createSessions } from '../core/organizations/sessions.js';

const sandbox = consoleSandbox({
  pinnedLoader: async () => ({ version: '1.2.3', file: 'v1.2.3/widget.js', integrity: 'sha384-abc+/=' }),
});
const BASE = sandbox.base;
const db = sandbox.db;
const logged: string[] = [];
const originalError = console.error;

before(() => {
  console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
});
after(() => {
  console.error = originalError;
});

/** A browser at the console of the server under test. */
class Browser extends ConsoleBrowser {
  constructor() {
    super(BASE());
  }
}

const estimateFrom = (key: string, origin: string) =>
  fetch(`${BASE()}/v1/estimates?key=${key}&id=hdb-560102-4-room`, { headers: { Origin: origin } }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

describe('API Console', () => {
  it('stores a session only at sign-in, in an HttpOnly, SameSite=Lax cookie on the console path', async () => {
    const sessions = async () => (await db().query<{ n: number }>('select count(*)::int as n from sessions'))[0].n;
    const before = await sessions();
    for (let i = 0; i < 200; i++) {
      const path = ['/console/copy.js', '/console/', '/console/sign-in', '/console/widget-keys'][i % 4];
      const answer = await fetch(`${BASE()}${path}`, { redirect: 'manual' });
      await answer.arrayBuffer();
    }
    assert.equal(await sessions(), before, 'requests without a cookie write no session');

    const browser = new Browser();
    const first = await browser.get('/console/');
    assert.match(
      first.setCookie ?? '',
      /^svc_console_csrf=[\w-]{43}; Path=\/console; HttpOnly; SameSite=Lax; Max-Age=43200$/,
      "before sign-in, only the form token's cookie",
    );
    await browser.get('/console/sign-in');
    const signedIn = await browser.post('/console/sign-in', { user: 'usr_siti' });
    assert.match(
      signedIn.setCookie ?? '',
      /^svc_console=[\w-]+; Path=\/console; HttpOnly; SameSite=Lax; Max-Age=43200$/,
    );
    assert.equal(await sessions(), before + 1);
    const stored = await db().query<{ id_sha256: string }>('select id_sha256 from sessions');
    assert.ok(stored.every((row) => /^[0-9a-f]{64}$/.test(row.id_sha256)));
  });

  it('sweeps expired sessions', async () => {
    const browser = await new Browser().signIn('usr_siti');
    await db().query(`update sessions set expires_at = now() - interval '1 second'`);
    const swept = await createSessions(db()).sweep();
    assert.ok(swept >= 1);
    assert.equal((await db().query('select 1 from sessions')).length, 0);
    assert.equal(
      (await browser.get('/console/widget-keys')).status,
      200,
      'an expired session is asked to sign in again',
    );
  });

  it('refuses a change sent from another site even with a valid token, and sends a Content-Security-Policy', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const count = async () => (await db().query<{ n: number }>('select count(*)::int as n from widget_keys'))[0].n;
    const before = await count();
    const fields = { name: 'Cross-site', origins: 'https://a.example' };
    for (const headers of <Record<string, string>[]>[
      { Origin: 'https://attacker.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://sub.127.0.0.1' },
    ]) {
      const refused = await browser.post('/console/widget-keys', fields, browser.csrf, headers);
      assert.equal(refused.status, 403, JSON.stringify(headers));
      assert.match(refused.text, /This form came from another site/);
    }
    assert.equal(await count(), before);
    const sameOrigin = { Origin: BASE(), 'Sec-Fetch-Site': 'same-origin' };
    assert.equal((await browser.post('/console/widget-keys', fields, browser.csrf, sameOrigin)).status, 303);

    for (const path of ['/console/widget-keys', '/valuation/hdb-560102-4-room?mode=sale', '/docs/messages']) {
      const policy = (await fetch(`${BASE()}${path}`, { headers: { Cookie: browser.cookie } })).headers.get(
        'content-security-policy',
      );
      assert.match(policy ?? '', /default-src 'none'; script-src 'self'; style-src 'sha256-[\w+/=]+'/, path);
      assert.match(policy ?? '', /frame-ancestors 'none'/, path);
    }
  });

  it('refuses a form with a missing or wrong CSRF token, and changes nothing', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const count = async () => (await db().query<{ n: number }>('select count(*)::int as n from widget_keys'))[0].n;
    const before = await count();
    assert.equal(
      (await browser.post('/console/widget-keys', { name: 'x', origins: 'https://a.example' }, null)).status,
      403,
    );
    assert.equal(
      (await browser.post('/console/widget-keys', { name: 'x', origins: 'https://a.example' }, 'forged')).status,
      403,
    );
    const otherSession = await new Browser().signIn('usr_siti');
    assert.equal(
      (await browser.post('/console/widget-keys', { name: 'x', origins: 'https://a.example' }, otherSession.csrf))
        .status,
      403,
    );
    assert.equal(await count(), before);
  });

  it('rejects bad input beside the field and keeps what was typed', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const cases: [Record<string, string>, RegExp][] = [
      [{ name: 'Shop', origins: 'https://shop.example/path' }, /Leave out the path/],
      [{ name: 'Shop', origins: 'https://*.example.com' }, /Wildcards are not allowed/],
      [{ name: 'Shop', origins: 'null' }, /&quot;null&quot;/],
      [{ name: 'Shop', origins: 'http://localhost:5173.evil.example' }, /not a valid origin/],
      [{ name: 'Shop', origins: 'https://example.com.' }, /dot at the end/],
      [{ name: 'Shop', origins: '' }, /List at least one website origin/],
      [{ name: 'x'.repeat(2000), origins: 'https://shop.example' }, /to 100 characters \(this one has 2000\)/],
      [{ name: '   ', origins: 'https://shop.example' }, /Give the key a name/],
    ];
    for (const [fields, message] of cases) {
      const answer = await browser.post('/console/widget-keys', fields);
      assert.equal(answer.status, 422, JSON.stringify(fields).slice(0, 80));
      assert.match(answer.text, message);
      assert.match(answer.text, /class="error" id="(name|origins)-error"/);
      if (fields.origins)
        assert.ok(answer.text.includes(`>${fields.origins}</textarea>`), 'the origins typed are kept');
      assert.ok(answer.text.includes(`value="${fields.name}"`), 'the name typed is kept');
    }
  });

  it('refuses a NUL character beside its field with what was typed kept (in a query or a field’s name, with a page), and a form over 64 KB, changing nothing', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const count = async () =>
      (
        await db().query<{ n: number }>(
          `select count(*)::int as n from widget_keys where organization_id = 'org_lionrealty'`,
        )
      )[0].n;
    const before = await count();
    for (const [path, fields, field] of [
      ['/console/widget-keys', { name: 'Shop\u0000', origins: 'https://shop.example' }, 'name'],
      ['/console/widget-keys', { name: 'Shop', origins: 'https://shop.example\u0000' }, 'origins'],
      ['/console/webhooks', { url: 'https://hooks.example.sg/\u0000', description: 'CRM' }, 'url'],
      ['/console/platform-keys', { label: 'CRM\u0000', scopes: 'valuations.read' }, 'label'],
    ] as const) {
      await browser.get(path);
      const answer = await browser.post(path, fields);
      assert.equal(answer.status, 422, `${path} ${field}`);
      // The form again, the field marked with why, and what was typed kept (the NUL shown as U+FFFD).
      const typed = (fields as Record<string, string>)[field]!.replace('\u0000', '\uFFFD');
      assert.ok(answer.text.includes(typed), `${field}: what was typed is kept`);
      assert.match(answer.text, /NUL/, `${field}: says why`);
      assert.match(
        answer.text,
        new RegExp(`name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`),
        `${field} marked`,
      );
    }
    const named = await browser.post('/console/widget-keys', { 'na\u0000me': 'Shop', origins: 'https://shop.example' });
    assert.equal(named.status, 400);
    assert.match(named.text, /the field “name” contains a NUL character/);
    const audit = await browser.get('/console/audit?action=widget_key.created%00');
    assert.equal(audit.status, 400);
    assert.match(audit.text, /the field “action” contains a NUL character/);
    const huge = await browser.post('/console/widget-keys', {
      name: 'Shop',
      origins: 'https://a.example\n'.repeat(5000),
    });
    assert.equal(huge.status, 413);
    assert.match(huge.text, /too large/);
    assert.equal(await count(), before, 'nothing was made');
    assert.ok(
      !logged.some((line) => line.includes('NUL') || line.includes('\u0000')),
      'and nothing failed on our side',
    );
  });

  it('stores origins as browsers send them and shows markup as text everywhere, the audit log included', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const name = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const created = await browser.post('/console/widget-keys', {
      name,
      origins: 'https://Example.COM\nhttps://bücher.example',
    });
    assert.equal(created.status, 303);
    const page = await browser.get(created.location!);
    assert.ok(!page.text.includes('<script>alert'), 'no markup from a field reaches a page');
    assert.ok(page.text.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'));
    assert.match(page.text, /https:\/\/example\.com\nhttps:\/\/xn--bcher-kva\.example<\/textarea>/);
    const audit = await browser.get('/console/audit');
    assert.ok(
      audit.text.includes('widget_key.created') &&
        audit.text.includes('&lt;script&gt;') &&
        !audit.text.includes('<script>alert'),
    );
  });

  it('keeps each organization to its own keys', async () => {
    const siti = await new Browser().signIn('usr_siti');
    const [{ id }] = await db().query<{ id: string }>(
      "select id from widget_keys where organization_id = 'org_lionhomes' limit 1",
    );
    const meiling = await new Browser().signIn('usr_meiling');
    assert.equal((await meiling.get(`/console/widget-keys/${id}`)).status, 404);
    assert.equal((await meiling.post(`/console/widget-keys/${id}/revoke`, {})).status, 404);
    assert.equal(
      (await meiling.post(`/console/widget-keys/${id}`, { name: 'mine now', origins: 'https://evil.example' })).status,
      404,
    );
    assert.ok(!(await meiling.get('/console/widget-keys')).text.includes(id));
    assert.equal((await siti.get(`/console/widget-keys/${id}`)).status, 200);
  });

  it('changes origins, rotates and revokes keys with effect on the widget host at once', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const created = await browser.post('/console/widget-keys', { name: 'Live test', origins: 'https://shop.example' });
    const id = created.location!.split('/').pop()!.split('?')[0];
    const keyOf = async () =>
      (await db().query<{ key: string }>('select key from widget_keys where id = $1', [id]))[0].key;
    const key = await keyOf();
    assert.equal((await estimateFrom(key, 'https://shop.example')).status, 200);
    await browser.get(`/console/widget-keys/${id}`);
    assert.equal((await browser.post(`/console/widget-keys/${id}`, { name: 'Live test', origins: '' })).status, 303);
    assert.equal((await estimateFrom(key, 'https://shop.example')).body.code, 'origin_not_allowed');
    await browser.post(`/console/widget-keys/${id}`, { name: 'Live test', origins: 'https://shop.example' });
    await browser.post(`/console/widget-keys/${id}/rotate`, { grace: '0' });
    const rotated = await keyOf();
    assert.notEqual(rotated, key);
    assert.equal(
      (await estimateFrom(key, 'https://shop.example')).body.code,
      'invalid_key',
      'the old value is refused at once',
    );
    assert.equal((await estimateFrom(rotated, 'https://shop.example')).status, 200);
    await browser.post(`/console/widget-keys/${id}/revoke`, {});
    assert.equal(
      (await estimateFrom(rotated, 'https://shop.example')).body.code,
      'invalid_key',
      'a revoked key is refused at once',
    );
    const actions = (
      await db().query<{ action: string }>('select action from audit_log where target = $1 order by id', [id])
    ).map((r) => r.action);
    assert.deepEqual(actions, [
      'widget_key.created',
      'widget_key.origins_removed',
      'widget_key.origins_added',
      'widget_key.rotated',
      'widget_key.revoked',
    ]);
  });

  it('asks before rotating or revoking, saying what will stop working, and keeps the old value for the grace chosen', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const created = await browser.post('/console/widget-keys', {
      name: 'Grace test',
      origins: 'https://grace.example',
    });
    const id = created.location!.split('/').pop()!.split('?')[0];
    const keyOf = async () =>
      (await db().query<{ key: string }>('select key from widget_keys where id = $1', [id]))[0].key;
    const old = await keyOf();

    const asked = await browser.get(`/console/widget-keys/${id}/rotate`);
    assert.equal(asked.status, 200);
    assert.match(asked.text, /Rotate “Grace test”\?/);
    assert.match(asked.text, /https:\/\/grace\.example/);
    assert.match(asked.text, /name="grace" id="grace-24" value="24" checked/);
    assert.equal(await keyOf(), old, 'asking changes nothing');
    assert.equal((await browser.post(`/console/widget-keys/${id}/rotate`, { grace: '5' })).status, 422);
    assert.equal(await keyOf(), old, 'a grace not offered changes nothing');

    await browser.post(`/console/widget-keys/${id}/rotate`, { grace: '24' });
    const fresh = await keyOf();
    assert.notEqual(fresh, old);
    assert.equal((await estimateFrom(old, 'https://grace.example')).status, 200, 'the old value works for 24 hours');
    assert.equal((await estimateFrom(fresh, 'https://grace.example')).status, 200);
    const keyPage = await browser.get(`/console/widget-keys/${id}`);
    assert.match(
      keyPage.text,
      new RegExp(`Old value <code>${old}</code> still works until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`),
    );
    const [{ detail }] = await db().query<{ detail: { oldValueWorksUntil: string } }>(
      `select detail from audit_log where target = $1 and action = 'widget_key.rotated'`,
      [id],
    );
    assert.match(detail.oldValueWorksUntil, /^\d{4}-/);

    // A second rotation with a grace keeps both earlier values for theirs.
    await browser.post(`/console/widget-keys/${id}/rotate`, { grace: '1' });
    const third = await keyOf();
    for (const value of [old, fresh, third])
      assert.equal((await estimateFrom(value, 'https://grace.example')).status, 200, 'each value within its grace');
    assert.equal(((await browser.get(`/console/widget-keys/${id}`)).text.match(/Old value <code>/g) ?? []).length, 2);

    // A rotation with no grace (a leak) stops every earlier value at once.
    await browser.post(`/console/widget-keys/${id}/rotate`, { grace: '0' });
    for (const value of [old, fresh, third])
      assert.equal((await estimateFrom(value, 'https://grace.example')).body.code, 'invalid_key');

    const revoke = await browser.get(`/console/widget-keys/${id}/revoke`);
    assert.match(revoke.text, /Revoke “Grace test”\?.*stops working at once/s);
    const platform = await browser.post('/console/platform-keys', { label: 'Confirm me', scopes: 'valuations.read' });
    const revokeLink = /href="(\/console\/platform-keys\/[a-z0-9_]+\/revoke)"/.exec(platform.text);
    assert.ok(revokeLink, 'the list links to a confirmation, not a one-click revoke');
    assert.match((await browser.get(revokeLink[1])).text, /Revoke “Confirm me”\?.*refuses/s);
  });

  it('pages the audit log, filters it by action, and names keys by their names', async () => {
    const browser = await new Browser().signIn('usr_arjun');
    for (let i = 1; i <= 55; i++)
      await browser.post('/console/widget-keys', { name: `Audit key ${i}`, origins: `https://audit${i}.example` });
    const first = await browser.get('/console/audit');
    assert.equal((first.text.match(/<tr><td data-label="When">/g) ?? []).length, 50);
    assert.match(first.text, /Audit key 55 <span class="hint"><code>wk_/);
    const older = /href="(\/console\/audit\?before=\d+)">Older changes/.exec(first.text);
    assert.ok(older, 'a link to the older changes');
    const second = await browser.get(older[1].replaceAll('&amp;', '&'));
    assert.ok((second.text.match(/<tr><td data-label="When">/g) ?? []).length >= 5);
    assert.match(second.text, /Audit key 1 </);
    assert.match(second.text, /Newest changes/);
    const filtered = await browser.get('/console/audit?action=widget_key.created');
    assert.match(filtered.text, /<option value="widget_key.created" selected>/);
    assert.doesNotMatch(filtered.text, /<code>widget_key\.(rotated|revoked)<\/code>/);
    const nothing = await browser.get('/console/audit?action=no.such.action');
    assert.match(nothing.text, /No change of this kind\./);
    assert.equal((await browser.get('/console/audit?before=not-a-number')).status, 200);
  });

  it('shows a platform key once, keeps only its hash, and a revoked one stops working at once', async () => {
    const browser = await new Browser().signIn('usr_siti');
    assert.match(
      (await browser.post('/console/platform-keys', { label: 'Server', scopes: [] as unknown as string })).text,
      /Choose at least one scope/,
    );
    assert.match(
      (
        await browser.post('/console/platform-keys', {
          label: 'Server',
          scopes: ['valuations.read', 'root.everything'],
        })
      ).text,
      /Unknown scope: root\.everything/,
    );
    const created = await browser.post('/console/platform-keys', {
      label: 'Server',
      scopes: ['organizations.read', 'valuations.read'],
    });
    const key = /(svcp_test_[a-z0-9]{32})/.exec(created.text)![1];
    assert.ok(!(await browser.get('/console/platform-keys')).text.includes(key), 'shown only once');
    assert.equal((await db().query('select 1 from platform_keys where sha256 = $1', [key])).length, 0);
    const api = createPlatformApi(sandbox.services(), `${BASE()}/reference`);
    const call = () =>
      api.request(
        new Request('http://api.example/v1/organizations/current', { headers: { Authorization: `Bearer ${key}` } }),
      );
    assert.equal((await call()).status, 200);
    const [{ id }] = await db().query<{ id: string }>("select id from platform_keys where label = 'Server'");
    await browser.post(`/console/platform-keys/${id}/revoke`, {});
    assert.equal((await call()).status, 401);
    assert.ok(
      !logged.join('\n').includes(key) && !JSON.stringify(await db().query('select * from audit_log')).includes(key),
      'the key is in no log',
    );
  });

  it('makes one key of a form sent twice (a double click, a resubmitted page)', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const page = await browser.get('/console/widget-keys');
    const once = /name="idempotency" value="([^"]+)"/.exec(page.text)![1];
    const fields = { name: 'Sent twice', origins: 'https://twice.example', idempotency: once };
    const [first, second] = await Promise.all(
      [browser.post('/console/widget-keys', fields), browser.post('/console/widget-keys', fields)].map((p) =>
        p.catch(() => undefined),
      ),
    );
    const third = await browser.post('/console/widget-keys', fields);
    const statuses = [first?.status, second?.status].sort();
    assert.ok(
      statuses[0] === 303 && (statuses[1] === 303 || statuses[1] === 409),
      `the first is made, its twin replayed or told to wait: ${statuses}`,
    );
    assert.equal(third.status, 303);
    assert.equal(third.location, first?.status === 303 ? first.location : second!.location, 'the same key, replayed');
    const [{ n }] = await db().query<{ n: number }>(
      `select count(*)::int as n from widget_keys where name = 'Sent twice'`,
    );
    assert.equal(n, 1);
    const changed = await browser.post('/console/widget-keys', { ...fields, name: 'Sent twice, changed' });
    assert.equal(changed.status, 422, 'the same form key with other values is refused, not applied');
  });

  it('builds the snippet with theme, mode and an escaped prefill, and refuses an overlong one', async () => {
    const browser = await new Browser().signIn('usr_siti');
    const [{ id, key }] = await db().query<{ id: string; key: string }>(
      "select id, key from widget_keys where id = 'wk_seed001'",
    );
    const page = await browser.get(
      `/console/widget-keys/${id}/snippet?theme=dark&mode=rent&query=${encodeURIComponent('"><script>x</script>')}`,
    );
    assert.ok(
      page.text.includes(`data-embed-key=&quot;${key}&quot; data-theme=&quot;dark&quot; data-mode=&quot;rent&quot;`),
    );
    assert.ok(!page.text.includes('"><script>x'));
    assert.ok(page.text.includes('min-height: 340px') && page.text.includes('font-src &#39;self&#39;'));
    assert.ok(page.text.includes(`src=&quot;${BASE()}/v1/widget.js&quot;`), 'the evergreen major');
    assert.ok(
      page.text.includes(
        `src=&quot;${BASE()}/v1.2.3/widget.js&quot; integrity=&quot;sha384-abc+/=&quot; crossorigin=&quot;anonymous&quot;`,
      ),
      'the pinned form, with its integrity',
    );
    assert.equal((await browser.get(`/console/widget-keys/${id}/snippet?query=${'1'.repeat(101)}`)).status, 422);
    const chinese = await browser.get(`/console/widget-keys/${id}/snippet?lang=zh`);
    assert.ok(
      chinese.text.includes('data-lang=&quot;zh&quot;'),
      "the language the panel speaks, from the widget's one attribute list",
    );
    assert.equal((await browser.get(`/console/widget-keys/${id}/snippet?lang=fr`)).status, 422);
    const badMode = await browser.get(`/console/widget-keys/${id}/snippet?mode=buy`);
    assert.equal(badMode.status, 422, 'a mode the widget does not take is refused, as on every surface');
    assert.ok(badMode.text.includes('The mode must be sale or rent.'));
  });
});
