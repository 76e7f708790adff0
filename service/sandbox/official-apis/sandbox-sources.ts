/**
 * The sandbox's world served as the official sources serve theirs: stand-ins of data.gov.sg, URA and
 * OneMap on loopback, answering the files the sandbox starts with (official-files/sandbox-text.ts) in
 * each source's shapes, and the fetch settings that point the sandbox at them. `npm start` fetches from
 * them on start and on schedule through the code live uses, so the whole road (schedule, lock, fetch,
 * archive, import, freshness) runs on every start without the internet; stop them and the runs fail,
 * and the data go stale as a real source's would.
 */
import type { FetchSettings } from '../../core/datasets/fetch/official-fetch.js';
import { HDB_DATASETS } from '../../core/datasets/fetch/data-gov-sg.js';
import { recentQuarters } from '../../core/datasets/fetch/ura-data-service.js';
import { SANDBOX_FILES, sandboxStartFiles } from '../official-files/sandbox-text.js';
import { startDataGovSgStandIn } from './data-gov-sg-stand-in.js';
import { startOneMapStandIn } from './onemap-stand-in.js';
import { startUraStandIn } from './ura-stand-in.js';

export async function startSandboxSources(now = new Date()) {
  const text = (name: string) => sandboxStartFiles().find((file) => file.name === name)!.text;
  const updated = `${now.toISOString().slice(0, 8)}01T09:00:00+08:00`;
  const dataGovSg = await startDataGovSgStandIn({
    [HDB_DATASETS.hdb_resale]: { text: text(SANDBOX_FILES.hdbResale), lastUpdatedAt: updated },
    [HDB_DATASETS.hdb_rental]: { text: text(SANDBOX_FILES.hdbRental), lastUpdatedAt: updated },
  });
  const ura = await startUraStandIn({
    accessKey: 'sandbox-access-key',
    sales: { 1: JSON.parse(text(SANDBOX_FILES.uraTransactions)).Result },
    rentals: { [recentQuarters(now)[0]!]: JSON.parse(text(SANDBOX_FILES.uraRentals)).Result },
  });
  const oneMap = await startOneMapStandIn({
    email: 'sandbox@service.test',
    password: 'sandbox-password',
    addresses: JSON.parse(text(SANDBOX_FILES.oneMap)).results,
  });
  const settings: FetchSettings = {
    dataGovSg: { hosts: dataGovSg.hosts },
    ura: { accessKey: ura.data.accessKey, host: ura.host },
    oneMap: { email: oneMap.data.email, password: oneMap.data.password, host: oneMap.host },
    origin: 'generated',
  };
  return {
    settings,
    hosts: { dataGovSg: dataGovSg.hosts.metadata, ura: ura.host, oneMap: oneMap.host },
    stop: () => Promise.all([dataGovSg.stop(), ura.stop(), oneMap.stop()]).then(() => undefined),
  };
}
