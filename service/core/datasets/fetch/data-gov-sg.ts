/**
 * data.gov.sg's public API, as its developer guide and the code that calls it describe it
 * (../shared/guides/OFFICIAL-DATA-APIS.md): a dataset's metadata (`lastUpdatedAt`, coverage) and its
 * full download, initiated then polled until a presigned URL answers. Every fault is a named error
 * with what to do: a 429 is waited out (busy-source.ts), a page of HTML where JSON was due (a firewall,
 * a maintenance page) is refused, a poll that never completes gives up, an expired presigned URL is
 * asked again once, and a download cut short is refused.
 */

import { splitCsvLine } from '../official/csv.js';
import { wait, waitingOutBusy } from './busy-source.js';
import { SourceFault } from './source-fault.js';

/** HDB's datasets on data.gov.sg: resale prices from January 2017, and flats rented out from 2021. */
export const HDB_DATASETS = {
  hdb_resale: 'd_8b84c4ee58e3cfc0ece0d773c8ca6abc',
  hdb_rental: 'd_c9f57187485a850908655db0e8cfe651',
} as const;

export const DATA_GOV_SG = {
  metadata: 'https://api-production.data.gov.sg/v2/public/api',
  download: 'https://api-open.data.gov.sg/v1/public/api',
};

export interface DataGovSgOptions {
  /** The metadata and download hosts (a local stand-in in the sandbox and the tests). */
  hosts?: { metadata: string; download: string };
  /** DATA_GOV_SG_API_KEY, where given: higher rate limits. */
  apiKey?: string;
  fetch?: typeof fetch;
  /** Waits `ms` (a test passes one that does not). */
  sleep?: (ms: number) => Promise<void>;
  /** How many times to poll a download before giving up, and how long between. */
  polls?: { attempts: number; intervalMs: number };
}

export interface DatasetMetadata {
  datasetId: string;
  name: string;
  lastUpdatedAt: string;
  coverageEnd?: string;
}

/** Whether the last line has fewer fields than the header: what a download cut mid-line leaves. */
function lastLineCut(text: string) {
  const lines = text.trimEnd().split(/\r?\n/);
  return lines.length > 1 && splitCsvLine(lines.at(-1)!).length < splitCsvLine(lines[0]!).length;
}

export function dataGovSg(options: DataGovSgOptions = {}) {
  const hosts = options.hosts ?? DATA_GOV_SG;
  const get = options.fetch ?? fetch;
  const sleep = options.sleep ?? wait;
  const polls = options.polls ?? { attempts: 30, intervalMs: 2_000 };
  const headers = options.apiKey ? { 'x-api-key': options.apiKey } : undefined;

  const busy = waitingOutBusy({
    name: 'data.gov.sg',
    advice: 'set DATA_GOV_SG_API_KEY for higher limits, or run the fetch again later',
    fetch: get,
    sleep,
  });
  const request = (url: string, init: RequestInit = {}) =>
    busy(url, { ...init, headers: { ...headers, ...init.headers } });

  /** The answer's JSON envelope (`{ code, data, errorMsg }`), or why it is not one. */
  async function json<T>(response: Response, what: string): Promise<T> {
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    if (!type.includes('json') || /^\s*</.test(text))
      throw new SourceFault(
        `data.gov.sg answered ${what} with a page of ${type.split(';')[0] || 'unknown type'} (HTTP ${response.status}), not JSON`,
        'a firewall or a maintenance page stood in the way: try again later, or check the host',
      );
    let body: { code?: number; data?: T; errorMsg?: string; errMsg?: string };
    try {
      body = JSON.parse(text);
    } catch {
      throw new SourceFault(`data.gov.sg's answer to ${what} is not valid JSON`, 'try again later');
    }
    if (!response.ok || (body.code !== undefined && body.code !== 0) || body.data === undefined)
      throw new SourceFault(
        `data.gov.sg refused ${what} (HTTP ${response.status}): ${body.errorMsg || body.errMsg || 'no reason given'}`,
        'check the dataset id and the key',
      );
    return body.data;
  }

  async function downloadUrl(datasetId: string): Promise<string> {
    const base = `${hosts.download}/datasets/${datasetId}`;
    await json(await request(`${base}/initiate-download`, { method: 'GET' }), `the download of ${datasetId}`);
    for (let attempt = 0; attempt < polls.attempts; attempt++) {
      const data = await json<{ status?: string; url?: string }>(
        await request(`${base}/poll-download`),
        `the download of ${datasetId}`,
      );
      if (data.url) return data.url;
      await sleep(polls.intervalMs);
    }
    throw new SourceFault(
      `data.gov.sg did not finish preparing ${datasetId} after ${polls.attempts} polls`,
      'run the fetch again later',
    );
  }

  return {
    async metadata(datasetId: string): Promise<DatasetMetadata> {
      return json(await request(`${hosts.metadata}/datasets/${datasetId}/metadata`), `the metadata of ${datasetId}`);
    },
    /** The dataset's whole CSV, checked whole: a download cut short is refused, never imported in part. */
    async download(datasetId: string): Promise<string> {
      const file = async (url: string) => {
        try {
          return await get(url);
        } catch {
          throw new SourceFault(
            `data.gov.sg's file for ${datasetId} was cut short (the connection ended)`,
            'run the fetch again: nothing of this file was imported',
          );
        }
      };
      let response = await file(await downloadUrl(datasetId));
      // A presigned URL lasts an hour: one that expired before it was read is asked for again, once.
      if (response.status === 403) response = await file(await downloadUrl(datasetId));
      if (!response.ok)
        throw new SourceFault(
          `data.gov.sg's file for ${datasetId} answered HTTP ${response.status}`,
          'run the fetch again',
        );
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch {
        throw new SourceFault(
          `data.gov.sg's file for ${datasetId} was cut short (the connection ended mid-file)`,
          'run the fetch again: nothing of this file was imported',
        );
      }
      const length = Number(response.headers.get('content-length'));
      const text = new TextDecoder().decode(bytes);
      if ((Number.isFinite(length) && length > 0 && bytes.length < length) || lastLineCut(text))
        throw new SourceFault(
          `data.gov.sg's file for ${datasetId} was cut short (${bytes.length.toLocaleString('en')} bytes${length ? ` of ${length.toLocaleString('en')}` : ''})`,
          'run the fetch again: nothing of this file was imported',
        );
      return text;
    },
  };
}

export type DataGovSg = ReturnType<typeof dataGovSg>;
