/**
 * A deployment's fetch settings from its environment variables (docs/data.md): data.gov.sg's hosts
 * (DATA_GOV_SG_METADATA_URL, DATA_GOV_SG_DOWNLOAD_URL; data.gov.sg's own by default) and key
 * (DATA_GOV_SG_API_KEY); DATA_FETCH_ORIGIN=sample for a stand-in's generated figures; DATA_FETCH=off
 * for none at all.
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
    origin: env.DATA_FETCH_ORIGIN === 'sample' ? 'sample' : 'official',
  };
}
