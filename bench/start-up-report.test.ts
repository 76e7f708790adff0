import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Candidate } from './candidates.js';
import { summariseStartUp } from './start-up-report.js';
import type { Load } from './start-up.js';

const candidate = (name: string, label: string): Candidate => ({
  name,
  label,
  input: 'input',
  markup: '',
  scripts: '',
  js: [],
});
const CANDIDATES = [candidate('plain', 'plain <input>'), candidate('widget', 'this widget')];
const load = (name: string, usable: number): Load => ({
  candidate: name,
  cpu: 1,
  network: 'loopback',
  usable,
  longTasks: [],
  cls: 0,
  hostBytes: {},
  ...(name === 'widget' ? { milestones: { scriptRequested: 1, scriptArrived: 2, inputInDom: 4, usable } } : {}),
});

/** Nine turns on a machine whose speed swings from turn to turn, the widget always 30 ms after the plain page. */
const SWINGS = [100, 400, 150, 350, 200, 300, 250, 120, 380];
const loads = SWINGS.flatMap((plain) => [load('plain', plain), load('widget', plain + 30)]);

describe('summariseStartUp', () => {
  it('gives the extra as a difference of medians, as the issue\u2019s table does', async () => {
    const summary = await summariseStartUp(loads, CANDIDATES, []);
    assert.equal(summary.table[1].extraMs['1x'], 30);
  });

  it('pairs each widget load with the plain load of its turn, so the machine\u2019s swings cancel', async () => {
    const summary = await summariseStartUp(loads, CANDIDATES, []);
    assert.deepEqual(summary.pairedExtraMs['1x'], { median: 30, lower: 30, upper: 30 });
  });

  it('gives every candidate its paired interval, so an anchor\u2019s difference is read with its noise too', async () => {
    const summary = await summariseStartUp(loads, CANDIDATES, []);
    assert.deepEqual(summary.table[1].pairedExtraMs['1x'], { median: 30, lower: 30, upper: 30 });
    assert.deepEqual(summary.table[0].pairedExtraMs['1x'], { median: 0, lower: 0, upper: 0 });
  });

  it('takes one network\u2019s loads at a time', async () => {
    const mixed = [...loads, { ...loads[0], network: 'slow-4g' as const }];
    await assert.rejects(summariseStartUp(mixed, CANDIDATES, []), /one network/);
  });

  it('reports a wide interval when the extra itself is noisy', async () => {
    const noisy = SWINGS.flatMap((plain, i) => [load('plain', plain), load('widget', plain + 10 * i)]);
    const { pairedExtraMs } = await summariseStartUp(noisy, CANDIDATES, []);
    assert.deepEqual(pairedExtraMs['1x'], { median: 40, lower: 10, upper: 70 });
  });
});
