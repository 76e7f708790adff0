import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phasesOf } from './main-thread.js';

/** A complete ('X') event on the page's main thread; times in ms, as the trace's µs. */
const event = (name: string, startMs: number, durationMs: number, url?: string) => ({
  name,
  ph: 'X',
  pid: 1,
  tid: 1,
  ts: startMs * 1000,
  dur: durationMs * 1000,
  ...(url ? { args: { data: { url } } } : {}),
});

const load = [
  event('RunTask', 100, 20),
  event('EvaluateScript', 101, 18, 'http://127.0.0.1:8789/widget.js'),
  event('RunTask', 150, 30),
  event('v8.evaluateModule', 151, 5),
  event('RunTask', 190, 40),
  event('Layout', 191, 20),
  // A lookup, its fallback nested inside with the same duration, then a second lookup.
  event('FontCache::GetFontPlatformData', 192, 4),
  event('FontCache::GetFontPlatformData', 192, 4),
  event('FontCache::GetFontPlatformData', 200, 1.5),
  event('Paint', 215, 5),
  // Another thread's work is not the page's.
  { ...event('RunTask', 160, 500), tid: 2 },
];

describe('phasesOf', () => {
  it('reads the loader task, the element task, the first frame after it and its outermost font lookups', () => {
    assert.deepEqual(phasesOf(load, 'widget', 4), {
      candidate: 'widget',
      cpu: 4,
      loaderTask: 20,
      elementTask: 30,
      firstFrame: 40,
      fontLookups: 5.5,
      loaderToFrameEnd: 130,
    });
  });

  it('takes the loader\u2019s task for the element\u2019s when no module was evaluated: the one file', () => {
    const oneFile = load.filter((e) => e.name !== 'v8.evaluateModule');
    assert.equal(phasesOf(oneFile, 'widget', 1)?.elementTask, 20);
  });

  it('gives nothing for a load whose trace lacks the script or a frame after it', () => {
    assert.equal(
      phasesOf(
        load.filter((e) => e.name !== 'EvaluateScript'),
        'widget',
        1,
      ),
      undefined,
    );
    assert.equal(
      phasesOf(
        load.filter((e) => e.name !== 'Paint'),
        'widget',
        1,
      ),
      undefined,
    );
  });
});
