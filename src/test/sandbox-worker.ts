/** Component tests talk to the sandbox host through MSW; each test can layer a scenario on top. */
import { setupWorker } from 'msw/browser';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { sandboxHandlers } from '../../service/sandbox/in-page-host.js';

const sandbox = await sandboxHandlers();
const worker = setupWorker(...sandbox);
let started: Promise<unknown> | undefined;
const requests: URL[] = [];
worker.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.includes('/v1/')) requests.push(url);
});

/** Starts the worker once per test file and resets to the plain sandbox, plus any scenario. */
export async function useSandbox(...scenario: HttpHandler[]): Promise<void> {
  started ??= worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  await started;
  worker.resetHandlers();
  worker.use(...scenario);
  requests.length = 0;
}

/** The API requests the widget sent since `useSandbox`. */
export const sentRequests = (): readonly URL[] => requests;

export const API_BASE = `${location.origin}/public/`;

/** The sandbox's real estimate, with some fields changed. */
export function estimateWith(change: (estimate: Record<string, unknown>) => void): HttpHandler {
  const [, estimates] = sandbox;
  return http.get('*/v1/estimates', async (info) => {
    const real = (await (await estimates.run(info))!.response!.json()) as Record<string, unknown>;
    change(real);
    return HttpResponse.json(real);
  });
}
