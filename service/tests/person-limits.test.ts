/**
 * A person's limits count once across the environments: identity is shared, so the sandbox's console
 * and live's meet one count of a person's account mail and of an organization's invitations (they
 * once counted apart, and two consoles allowed twice as many).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createMailLimit, MAIL_PER_ADDRESS_HOUR } from '../core/accounts/mail-limit.js';
import { INVITATIONS_PER_HOUR } from '../core/accounts/invitations.js';
import { type StartedService, startService } from '../servers/start-service.js';

let started: StartedService;
before(async () => {
  started = await startService({ origins: {}, live: { origins: {} } });
});
after(() => started?.stop());

describe('a person’s limits, across the sandbox and live', () => {
  it('holds one identity: live’s services reference the very parts the sandbox’s composed', () => {
    const { services } = started;
    const live = started.live!.services;
    assert.equal(live.identity, services.identity);
    for (const part of ['accounts', 'sessions', 'passkeys', 'totp', 'mailOutbox', 'personRates'] as const)
      assert.equal(live[part], services[part], part);
    // An invitation or a membership is recorded in its environment's audit log, so each keeps its own.
    assert.notEqual(live.invitations, services.invitations);
  });

  it('meets one count of a person’s account mail, whichever environment asks', async () => {
    const sandbox = createMailLimit(started.services.personRates);
    const live = createMailLimit(started.live!.services.personRates);
    const client = { clientAddress: '203.0.113.9' };
    const allowed: boolean[] = [];
    for (let i = 0; i < MAIL_PER_ADDRESS_HOUR + 1; i++)
      allowed.push(await (i % 2 ? live : sandbox)('limits@example.test', client, 'reset'));
    assert.deepEqual(allowed, [...Array(MAIL_PER_ADDRESS_HOUR).fill(true), false]);
  });

  it('meets one count of an organization’s invitations, whichever console sends them', async () => {
    const actor = { userId: 'usr_siti', organizationId: 'org_lionhomes' };
    const outcomes = [];
    for (let i = 0; i < INVITATIONS_PER_HOUR + 1; i++) {
      const services = i % 2 ? started.live!.services : started.services;
      outcomes.push(await services.invitations.invite(actor, { email: `invitee${i}@example.test`, role: 'agent' }));
    }
    assert.equal(outcomes.filter((o) => 'tooMany' in o).length, 1, 'the 21st of both consoles is refused');
    assert.ok('tooMany' in outcomes.at(-1)!);
  });
});
