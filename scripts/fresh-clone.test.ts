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
const PORTS = ['WIDGET_HOST_PORT', 'PLATFORM_PORT', 'MCP_PORT', 'DEMO_PORT', 'MAIL_INBOX_PORT'];

/** A signal to every process of a group; a group that has ended already is no failure. */
function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

describe('a fresh clone', () => {
  const folder = mkdtempSync(join(tmpdir(), 'fresh-clone-'));
  let start: ChildProcess | undefined;
  let exited: Promise<number | null> | undefined;
  after(async () => {
    // npm start's whole process group (npm, tsx and the service under it): asked to stop, then ended.
    if (start?.pid) {
      signalGroup(start.pid, 'SIGTERM');
      await Promise.race([exited, delay(5_000)]);
      signalGroup(start.pid, 'SIGKILL');
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
      // Only what a person's shell has: none of the test run's switches, and free ports for the usual ones.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(SERVICE_|SANDBOX_|NODE_TEST|DATABASE_URL)/.test(name)),
      );
      start = spawn('npm', ['start'], {
        cwd: clone,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...env, ...Object.fromEntries(PORTS.map((name) => [name, '0'])) },
      });
      let output = '';
      for (const stream of [start.stdout!, start.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk));
      exited = new Promise((resolve) => start!.once('exit', resolve));

      const deadline = Date.now() + WAIT_MS;
      let first: string | undefined;
      while (!first && Date.now() < deadline) {
        const code: number | null | 'running' = await Promise.race([exited!, delay(500, 'running' as const)]);
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
