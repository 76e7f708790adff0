/**
 * The README's commands on a clone that has never run: the committed repository cloned into an empty
 * folder (no .data/, no dist/, nothing generated), its dependencies as `npm ci` leaves them (this
 * checkout's, linked), and `npm start` run as the README says until its first address answers.
 * Commit first: the clone has what HEAD has, as a visitor's clone would.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { after, describe, it } from 'node:test';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WAIT_MS = 240_000;

describe('a fresh clone', () => {
  const folder = mkdtempSync(join(tmpdir(), 'fresh-clone-'));
  let start: ChildProcess | undefined;
  after(async () => {
    // npm start's whole process group: npm, tsx and the service under it.
    if (start?.pid && start.exitCode === null) {
      process.kill(-start.pid, 'SIGTERM');
      await delay(2_000);
      if (start.exitCode === null) process.kill(-start.pid, 'SIGKILL');
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    'starts with npm start, as the README says, and its first address answers',
    { timeout: WAIT_MS + 30_000 },
    async () => {
      const clone = join(folder, 'repository');
      execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone], { stdio: 'pipe' });
      symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
      // Only what a person's shell has: none of the test run's switches, free ports instead of the usual ones.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(SERVICE_|SANDBOX_|NODE_TEST|DATABASE_URL)/.test(name)),
      );
      start = spawn('npm', ['start'], {
        cwd: clone,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...env,
          ...Object.fromEntries(
            ['WIDGET_HOST_PORT', 'PLATFORM_PORT', 'MCP_PORT', 'DEMO_PORT', 'MAIL_INBOX_PORT'].map((name) => [
              name,
              '0',
            ]),
          ),
        },
      });
      let output = '';
      for (const stream of [start.stdout!, start.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => start!.on('exit', resolve));

      const deadline = Date.now() + WAIT_MS;
      let first: string | undefined;
      while (!first && Date.now() < deadline) {
        const code = await Promise.race([exited, delay(500, 'running' as const)]);
        assert.equal(code, 'running', `npm start exited (${code}) on a fresh clone:\n${output.slice(-3_000)}`);
        first = /Sandbox widget host: (\S+)/.exec(output)?.[1];
      }
      assert.ok(first, `npm start printed no address in ${WAIT_MS / 1000} s:\n${output.slice(-3_000)}`);
      const page = await fetch(first);
      assert.equal(page.status, 200, output.slice(-3_000));
      assert.match(await page.text(), /<html/i);
    },
  );
});
