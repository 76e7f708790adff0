/** The one "only answered work counts" rule: counted before, given back when unanswered or failed, refused at the limit. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { countAnswered } from './count-answered.js';
import { DAILY_LIMITS } from './limits.js';
import { memoryMeter } from './memory-meter.js';

const now = new Date('2026-11-26T08:00:00Z');
const count = { kind: 'mcp_discovery' as const, subject: 'client' };

it('keeps the count of answered work, gives back unanswered and failed work, and refuses at the limit', async () => {
  const meter = memoryMeter();
  const used = () => meter.count('mcp_discovery', 'client', '2026-11-26');
  const answered = await countAnswered(
    meter,
    now,
    count,
    () => 'ok',
    () => true,
  );
  assert.deepEqual(answered, { result: 'ok', usedToday: 1 });
  await countAnswered(
    meter,
    now,
    count,
    () => 'no',
    () => false,
  );
  assert.equal(await used(), 1, 'an unanswered call is given back');
  await assert.rejects(
    countAnswered(
      meter,
      now,
      count,
      () => Promise.reject(new Error('boom')),
      () => true,
    ),
    /boom/,
  );
  assert.equal(await used(), 1, 'a failed call is given back, and its error passed on');
  const full = { ...count, startsAt: DAILY_LIMITS.mcp_discovery };
  let ran = false;
  const spent = await countAnswered(
    meter,
    now,
    { ...full, subject: 'busy' },
    () => (ran = true),
    () => true,
  );
  assert.deepEqual(spent, { spent: true });
  assert.equal(ran, false, 'nothing is worked out past the limit');
});
