import { expect } from '@open-wc/testing';
import { delay, http, HttpResponse } from 'msw';
import { DEMO_KEY } from '../../service/sandbox/in-page-host.js';
import { sentRequests, useSandbox, API_BASE } from '../test/sandbox-worker.js';
import { createClient } from './client.js';
import { WidgetError } from './widget-error.js';

const client = (options: { timeoutMs?: number; retries?: number } = {}) =>
  createClient({ baseUrl: API_BASE, key: DEMO_KEY, ...options });

async function failure(promise: Promise<unknown>): Promise<WidgetError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WidgetError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('the widget host client', () => {
  beforeEach(() => useSandbox());

  it('sends the key and the query as parameters of a simple GET', async () => {
    const list = await client().suggest('amk ave 3');
    expect(list.suggestions.length).to.be.greaterThan(0);
    const [url] = sentRequests();
    expect(url.searchParams.get('key')).to.equal(DEMO_KEY);
    expect(url.searchParams.get('q')).to.equal('amk ave 3');
  });

  it('gives up after its timeout and says so', async () => {
    // Answered long after the timeout, never left pending: a request held forever outlives its page in the service worker.
    await useSandbox(http.get('*/v1/suggestions', async () => delay(3000)));
    const error = await failure(client({ timeoutMs: 150, retries: 0 }).suggest('amk'));
    expect(error.code).to.equal('timeout');
    expect(error.retryable).to.equal(true);
  });

  it('retries a read once after a 5xx, with a pause', async () => {
    let calls = 0;
    await useSandbox(
      http.get('*/v1/suggestions', () => {
        calls++;
        if (calls === 1) return HttpResponse.json({ code: 'internal_error', message: 'boom' }, { status: 503 });
        return undefined;
      }),
    );
    const started = performance.now();
    const list = await client().suggest('amk');
    expect(list.suggestions.length).to.be.greaterThan(0);
    expect(calls).to.equal(2);
    expect(performance.now() - started).to.be.at.least(250);
  });

  it('never retries a 4xx', async () => {
    const error = await failure(client().estimate('hdb-000000', 'sale'));
    expect(error.code).to.equal('not_found');
    expect(sentRequests()).to.have.length(1);
  });

  it('never retries a 429, and keeps when the quota resets', async () => {
    const quota = createClient({ baseUrl: API_BASE, key: 'svce_test_quota000000000000002' });
    const error = await failure(quota.estimate('hdb-560102-4-room', 'sale'));
    expect(error.code).to.equal('quota_exceeded');
    expect(error.details.resetAt).to.match(/T00:00:00.000Z$/);
    expect(sentRequests()).to.have.length(1);
  });

  it('stops at once when its caller aborts', async () => {
    await useSandbox(http.get('*/v1/suggestions', async () => delay(1000)));
    const controller = new AbortController();
    const pending = client().suggest('amk', controller.signal);
    setTimeout(() => controller.abort(), 20);
    let aborted = false;
    await pending.catch((e: unknown) => (aborted = (e as Error).name === 'AbortError'));
    expect(aborted).to.equal(true);
  });

  it('treats a body that breaks the contract as an error, naming the problem', async () => {
    await useSandbox(http.get('*/v1/suggestions', () => HttpResponse.json({ query: 'x', suggestions: 'none' })));
    const error = await failure(client().suggest('amk'));
    expect(error.code).to.equal('bad_response');
    expect(error.message).to.contain('breaks its contract at $.suggestions');
  });
});
