// Releases the contract (npm run contract:release -- "what this release brings"): refuses a breaking
// change to /v1 or a version that does not move forward; otherwise adds the changelog's entry and
// keeps this contract as the last released one, which the compatibility check compares against.
import { readFile, writeFile } from 'node:fs/promises';
import { bundledContracts, ROOT } from './adapters/adapters.js';
import { compared } from './adapters/compatibility.js';
import { releaseOf, type Release } from './adapters/release.js';

const summary = process.argv.slice(2).join(' ').trim();
if (!summary) throw new Error('Say what this release brings: npm run contract:release -- "New: …".');
const read = async (path: string) => JSON.parse(await readFile(new URL(path, ROOT), 'utf8'));
const write = (path: string, value: unknown) => writeFile(new URL(path, ROOT), `${JSON.stringify(value, null, 2)}\n`);

const { platform, widgetHost } = await bundledContracts();
// The widget host's contract is held to the same promise: widgets already on websites call it.
const widgetHostBreaks = compared(
  await read('contract/released/widget-host.openapi.json'),
  structuredClone(widgetHost),
).breaking;
if (widgetHostBreaks.length) {
  console.error(
    `Not released: the widget host's contract breaks:\n- ${widgetHostBreaks.map((c) => `${c.description} (${c.path})`).join('\n- ')}`,
  );
  process.exit(1);
}
// The comparison may rewrite what it is given (api-smart-diff merges `$ref` siblings): it gets a copy.
const outcome = releaseOf(
  await read('contract/released/platform.openapi.json'),
  structuredClone(platform) as never,
  new Date().toISOString().slice(0, 10),
  summary,
);
if ('refused' in outcome) {
  console.error(`Not released:\n- ${outcome.refused.join('\n- ')}`);
  process.exit(1);
}
const changelog: { releases: Release[] } = await read('contract/changelog.json');
changelog.releases.unshift(outcome.release);
await write('contract/changelog.json', changelog);
await write('contract/released/platform.openapi.json', platform);
await write('contract/released/widget-host.openapi.json', widgetHost);
console.log(`Released ${outcome.release.version}: ${outcome.release.changes.length} changes in the changelog.`);
