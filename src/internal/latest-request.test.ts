import { expect } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { WidgetError } from '../api/widget-error.js';
import { LatestRequest, SLOW_AFTER_MS } from './latest-request.js';

/** A host that counts update requests and keeps its controllers, as an element would. */
function fakeHost() {
  const controllers: ReactiveController[] = [];
  const host = {
    updates: 0,
    addController: (controller: ReactiveController) => controllers.push(controller),
    removeController() {},
    requestUpdate() {
      host.updates++;
    },
    updateComplete: Promise.resolve(true),
    disconnect: () => controllers.forEach((c) => c.hostDisconnected?.()),
  };
  return host as typeof host & ReactiveControllerHost;
}

/** A promise the test settles by hand, and the signal its run was given. */
function handWork<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  let signal!: AbortSignal;
  const work = (given: AbortSignal) => {
    signal = given;
    return new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { work, settle: () => settle, signal: () => signal };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LatestRequest', () => {
  it('goes from initial to pending to complete, and re-renders its host each time', async () => {
    const host = fakeHost();
    const request = new LatestRequest<string>(host);
    expect(request.status).to.equal('initial');
    const first = handWork<string>();
    const run = request.run(first.work);
    expect(request.status).to.equal('pending');
    const updates = host.updates;
    first.settle().resolve('answer');
    expect(await run).to.equal(true);
    expect(request.status).to.equal('complete');
    expect(request.value).to.equal('answer');
    expect(host.updates).to.be.greaterThan(updates);
  });

  it('aborts the run before it and keeps only the newest outcome, whichever answers last', async () => {
    const request = new LatestRequest<string>(fakeHost());
    const older = handWork<string>();
    const newer = handWork<string>();
    const olderRun = request.run(older.work);
    const newerRun = request.run(newer.work);
    expect(older.signal().aborted).to.equal(true);
    newer.settle().resolve('newer');
    older.settle().resolve('older');
    expect(await olderRun).to.equal(false);
    expect(await newerRun).to.equal(true);
    expect(request.value).to.equal('newer');
  });

  it('keeps the last value readable while the next run is pending', async () => {
    const request = new LatestRequest<string>(fakeHost());
    request.resolve('cached');
    const next = handWork<string>();
    void request.run(next.work);
    expect(request.status).to.equal('pending');
    expect(request.value).to.equal('cached');
  });

  it('turns any failure into a WidgetError', async () => {
    const request = new LatestRequest<string>(fakeHost());
    const failing = handWork<string>();
    const run = request.run(failing.work);
    failing.settle().reject(new TypeError('Failed to fetch'));
    await run;
    expect(request.status).to.equal('error');
    expect(request.error).to.be.instanceOf(WidgetError);
    expect(request.error?.code).to.equal('network');
    const known = new WidgetError('quota_exceeded', 'spent');
    expect(WidgetError.from(known)).to.equal(known);
  });

  it('is slow only once the answer is late, and not after it settles', async () => {
    const request = new LatestRequest<string>(fakeHost());
    const late = handWork<string>();
    const run = request.run(late.work);
    expect(request.slow).to.equal(false);
    await wait(SLOW_AFTER_MS + 50);
    expect(request.slow).to.equal(true);
    late.settle().resolve('at last');
    await run;
    expect(request.slow).to.equal(false);
  });

  it('aborts its run when the host leaves the page, and ignores the answer', async () => {
    const host = fakeHost();
    const request = new LatestRequest<string>(host);
    const work = handWork<string>();
    const run = request.run(work.work);
    host.disconnect();
    expect(work.signal().aborted).to.equal(true);
    work.settle().resolve('too late');
    expect(await run).to.equal(false);
    expect(request.status).to.equal('initial');
    expect(request.value).to.equal(undefined);
  });

  it('forgets value and error on reset', async () => {
    const request = new LatestRequest<string>(fakeHost());
    request.resolve('kept');
    request.reset();
    expect([request.status, request.value, request.error]).to.deep.equal(['initial', undefined, undefined]);
  });
});
