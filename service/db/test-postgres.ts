/**
 * Debian's PostgreSQL started on loopback: a throwaway server for tests (a temporary folder, removed when
 * stopped) or a kept development server (a folder of its own). Undefined where PostgreSQL is not installed.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort().pop();
  const bin = version && join(root, version, 'bin');
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

/** Postgres refuses to run as root: as root, it runs as the postgres user the package created. */
function run(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    stdio: 'pipe',
  });
}

export async function startTestPostgres(port: number): Promise<{ url: string; stop(): void } | undefined> {
  if (!binaries()) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'service-pg-'));
  return startPostgresIn(dir, port, { remove: true });
}

/**
 * A development server of Debian's PostgreSQL in `dir`, kept between starts (initialised the first
 * time): `npm run start:live`'s, so an account, its keys and its review survive a restart.
 */
export async function startKeptPostgres(dir: string, port: number) {
  if (!binaries()) return undefined;
  mkdirSync(dir, { recursive: true });
  return startPostgresIn(dir, port, { remove: false });
}

function startPostgresIn(dir: string, port: number, { remove }: { remove: boolean }) {
  const bin = binaries()!;
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION')))
    run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${remove ? ' -c fsync=off' : ''}`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        if (remove) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
