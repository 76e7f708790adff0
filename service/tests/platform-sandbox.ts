/**
 * The Platform API as the sandbox serves it, for tests over real HTTP (service-for-tests.ts), and a
 * `call` that sends a request with a key and reads the JSON answer. One per test file.
 */
import type { StartedService, StartServiceOptions } from '../servers/start-service.js';
import { serviceForTests } from './service-for-tests.js';

export type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Starts the sandbox's Platform API on a free port before the file's tests and stops it after them;
 * `settings` and `prepare` as service-for-tests.ts takes them.
 */
export function platformSandbox(
  defaultKey: string,
  {
    settings,
    prepare,
  }: Pick<StartServiceOptions, 'settings'> & { prepare?: (started: StartedService) => Promise<void> } = {},
) {
  const sandbox = serviceForTests(
    {
      origins: { platform: 0 },
      settings,
      // These suites send hundreds of requests a minute with one key; the per-minute limit has its own tests.
      adjust: (services) => ({ ...services, rates: { ...services.rates, count: async () => 1 } }),
    },
    prepare,
  );
  const base = () => sandbox.services().links.apiBase;

  async function call(
    method: string,
    path: string,
    body?: unknown,
    key = defaultKey,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
  }
  /** The reference page's curl lines whose URL matches `path`, each as a shell would run it. */
  async function referenceCurls(path: RegExp) {
    const page = await (await fetch(`${new URL(base()).origin}/reference/all`)).text();
    return [...page.matchAll(/<code>(curl [^<]+)<\/code>/g)]
      .map((m) => m[1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#39;', "'"))
      .filter((line) => path.test(line));
  }
  return { call, db: sandbox.db, base, services: sandbox.services, referenceCurls };
}
