/**
 * The service's staff's Data page: for each environment the console serves, how current each dataset
 * is (newest month, last load, the service's last and next fetch, stale since), the latest fetch
 * runs with what went wrong, and "Fetch now" behind a confirmation.
 */
import type { DatasetFreshness } from '../../../core/datasets/freshness.js';
import type { FetchRunRow } from '../../../core/datasets/fetch/fetch-runs.js';
import type { Session } from '../../../core/organizations/sessions.js';
import type { Environment } from '../../../db/environments.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date, onceField } from './form.js';
import { consolePage } from './frame.js';

export interface EnvironmentData {
  name: Environment;
  /** What the environment values, in a few words. */
  describes: string;
  freshness: DatasetFreshness[];
  runs: FetchRunRow[];
  /** Whether the environment fetches by itself (the schedule and "Fetch now"), and from which sources. */
  fetches: boolean;
  sources: string[];
  /** What the archive of the sources' answers holds. */
  archive: { answers: number; storedBytes: number; originalBytes: number };
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

const title = (name: EnvironmentData['name']) => ({ live: 'Live', sandbox: 'Sandbox' })[name];
const when = (iso: string | null, none = '—') => (iso ? date(iso) : none);
const state = (f: DatasetFreshness) =>
  f.stale ? html`<strong>Stale since ${date(f.staleSince!)}</strong>` : 'Current';
const lastFetch = (f: DatasetFreshness) =>
  f.lastFetch ? `${f.lastFetch.status}, ${date(f.lastFetch.startedAt)}` : 'not fetched by the service';

function section(data: EnvironmentData): Html {
  const id = `data-${data.name}`;
  const datasets = cardTable(
    `${title(data.name)}’s datasets`,
    [
      { name: 'Dataset' },
      { name: 'Newest month' },
      { name: 'Last loaded' },
      { name: 'Last fetch' },
      { name: 'Next fetch' },
      { name: 'State' },
    ],
    data.freshness.map((f) => [
      f.dataset,
      f.newestMonth ?? '—',
      when(f.lastImportedAt),
      lastFetch(f),
      when(f.nextFetchAt),
      state(f),
    ]),
    'Nothing loaded yet.',
  );
  const runs = cardTable(
    `${title(data.name)}’s latest fetch runs`,
    [
      { name: 'Started' },
      { name: 'Dataset' },
      { name: 'Outcome' },
      { name: 'Rows added', numeric: true },
      { name: 'Newest month' },
      { name: 'Note' },
    ],
    data.runs.map((r) => [
      date(r.startedAt),
      `${r.source} ${r.dataset}`,
      r.status,
      r.rowsAdded?.toLocaleString('en') ?? '—',
      r.newestMonth ?? '—',
      r.failure ?? r.warning ?? '',
    ]),
    'No fetch has run.',
  );
  const fetchNow = data.fetches
    ? html`<p>Fetched by the service from ${data.sources.join(' and ')}. Archive: ${data.archive.answers.toLocaleString('en')} answers, ${megabytes(data.archive.storedBytes)} stored (${megabytes(data.archive.originalBytes)} as they came).</p>
<p><a class="button" href="/console/data/${data.name}/fetch">Fetch now…</a></p>`
    : html`<p class="hint">The ${data.name} does not fetch by itself: its files are imported with <code>npm run data:import</code>.</p>`;
  return html`<section aria-labelledby="${id}"><h2 id="${id}">${title(data.name)}: ${data.describes}</h2>
${datasets}${fetchNow}${runs}</section>`;
}

export function dataPage(session: Session, environments: EnvironmentData[], notice?: string): Html {
  return consolePage(
    'Data',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}<p>How current the data behind every estimate are. HDB’s datasets are fetched from data.gov.sg on the 10th of each month, URA’s weekly; a failed fetch is tried again a day later; data not refreshed for 45 days past the next expected fetch are stale (estimates still answer, and say the month they rest on). docs/data.md says what to do when a source fails.</p>
${environments.map(section)}`,
  );
}

/** "Fetch now", confirmed: what it does before it does it. */
export function fetchConfirmPage(session: Session, environment: Environment): Html {
  return consolePage(
    'Fetch now?',
    session,
    html`<p>Fetch the official sources into the ${environment} now: HDB’s resale and rental datasets from data.gov.sg, and URA’s private sales and rents where its access key is set. Only what is new is imported; nothing already imported is removed, and a failure imports nothing. It runs in the background: this page’s Data list shows it running, then its outcome.</p>
<form method="post" action="/console/data/${environment}/fetch">${csrfField(session)}${onceField()}<button type="submit">Fetch now</button> <a href="/console/data">Cancel</a></form>`,
    '/console/data',
  );
}
