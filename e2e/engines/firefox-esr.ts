#!/usr/bin/env -S node --import tsx
/**
 * Playwright's `executablePath` for Firefox ESR: starts the real Firefox (FIREFOX_PATH, else
 * /usr/bin/firefox-esr) with Playwright's arguments and puts the BiDi shim (bidi-shim.ts) between
 * them, by announcing the shim's address where Firefox announces its own. Everything else passes
 * through, and Firefox's exit is this process's exit.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startBidiShim } from './bidi-shim.js';

const firefox = spawn(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', process.argv.slice(2), {
  stdio: ['inherit', 'inherit', 'pipe'],
});
let shim: Awaited<ReturnType<typeof startBidiShim>> | undefined;

createInterface({ input: firefox.stderr }).on('line', async (line) => {
  const listening = /^WebDriver BiDi listening on (ws:\/\/\S+)$/.exec(line);
  if (!listening) {
    process.stderr.write(`${line}\n`);
    return;
  }
  shim = await startBidiShim(listening[1]);
  process.stderr.write(`WebDriver BiDi listening on ${shim.url}\n`);
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => firefox.kill(signal));
firefox.on('exit', async (code, signal) => {
  await shim?.close();
  process.exit(code ?? (signal ? 1 : 0));
});
