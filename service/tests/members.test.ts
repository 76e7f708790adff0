/**
 * Members with real accounts, over HTTP with real mail: an owner invites (a new person makes their
 * account from the link; an existing one signs in and joins), switches workspaces, changes a role,
 * removes a member (their sessions and MCP tokens end at the next request, on another process too),
 * and never leaves the organization without an owner. Every listed change is walked as every role
 * with real sign-ins. The service's staff decide real organizations' reviews, never their own.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, it } from 'node:test';
import { ROLES, roleMay, type Role } from '../core/grants/roles.js';
import { PLATFORM_SCOPES } from '../core/grants/scopes.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { startService } from '../servers/start-service.js';
import { CONSOLE_CHANGES } from '../surfaces/console/changes.js';
import { CHANGE_SAMPLES } from './console-change-samples.js';
import { ConsoleBrowser } from './console-browser.js';
import { mcpOAuthSandbox } from './mcp-oauth-sandbox.js';
import { makeAccount, signInWith, TEST_PASSWORD, testMail } from './test-mail.js';

const mailbox = testMail();
const sandbox = mcpOAuthSandbox({ mail: mailbox });
const BASE = () => sandbox.CONSOLE();
const db = () => sandbox.db();
beforeEach(async () => void (await db().query('delete from sign_in_failures')));

/** An owner with an organization of their own, signed in. */
async function owner(organizationName = 'Harbourfront Homes') {
  const account = await makeAccount(BASE(), mailbox, { name: 'Nur Aisyah', organizationName });
  const { browser } = await signInWith(BASE(), account.email);
  await browser.get('/console/members');
  return { ...account, browser };
}

/** Invites `email` as `role` from the owner's browser: the link mailed. */
async function invite(from: ConsoleBrowser, email: string, role: Role) {
  const since = mailbox.mail().count();
  await from.get('/console/members');
  const answer = await from.post('/console/members/invite', { email, role });
  assert.equal(answer.location, '/console/members?notice=invited', answer.text.slice(0, 300));
  const { message, link } = await mailbox.linkTo(email, since);
  return { message, link, path: link.replace(BASE(), ''), token: new URL(link).searchParams.get('token')! };
}

/** A new person accepts an invitation by making their account from its link: their signed-in browser. */
async function joinAsNew(path: string, token: string, name: string) {
  const browser = new ConsoleBrowser(BASE());
  const page = await browser.get(path);
  assert.match(page.text, /Make my account and join/);
  const joined = await browser.post('/console/invitations/accept-new', { token, name, password: TEST_PASSWORD });
  assert.equal(joined.location, '/console/members', joined.text.slice(0, 300));
  return browser;
}

const userIdOf = async (email: string) =>
  (await db().query<{ id: string }>(`select id from users where kind = 'account' and email = $1`, [email]))[0].id;

describe('members', () => {
  it('invites a new person, who makes their account from the link and works there with the role given', async () => {
    const boss = await owner();
    const email = mailbox.newAddress('engineer');
    const { message, path, token } = await invite(boss.browser, email, 'engineer');
    assert.equal(message.subject, 'You are invited to an organization on Service Valuations');
    assert.match(message.text, /“Nur Aisyah” invites you to join the organization “Harbourfront Homes”/);
    assert.match(message.text, /as an engineer/);
    assert.match((await boss.browser.get('/console/members')).text, new RegExp(email.replace(/\./g, '\\.')));

    const weak = await new ConsoleBrowser(BASE()).get(path).then(async () => {
      const b = new ConsoleBrowser(BASE());
      await b.get(path);
      return b.post('/console/invitations/accept-new', { token, name: 'Ravi', password: 'password1234' });
    });
    assert.equal(weak.status, 400, 'a weak password is refused and the link still works');
    const engineer = await joinAsNew(path, token, 'Ravi Kumar');
    const members = await engineer.get('/console/members');
    assert.match(members.text, /Ravi Kumar · Harbourfront Homes/);
    assert.match(members.text, /Only an owner of Harbourfront Homes invites/);
    assert.equal((await new ConsoleBrowser(BASE()).get(path)).status, 410, 'an invitation works once');
    const [row] = await db().query<{ email_verified_at: Date | null; role: string }>(
      `select u.email_verified_at, m.role from users u join memberships m on m.user_id = u.id where u.email = $1`,
      [email],
    );
    assert.ok(row.email_verified_at, 'the link proved the address');
    assert.equal(row.role, 'engineer');
  });

  it('lets an existing account join only as the invited address, then switch between its organizations', async () => {
    const boss = await owner('Tampines Realty');
    const other = await makeAccount(BASE(), mailbox, { name: 'Daniel Goh', organizationName: 'Goh Property' });
    const stranger = await makeAccount(BASE(), mailbox, { name: 'Someone Else', organizationName: 'Elsewhere' });
    const { path, token } = await invite(boss.browser, other.email, 'agent');

    const anonymous = await new ConsoleBrowser(BASE()).get(path);
    assert.match(anonymous.text, /has an account: <a href="\/console\/sign-in\?next=/);
    const { browser: wrong } = await signInWith(BASE(), stranger.email);
    assert.match((await wrong.get(path)).text, /but the invitation is for/);
    await wrong.post('/console/invitations/accept', { token });
    assert.equal(
      (await db().query(`select 1 from invitations where accepted_at is not null and email = $1`, [other.email]))
        .length,
      0,
    );

    const { browser: daniel } = await signInWith(BASE(), other.email);
    assert.match((await daniel.get(path)).text, /Join Tampines Realty/);
    const joined = await daniel.post('/console/invitations/accept', { token });
    assert.equal(joined.location, '/console/members');
    const account = await daniel.get('/console/account');
    assert.match(account.text, /Tampines Realty/);
    assert.match(account.text, /Goh Property/);
    assert.match((await daniel.get('/console/widget-keys')).text, /Daniel Goh · Tampines Realty/);
    const gohId = (
      await db().query<{ organization_id: string }>('select organization_id from users where email = $1', [other.email])
    )[0].organization_id;
    await daniel.get('/console/account');
    assert.equal(
      (await daniel.post('/console/account/workspace', { organization: gohId })).location,
      '/console/widget-keys',
    );
    assert.match((await daniel.get('/console/widget-keys')).text, /Daniel Goh · Goh Property/);
    const elsewhere = (
      await db().query<{ organization_id: string }>('select organization_id from users where email = $1', [
        stranger.email,
      ])
    )[0].organization_id;
    assert.equal((await daniel.post('/console/account/workspace', { organization: elsewhere })).status, 403);
  });

  it('changes a role, which holds at the member’s next request; never leaves an organization without an owner', async () => {
    const boss = await owner('Bedok Homes');
    const email = mailbox.newAddress('engineer');
    const { path, token } = await invite(boss.browser, email, 'engineer');
    const engineer = await joinAsNew(path, token, 'Ravi Kumar');
    const webhook = { url: 'https://hooks.example.sg/members', description: 'Members' };
    await engineer.get('/console/webhooks');
    assert.notEqual((await engineer.post('/console/webhooks', webhook)).status, 403, 'an engineer runs webhooks');

    const id = await userIdOf(email);
    await boss.browser.get('/console/members');
    assert.equal(
      (await boss.browser.post(`/console/members/${id}/role`, { role: 'agent' })).location,
      '/console/members?notice=role',
    );
    await engineer.get('/console/webhooks');
    const refused = await engineer.post('/console/webhooks', webhook);
    assert.equal(refused.status, 403);
    assert.match(refused.text, /As an agent at Bedok Homes you cannot change webhook endpoints/);

    const bossId = await userIdOf(boss.email);
    await boss.browser.get('/console/members');
    const alone = await boss.browser.post(`/console/members/${bossId}/role`, { role: 'engineer' });
    assert.equal(alone.status, 409);
    assert.match(alone.text, /would have no owner left/);
    assert.equal((await boss.browser.post(`/console/members/${bossId}/remove`, {})).status, 409);
    const audit = await db().query<{ action: string }>(
      `select action from audit_log where action like 'membership.%' or action like 'invitation.%' order by id`,
    );
    assert.ok(audit.some((a) => a.action === 'membership.role_changed'));
  });

  it('removes a member: their console session and their AI app’s token end at the next request, on another process too', async () => {
    const boss = await owner('Serangoon Agents');
    const email = mailbox.newAddress('leaving');
    const { path, token } = await invite(boss.browser, email, 'engineer');
    await joinAsNew(path, token, 'Leaving Person');
    const id = await userIdOf(email);
    const second = await startService({ database: db(), origins: { widgetHost: 0 } });
    try {
      const otherBase = second.urls.widgetHost.replace(/\/$/, '');
      const { browser: there } = await signInWith(otherBase, email);
      assert.match((await there.get('/console/widget-keys')).text, /Leaving Person · Serangoon Agents/);

      const person = new sandbox.Person();
      await person.get('/console/sign-in');
      await person.post('/console/sign-in', { email, password: TEST_PASSWORD });
      const tokens = await sandbox.exchange(
        await sandbox.codeFor(person, 'organizations.read', { id, name: 'Leaving Person' }),
      );
      const access = tokens.body.access_token!;
      assert.equal((await sandbox.callTool('get_organization', access)).status, 200);

      await boss.browser.get(`/console/members/${id}/remove`);
      assert.equal(
        (await boss.browser.post(`/console/members/${id}/remove`, {})).location,
        '/console/members?notice=removed',
      );
      assert.match(
        (await there.get('/console/widget-keys')).text,
        /Sign in to the API Console/,
        'the other process signs them out',
      );
      assert.equal((await sandbox.callTool('get_organization', access)).status, 401, 'their AI app’s token is refused');
      // Belonging to no organization, they are not locked out: they sign in to one of their own, and join another.
      const again = await signInWith(otherBase, email);
      assert.equal(again.answer.location, '/console/account?notice=own-organization');
      const account = await again.browser.get(again.answer.location);
      assert.match(account.text, /You no longer belonged to any organization, so this one was made for you/);
      assert.match(account.text, /Leaving Person’s organization/);
      const rehired = await owner('Bishan Homes');
      const invited = await invite(rehired.browser, email, 'agent');
      await again.browser.get(invited.path);
      const joined = await again.browser.post('/console/invitations/accept', { token: invited.token });
      assert.equal(joined.location, '/console/members');
      assert.match((await again.browser.get('/console/members')).text, /Leaving Person · Bishan Homes/);
    } finally {
      await second.stop();
    }
  });

  it('walks every listed change, platform keys and an AI app’s consent as an owner, an engineer and an agent, each a real account signed in with a password', async () => {
    const boss = await owner('Role Walk Realty');
    const people: Record<Role, ConsoleBrowser> = { owner: boss.browser } as Record<Role, ConsoleBrowser>;
    for (const role of ['engineer', 'agent'] as const) {
      const email = mailbox.newAddress(role);
      const { path, token } = await invite(boss.browser, email, role);
      people[role] = await joinAsNew(path, token, `Walk ${role}`);
    }
    // The changes the routes check themselves, as real accounts: a platform key and an AI app get no more than the role.
    await people.engineer.get('/console/platform-keys');
    const everything = await people.engineer.post('/console/platform-keys', {
      label: 'All',
      scopes: [...PLATFORM_SCOPES],
    });
    assert.equal(everything.status, 422);
    assert.match(everything.text, /As an engineer you can give a key only what your role allows/);
    const reads = await people.engineer.post('/console/platform-keys', { label: 'Reads', scopes: ['valuations.read'] });
    assert.equal(reads.status, 200, 'an engineer makes a key within the role');
    const person = new sandbox.Person();
    person.cookie = people.agent.cookie;
    const { challenge } = sandbox.pkce();
    const client = await sandbox.register();
    const consent = await person.consentPage(
      sandbox.authorizeUrl(client.client_id, challenge, { scope: 'organizations.read widget_keys.write' }),
      'not-asked',
    );
    assert.match(
      consent.text,
      /<strong>Walk agent<\/strong> \(agent\) in the workspace of <strong>Role Walk Realty<\/strong>/,
    );
    assert.match(
      consent.text,
      /<code>widget_keys.write<\/code>: [^<]+ <strong>\(not yours to give: left out\)<\/strong>/,
    );

    const gated = CONSOLE_CHANGES.filter((change) => typeof change.needs === 'string');
    for (const change of gated) {
      const sample = CHANGE_SAMPLES[change.what];
      assert.ok(sample, `the walk has no form for "${change.what}"`);
      for (const role of ROLES) {
        const browser = people[role];
        await browser.get('/console/widget-keys');
        const answer = await browser.post(sample.path, sample.fields);
        if (change.what === 'decide the integration review') {
          // A real account's organization never decides its own review, whatever the role.
          assert.equal(answer.status, 403, role);
          continue;
        }
        if (roleMay(role, change.needs as never)) assert.notEqual(answer.status, 403, `${role} may ${change.what}`);
        else {
          assert.equal(answer.status, 403, `${role} may not ${change.what}`);
          assert.match(answer.text, new RegExp(`you cannot ${change.what}`));
        }
      }
    }
  });

  it('lets the service’s staff decide a real organization’s review, never their own, and nobody else', async () => {
    const boss = await owner('Review Realty');
    const orgId = (
      await db().query<{ organization_id: string }>('select organization_id from users where email = $1', [boss.email])
    )[0].organization_id;
    await db().query(
      `insert into integration_reviews (organization_id, status, requested_at) values ($1, 'in_review', now())`,
      [orgId],
    );
    await boss.browser.get('/console/go-live');
    const self = await boss.browser.post('/console/go-live/decide', { decision: 'approved' });
    assert.equal(self.status, 403);
    assert.match(self.text, /nobody decides their own/);
    assert.equal((await boss.browser.get('/console/reviews')).status, 403);

    const staff = await makeAccount(BASE(), mailbox, { name: 'Staff Member', organizationName: 'Service Valuations' });
    await db().query(`update users set staff = true where email = $1`, [staff.email]);
    const { browser: reviewer } = await signInWith(BASE(), staff.email);
    const waiting = await reviewer.get('/console/reviews');
    assert.match(waiting.text, /Review Realty/);
    assert.match(waiting.text, /Integration reviews/);
    const decided = await reviewer.post(`/console/reviews/${orgId}/decide`, { decision: 'approved' });
    assert.equal(decided.location, '/console/reviews?notice=decided');
    assert.match((await boss.browser.get('/console/go-live')).text, /Review: <strong>Approved<\/strong>/);

    // A member of staff who belongs to the organization may not decide it.
    const own = await owner('Staff’s Own Realty');
    const ownOrg = (
      await db().query<{ organization_id: string }>('select organization_id from users where email = $1', [own.email])
    )[0].organization_id;
    await db().query(`update users set staff = true where email = $1`, [own.email]);
    await db().query(
      `insert into integration_reviews (organization_id, status, requested_at) values ($1, 'in_review', now())`,
      [ownOrg],
    );
    const { browser: ownReviewer } = await signInWith(BASE(), own.email);
    assert.match((await ownReviewer.get('/console/reviews')).text, /another member of staff decides its review/);
    assert.equal((await ownReviewer.post(`/console/reviews/${ownOrg}/decide`, { decision: 'approved' })).status, 403);

    // Nor one who belonged to it after its review was asked for, and left before deciding.
    const insider = await owner('Insider Realty');
    const insiderOrg = (
      await db().query<{ organization_id: string }>('select organization_id from users where email = $1', [
        insider.email,
      ])
    )[0].organization_id;
    await db().query(
      `insert into integration_reviews (organization_id, status, requested_at) values ($1, 'in_review', now() - interval '1 hour')`,
      [insiderOrg],
    );
    const joined = mailbox.newAddress('insider-staff');
    const { path, token } = await invite(insider.browser, joined, 'engineer');
    await joinAsNew(path, token, 'Inside Staffer');
    const stafferId = await userIdOf(joined);
    await db().query(`update users set staff = true where id = $1`, [stafferId]);
    await insider.browser.get(`/console/members/${stafferId}/remove`);
    assert.equal(
      (await insider.browser.post(`/console/members/${stafferId}/remove`, {})).location,
      '/console/members?notice=removed',
    );
    const { browser: leftReviewer } = await signInWith(BASE(), joined);
    await leftReviewer.get('/console/reviews');
    const refused = await leftReviewer.post(`/console/reviews/${insiderOrg}/decide`, { decision: 'approved' });
    assert.equal(refused.status, 403);
    assert.match(refused.text, /or did since its review was asked for/);
  });

  it('mails the staff a review asked for, shows them what the organization did, and mails its owners the decision', async () => {
    const staff = await makeAccount(BASE(), mailbox, { name: 'Staff Reader', organizationName: 'Service Valuations' });
    await db().query(`update users set staff = true where email = $1`, [staff.email]);
    const boss = await owner('Dossier Homes');
    const [{ organization_id: orgId }] = await db().query<{ organization_id: string }>(
      'select organization_id from users where email = $1',
      [boss.email],
    );
    // The checklist done as the console does it: a platform key, a widget key for a website, then what
    // the sandbox records of a test event received and a valuation called.
    await boss.browser.get('/console/platform-keys');
    assert.equal(
      (await boss.browser.post('/console/platform-keys', { label: 'Ours', scopes: ['valuations.read'] })).status,
      200,
    );
    await boss.browser.get('/console/widget-keys');
    await boss.browser.post('/console/widget-keys', { name: 'Site', origins: 'https://dossier-homes.example.sg' });
    const [{ id: platformKeyId }] = await db().query<{ id: string }>(
      'select id from sandbox.platform_keys where organization_id = $1',
      [orgId],
    );
    await db().query(
      `insert into sandbox.webhook_endpoints (id, organization_id, url, secret_sealed) values ('whe_dossier', $1, 'https://hooks.dossier-homes.example.sg/in', 'sealed')`,
      [orgId],
    );
    await db().query(
      `insert into sandbox.webhook_deliveries (id, endpoint_id, event_id, event_type, body, status, test) values ('whd_dossier', 'whe_dossier', 'evt_dossier', 'webhook.test', '{}', 'succeeded', true)`,
    );
    await db().query(
      `insert into sandbox.daily_usage (kind, subject, day, count, first_at) values ('platform_estimate', $1, current_date, 3, now())`,
      [platformKeyId],
    );
    const since = mailbox.mail().count();
    await boss.browser.get('/console/go-live');
    const asked = await boss.browser.post('/console/go-live/request', { note: 'Our agents start on Monday.' });
    assert.ok(asked.status < 400, asked.text.slice(0, 300));
    const waiting = await mailbox.mail().next(staff.email, since);
    assert.equal(waiting.subject, 'An integration review is waiting: Dossier Homes');
    assert.match(waiting.text, /Our agents start on Monday\./);

    const { browser: reviewer } = await signInWith(BASE(), staff.email);
    const page = (await reviewer.get('/console/reviews')).text;
    const section = page.slice(page.indexOf('Dossier Homes'));
    assert.match(section, /<dt>Kind<\/dt><dd>agency<\/dd>/);
    assert.match(section, new RegExp(`Nur Aisyah &lt;${boss.email.replace(/\./g, '\\.')}&gt;, owner`));
    assert.match(section, /Make a platform key: done \d/);
    assert.match(section, /<code>https:\/\/dossier-homes\.example\.sg<\/code>/);
    assert.match(section, /<code>https:\/\/hooks\.dossier-homes\.example\.sg\/in<\/code>/);
    assert.match(section, /0 from its widget keys, 3 from its platform keys/);

    const mark = mailbox.mail().count();
    await reviewer.post(`/console/reviews/${orgId}/decide`, {
      decision: 'changes_requested',
      note: 'Add your privacy page.',
    });
    const changes = await mailbox.mail().next(boss.email, mark);
    assert.equal(changes.subject, 'Your integration review needs changes');
    assert.match(changes.text, /The note: Add your privacy page\./);
  });

  it('makes an account staff only through the operator’s command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-'));
    try {
      const dataDir = join(dir, 'db');
      const folder = await openDatabase({ dataDir, holder: 'test' });
      await migrate(folder);
      await folder.query(`insert into organizations (id, name, kind) values ('org_x', 'X', 'agency')`);
      await folder.query(
        `insert into users (id, organization_id, name, email, role, kind) values ('usr_x', 'org_x', 'Xu', 'xu@example.test', 'owner', 'account')`,
      );
      await folder.close();
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'service/staff.ts', ...args], {
          env: { ...process.env, SANDBOX_DATA_DIR: dataDir, DATABASE_URL: '' },
        });
      assert.match(
        (await run('grant', 'XU@example.test')).stdout,
        /Xu \(XU@example.test\) is now one of the service's staff/,
      );
      await assert.rejects(
        run('grant', 'nobody@example.test'),
        /No account uses nobody@example.test in the embedded database in .*\(SANDBOX_DATA_DIR\).*DATABASE_URL=/s,
      );
      const reopened = await openDatabase({ dataDir, holder: 'test' });
      assert.equal(
        (await reopened.query<{ staff: boolean }>(`select staff from users where id = 'usr_x'`))[0].staff,
        true,
      );
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
