/** The service's staff's Data page: how current each environment's data are, and "Fetch now". */
import { Hono } from 'hono';
import { recentFetchRuns } from '../../../core/datasets/fetch/fetch-runs.js';
import { archiveSize } from '../../../core/datasets/fetch/archive.js';
import type { Services } from '../../../core/services/compose.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { messagePage } from '../pages/frame.js';
import { dataPage, fetchConfirmPage } from '../pages/data.js';

type DataServices = Pick<Services, 'db' | 'environment' | 'freshness' | 'officialFetch'>;

const DESCRIBES = { live: 'the official data', sandbox: 'the generated world' } as const;

export function dataRoutes(environments: DataServices[]) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const named = (name: string) => environments.find((each) => each.environment.name === name);

  app.use('/data', staffOnly);
  app.use('/data/*', staffOnly);

  app.get('/data', async (c) => {
    const shown = await Promise.all(
      environments.map(async (each) => ({
        name: each.environment.name,
        describes: DESCRIBES[each.environment.name],
        freshness: await each.freshness.list(),
        runs: await recentFetchRuns(each.db, each.environment.valuedOrigins),
        fetches: Boolean(each.officialFetch),
        sources: each.officialFetch?.sources ?? [],
        archive: await archiveSize(each.db),
      })),
    );
    const notice =
      c.req.query('notice') === 'fetching'
        ? 'Fetching: the latest runs below show it running, then its outcome. Reload to see it.'
        : undefined;
    return page(dataPage(c.var.session, shown, notice));
  });

  app.get('/data/:environment/fetch', (c) => {
    const found = named(c.req.param('environment'));
    if (!found?.officialFetch) return notFetched();
    return page(fetchConfirmPage(c.var.session, found.environment.name));
  });

  app.post('/data/:environment/fetch', (c) => {
    const fetch = named(c.req.param('environment'))?.officialFetch;
    if (!fetch) return notFetched();
    // In the background: a real download takes a while; the page lists the run while it goes.
    void fetch
      .run()
      .catch((error: Error) => console.error(`[data] a fetch asked for by staff failed: ${error.message}`));
    return redirect('/console/data?notice=fetching');
  });

  return app;
}

const staffOnly = async (c: import('hono').Context<ConsoleEnv>, next: () => Promise<void>) => {
  if (!c.var.session.user!.staff)
    return page(messagePage('Only for the service’s staff', 'The Data page is for the service’s staff.'), 403);
  await next();
};

const notFetched = () =>
  page(
    messagePage('Not fetched by the service', 'This environment’s data are imported by hand (npm run data:import).'),
    404,
  );
