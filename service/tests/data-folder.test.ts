/**
 * The embedded database's data folder, with the service as a real process (`node service/start.ts`):
 * a second process on the same folder refuses to start, saying who holds it, and the first keeps
 * every key and count; ten rounds of kill -9 in the middle of console writes and estimates lose no
 * acknowledged write, and every index passes PostgreSQL's amcheck after each.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { searchPathOf } from '../db/environments.js';
import { lockDataFolder } from '../db/folder-lock.js';
import { ConsoleBrowser } from './console-browser.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SITE = 'https://site.example';
const folders: string[] = [];
const started: ChildProcess[] = [];
after(() => {
  started.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'service-data-folder-'));
  folders.push(folder);
  return folder;
};

interface Service {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node service/start.ts` on `folder`, on free ports, no demo site; resolves once it is listening (or has exited). */
async function startService(folder: string): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SANDBOX_DATA_DIR: folder,
      WIDGET_HOST_PORT: '0',
      DEMO_PORT: 'off',
      PLATFORM_PORT: '0',
      MCP_PORT: '0',
      SANDBOX_VISITOR_LIMITS: 'off',
      // The folder's writes are what this file checks: no fetch of the world from the sources' stand-ins at each start.
      SANDBOX_FETCH: 'off',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  const ready = new Promise<void>((resolve) => {
    const check = () => (output.includes('Press Ctrl+C') || !running ? resolve() : setTimeout(check, 50));
    check();
  });
  await Promise.race([ready, exited]);
  // The widget host's address, as the process prints it.
  const base = /Sandbox widget host: (http:\/\/\S+)\//.exec(output)?.[1] ?? 'http://not-started.invalid';
  return { child, base, output: () => output, exited };
}

/** A console visitor that signs in and makes widget keys for the site; each acknowledged one is remembered. */
async function siteOwner(base: string) {
  const browser = await new ConsoleBrowser(base).signIn('usr_siti');
  const made: { id: string; key: string }[] = [];
  return {
    made,
    async makeKey(name: string) {
      const created = await browser.post('/console/widget-keys', { name, origins: SITE });
      assert.equal(created.status, 303);
      const id = created.location!.split('/').pop()!.split('?')[0];
      const page = await browser.get(`/console/widget-keys/${id}`);
      const key = /(svce_test_\w+)/.exec(page.text)![1];
      made.push({ id, key });
      return key;
    },
  };
}

const estimate = (base: string, key: string) =>
  fetch(`${base}/v1/estimates?key=${key}&id=hdb-560102-4-room`, { headers: { Origin: SITE } }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

/** Opens the folder in this process (its lock taken), with amcheck. */
async function openFolder(folder: string) {
  const lock = await lockDataFolder(folder, 'the data folder test');
  const db = new PGlite(folder, { extensions: { amcheck } });
  await db.waitReady;
  await db.query(`select set_config('search_path', $1, false)`, [searchPathOf('sandbox')]);
  return {
    db,
    async close() {
      await db.close();
      await lock.release();
    },
  };
}

describe('one writer per data folder', { timeout: 120_000 }, () => {
  it('refuses a second process on the same folder with one line naming the holder; the first keeps everything', async () => {
    const folder = newFolder();
    const first = await startService(folder);
    assert.match(first.output(), /Press Ctrl\+C/, first.output());
    const owner = await siteOwner(first.base);
    const key = await owner.makeKey('Before the second start');
    for (let i = 0; i < 10; i++) assert.equal(await estimate(first.base, key), 200);

    const second = await startService(folder);
    const ended = await Promise.race([second.exited, new Promise((resolve) => setTimeout(resolve, 20_000, 'running'))]);
    if (ended === 'running') second.child.kill('SIGKILL');
    assert.notEqual(ended, 'running', `a second process started on the same folder:\n${second.output()}`);
    assert.notEqual(ended, 0);
    const lines = second.output().trim().split('\n');
    assert.equal(lines.length, 1, second.output());
    assert.match(
      lines[0],
      new RegExp(`^The data folder .+ is in use by process ${first.child.pid} \\(npm start\\)\\. .*DATABASE_URL`),
    );

    await owner.makeKey('After the second start');
    for (let i = 0; i < 5; i++) assert.equal(await estimate(first.base, key), 200);
    first.child.kill('SIGTERM');
    await first.exited;

    const { db, close } = await openFolder(folder);
    const ids = owner.made.map((k) => k.id);
    const rows = await db.query<{ id: string }>('select id from widget_keys where id = any($1)', [ids]);
    assert.equal(rows.rows.length, 2);
    const usage = await db.query<{ count: number }>(
      `select sum(count)::int as count from daily_usage where kind = 'widget_estimate' and subject = $1`,
      [owner.made[0].id],
    );
    assert.equal(usage.rows[0].count, 15);
    await close();
  });
});

describe('kill -9 while writing', { timeout: 600_000 }, () => {
  it('loses no acknowledged write, and every index passes amcheck, in 10 rounds', async () => {
    const folder = newFolder();
    const acknowledged = { keys: [] as string[], estimates: new Map<string, number>() };
    for (let round = 1; round <= 10; round++) {
      const service = await startService(folder);
      assert.match(service.output(), /Press Ctrl\+C/, `round ${round}: ${service.output()}`);
      const owner = await siteOwner(service.base);
      const key = await owner.makeKey(`Round ${round}`);
      let stop = false;
      const writes = (async () => {
        for (let i = 0; !stop; i++) await owner.makeKey(`Round ${round} key ${i}`).catch(() => (stop = true));
      })();
      const estimates = (async () => {
        while (!stop) {
          const status = await estimate(service.base, key).catch(() => 0);
          if (status === 200) acknowledged.estimates.set(key, (acknowledged.estimates.get(key) ?? 0) + 1);
          else if (status === 0) break;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300 + ((round * 137) % 900)));
      service.child.kill('SIGKILL');
      await service.exited;
      stop = true;
      await Promise.all([writes, estimates]);
      acknowledged.keys.push(...owner.made.map((k) => k.id));

      const { db, close } = await openFolder(folder);
      const found = await db.query<{ id: string }>('select id from widget_keys where id = any($1)', [
        acknowledged.keys,
      ]);
      assert.equal(found.rows.length, acknowledged.keys.length, `round ${round}: every acknowledged key is there`);
      const usage = await db.query<{ count: number }>(
        `select sum(count)::int as count from daily_usage where kind = 'widget_estimate' and subject = $1`,
        [owner.made[0].id],
      );
      const answered = acknowledged.estimates.get(key) ?? 0;
      const counted = usage.rows[0]?.count ?? 0;
      assert.ok(
        counted >= answered && counted <= answered + 1,
        `round ${round}: ${counted} counted, ${answered} answered`,
      );

      await db.exec('create extension if not exists amcheck');
      const indexes = await db.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name from pg_index i join pg_class c on c.oid = i.indexrelid
           join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
          where a.amname = 'btree' and n.nspname in ('public', 'sandbox', 'live')`,
      );
      assert.ok(indexes.rows.length > 10);
      for (const { name } of indexes.rows) await db.query('select bt_index_parent_check($1::regclass, true)', [name]);
      await close();
    }
    console.log(
      `# 10 kill -9 rounds: ${acknowledged.keys.length} acknowledged keys and ${[...acknowledged.estimates.values()].reduce((a, b) => a + b, 0)} answered estimates, all kept; amcheck clean`,
    );
  });
});
