import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BelowFoldLoad, summariseBelowFold } from './below-fold.js';

const load = (candidate: string, scriptMs: number, elementDefined = false): BelowFoldLoad => ({
  candidate,
  cpu: 1,
  taskMs: scriptMs * 2,
  scriptMs,
  elementDefined,
});

describe('summariseBelowFold', () => {
  it('pairs each widget load with the plain load of its turn, and counts the loads whose element code ran', () => {
    const plain = [10, 40, 20, 30, 15];
    const loads = plain.flatMap((ms, i) => [load('plain', ms), load('widget', ms + 2, i === 3)]);
    const [widget] = summariseBelowFold(loads);
    assert.equal(widget.build, 'widget');
    assert.deepEqual(widget.extraScriptMs, { median: 2, lower: 2, upper: 2 });
    assert.equal(widget.extraTaskMs.median, 4);
    assert.equal(widget.elementRan, 1);
    assert.equal(widget.loads, 5);
  });
});
