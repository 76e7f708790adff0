/**
 * The SDK's npm package (`packages/sdk/dist/`): the client as an ES module (openapi-fetch left to the
 * app's install), the `service-valuation` command as one file with its shebang, and the types from
 * tsc (tsconfig.sdk.json). The contract's servers and the CLI's number formats are bundled in.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build, type BuildOptions } from 'esbuild';

const OUT = 'packages/sdk/dist';
rmSync(OUT, { recursive: true, force: true });
const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['openapi-fetch'],
  legalComments: 'none',
};
await build({ ...common, entryPoints: { index: 'sdk/client.ts' }, outdir: OUT });
await build({
  ...common,
  entryPoints: { cli: 'sdk/bin.ts' },
  outdir: OUT,
  banner: { js: '#!/usr/bin/env node' },
});
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.sdk.json'], { stdio: 'inherit' });
