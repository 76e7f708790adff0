/**
 * Every adapter the contract gives, as the files committed for them: the bundled documents, the
 * Postman collection and environments, the MCP registry entry and the Zapier app's operations.
 * `npm run generate` writes them; the drift test (adapters.test.ts) fails when a committed copy differs.
 */
import { readFile } from 'node:fs/promises';
import { bundled } from './bundle.js';
import { mcpServerJson } from './mcp-server-json.js';
import { EXAMPLE_KEYS, type ExampleKind } from '../../service/surfaces/docs/example-keys.js';
import { environmentFile } from './postman-runs.js';
import type { Contract } from './contract-walk.js';
import { postmanCollection, postmanEnvironments } from './postman.js';
import { zapierOperations } from './zapier-operations.js';

export const ROOT = new URL('../../', import.meta.url);
const readJson = async (path: string) => JSON.parse(await readFile(new URL(path, ROOT), 'utf8'));
const text = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export async function bundledContracts() {
  const widgetHost = await readJson('contract/widget-host.openapi.json');
  return { platform: bundled(await readJson('contract/platform.openapi.json'), widgetHost), widgetHost };
}

/** Each file's path from the repository's root, and its text. */
export async function adapterFiles(): Promise<Map<string, string>> {
  const { platform, widgetHost } = await bundledContracts();
  const contract = platform as unknown as Contract;
  const environments = postmanEnvironments(contract);
  return new Map([
    ['contract/bundled/platform.openapi.json', text(platform)],
    ['contract/bundled/widget-host.openapi.json', text(bundled(widgetHost, widgetHost))],
    ['contract/postman/platform.postman_collection.json', text(postmanCollection(contract))],
    ['contract/postman/sandbox.postman_environment.json', text(environments.sandbox)],
    ['contract/postman/live.postman_environment.json', text(environments.live)],
    ...(Object.keys(EXAMPLE_KEYS) as ExampleKind[]).map((kind): [string, string] => [
      `contract/postman/${environmentFile(kind)}`,
      text(environments.byKind[kind]),
    ]),
    ['contract/mcp/server.json', text(mcpServerJson(contract.servers[1]))],
    ['packages/zapier/generated/operations.json', text(zapierOperations(contract))],
  ]);
}
