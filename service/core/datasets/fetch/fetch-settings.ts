/**
 * A deployment's fetch settings from its environment variables (docs/data.md): data.gov.sg's hosts
 * (DATA_GOV_SG_METADATA_URL, DATA_GOV_SG_DOWNLOAD_URL; data.gov.sg's own by default) and key
 * (DATA_GOV_SG_API_KEY); URA's access key (URA_ACCESS_KEY: without it URA is not fetched) and host
 * (URA_HOST); OneMap's account (ONEMAP_EMAIL, ONEMAP_PASSWORD: without them no block is placed) and
 * host (ONEMAP_HOST); DATA_FETCH_ORIGIN=sample for a stand-in's generated figures; DATA_FETCH=off for none.
 */
import { DATA_GOV_SG } from './data-gov-sg.js';
import type { FetchSettings } from './official-fetch.js';

export function fetchSettingsFromEnv(env: NodeJS.ProcessEnv): FetchSettings | undefined {
  if (env.DATA_FETCH === 'off') return undefined;
  return {
    dataGovSg: {
      hosts: {
        metadata: env.DATA_GOV_SG_METADATA_URL ?? DATA_GOV_SG.metadata,
        download: env.DATA_GOV_SG_DOWNLOAD_URL ?? DATA_GOV_SG.download,
      },
      apiKey: env.DATA_GOV_SG_API_KEY,
    },
    ura: env.URA_ACCESS_KEY ? { accessKey: env.URA_ACCESS_KEY, host: env.URA_HOST } : undefined,
    oneMap:
      env.ONEMAP_EMAIL && env.ONEMAP_PASSWORD
        ? { email: env.ONEMAP_EMAIL, password: env.ONEMAP_PASSWORD, host: env.ONEMAP_HOST }
        : undefined,
    origin: env.DATA_FETCH_ORIGIN === 'sample' ? 'sample' : 'official',
  };
}
