/**
 * The service as N processes on one PostgreSQL server behind HAProxy, on loopback: each process is
 * `service/start.ts` with its own ports and the balancer's addresses as its public ones. Used by
 * `npm run start:cluster`, the cross-process tests and the scale bench; it stops what it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestPostgres } from '../db/test-postgres.js';
import { freePorts } from '../web/free-ports.js';
import { startMailReceiver } from '../mail/mail-receiver.js';
import { type BalancerOptions, haproxyConfig } from './haproxy-config.js';

const START = fileURLToPath(new URL('../start.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ClusterOptions {
  processes: number;
  /** The balancer's ports: widget host, Platform API, MCP; free ones by default (`npm run start:cluster` names the usual ones). */
  ports?: Ports;
  /** A PostgreSQL server to use; a throwaway one on a free port otherwise. */
  databaseUrl?: string;
  /** More environment for every process (WEBHOOK_ALLOW_HOSTS, SANDBOX_VISITOR_LIMITS, …). */
  env?: Record<string, string>;
  /** How the balancer runs (haproxy-config.ts). */
  balancer?: BalancerOptions;
  /** Where each process's output goes; discarded by default. */
  log?: (index: number, line: string) => void;
}

type Ports = { widgetHost: number; platform: number; mcp: number };

export interface ServiceProcess {
  index: number;
  child: ChildProcess;
  /** Its own ports, free when it first started and kept when it is started again. */
  ports: Ports;
}

/** Three free ports per origin set asked for, and `extra` more (PostgreSQL's): all distinct, taken at once. */
async function freeOrigins(count: number, extra: number): Promise<{ origins: Ports[]; extra: number[] }> {
  const free = await freePorts(3 * count + extra);
  const origins = Array.from({ length: count }, (_, i) => {
    const [widgetHost, platform, mcp] = free.slice(3 * i, 3 * i + 3);
    return { widgetHost, platform, mcp };
  });
  return { origins, extra: free.slice(3 * count) };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

export async function startCluster(options: ClusterOptions) {
  const free = await freeOrigins(options.processes + (options.ports ? 0 : 1), options.databaseUrl ? 0 : 1);
  const [ports, ...own] = options.ports ? [options.ports, ...free.origins] : free.origins;
  const postgres = options.databaseUrl ? undefined : await startTestPostgres(free.extra[0]);
  const databaseUrl = options.databaseUrl ?? postgres?.url;
  if (!databaseUrl)
    throw new Error('A cluster needs PostgreSQL: install it (apt-get install postgresql) or set DATABASE_URL.');
  const dir = mkdtempSync(join(tmpdir(), 'service-cluster-'));
  // One mail receiver for every process (each would start its own otherwise).
  const given = options.env?.MAIL_SMTP_URL ?? process.env.MAIL_SMTP_URL;
  const receiver = given ? undefined : await startMailReceiver();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    // Every process seals and opens webhook secrets with one key.
    WEBHOOK_SECRETS_KEY: process.env.WEBHOOK_SECRETS_KEY ?? randomBytes(32).toString('base64'),
    WIDGET_HOST_PUBLIC_URL: `http://127.0.0.1:${ports.widgetHost}/`,
    PLATFORM_PUBLIC_ORIGIN: `http://127.0.0.1:${ports.platform}`,
    MCP_PUBLIC_ORIGIN: `http://127.0.0.1:${ports.mcp}`,
    TRUSTED_PROXIES: '127.0.0.1',
    DEMO_PORT: 'off',
    // The processes serve the sandbox's world as imported at start: no stand-ins of the sources per process.
    SANDBOX_FETCH: 'off',
    // A stopping process fails its readiness, then waits out two health checks before it stops accepting.
    DRAIN_DELAY_MS: '1200',
    ...(receiver ? { MAIL_SMTP_URL: receiver.smtpUrl, MAIL_INBOX_URL: receiver.inboxUrl } : {}),
    ...options.env,
  };
  const processes: ServiceProcess[] = [];
  const spawnProcess = (index: number, own: Ports): ServiceProcess => {
    const child = spawn(process.execPath, ['--import', 'tsx', START], {
      cwd: ROOT,
      env: {
        ...env,
        WIDGET_HOST_PORT: String(own.widgetHost),
        PLATFORM_PORT: String(own.platform),
        MCP_PORT: String(own.mcp),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout!, child.stderr!])
      stream.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) options.log?.(index, line);
      });
    return { index, child, ports: own };
  };
  for (let i = 0; i < options.processes; i++) processes.push(spawnProcess(i, own[i]));
  const haproxyFile = join(dir, 'haproxy.cfg');
  writeFileSync(
    haproxyFile,
    haproxyConfig(
      [
        { name: 'widget_host', port: ports.widgetHost, backends: processes.map((p) => p.ports.widgetHost) },
        { name: 'platform', port: ports.platform, backends: processes.map((p) => p.ports.platform) },
        { name: 'mcp', port: ports.mcp, backends: processes.map((p) => p.ports.mcp) },
      ],
      options.balancer,
    ),
  );
  let haproxy: ChildProcess | undefined;
  const stop = async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(processes.map((p) => stopProcess(p.child, 'SIGTERM')));
    postgres?.stop();
    await receiver?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(processes.map((p) => waitUntilReady(p)));
    haproxy = spawn('haproxy', ['-db', '-f', haproxyFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    haproxy.stderr!.on('data', (chunk: Buffer) => options.log?.(-1, chunk.toString().trim()));
    await waitFor(async () => (await fetch(`http://127.0.0.1:${ports.platform}/v1`)).ok, 'the balancer');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    processes,
    databaseUrl,
    urls: {
      widgetHost: env.WIDGET_HOST_PUBLIC_URL,
      platform: env.PLATFORM_PUBLIC_ORIGIN,
      mcp: `${env.MCP_PUBLIC_ORIGIN}/mcp`,
    },
    /** The mail receiver's, when the cluster runs one: tests read what the service sent. */
    mail: receiver,
    /** Starts process `index` again (after a kill) and waits until it is ready. */
    async restart(index: number) {
      processes[index] = spawnProcess(index, processes[index].ports);
      await waitUntilReady(processes[index]);
    },
    stop,
  };
}

async function waitFor(ok: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ok().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

function waitUntilReady(p: ServiceProcess) {
  const exited = new Promise<never>((_, reject) =>
    p.child.once('exit', (code) =>
      reject(new Error(`service process ${p.index} exited (${code}) before it was ready`)),
    ),
  );
  const ready = waitFor(
    async () => (await fetch(`http://127.0.0.1:${p.ports.mcp}/readyz`)).ok,
    `service process ${p.index}`,
  );
  return Promise.race([ready, exited]);
}

/** Sends `signal` and waits for the exit (SIGKILL after 15 s). */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}
