/**
 * Each process's health, answered by every origin's server before any route, for a balancer:
 * `/livez` says the process runs; `/readyz` says it should get traffic (the database migrated and
 * answering, and the process not stopping). Process-wide, as the process is what a balancer drains.
 * Stale data do not take a process out (it answers from what it holds) but `/readyz` says so.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const LIVENESS_PATH = '/livez';
export const READINESS_PATH = '/readyz';

/** Ready, or throws why not; what it returns is said beside `ready` (stale data: ready, and saying so). */
type Check = () => Promise<void | Record<string, unknown>>;

/** Thrown by a readiness check that knows why the process cannot serve (live with no data), not only that. */
export class NotReady extends Error {}
let check: Check | undefined;
let draining = false;

export const health = {
  /** From now on, ready whenever `databaseAnswers` resolves (called once migrations have run). */
  ready(databaseAnswers: Check) {
    check = databaseAnswers;
  },
  /** Stopping: not ready again, so the balancer sends no more. */
  drain() {
    draining = true;
  },
};

async function readiness(): Promise<{ ready: boolean; reason?: string; notes?: Record<string, unknown> }> {
  if (draining) return { ready: false, reason: 'stopping' };
  if (!check) return { ready: false, reason: 'starting: migrations have not run' };
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref());
  try {
    const notes = await Promise.race([check(), timeout]);
    return { ready: true, notes: notes ?? undefined };
  } catch (error) {
    return { ready: false, reason: error instanceof NotReady ? error.message : 'the database does not answer' };
  }
}

/** Answers a health path and returns true; false for any other request. */
export function answerHealth(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? '').split('?')[0];
  if (path !== LIVENESS_PATH && path !== READINESS_PATH) return false;
  req.resume();
  const send = (status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (path === LIVENESS_PATH) send(200, { status: 'live', pid: process.pid });
  else
    void readiness().then(({ ready, reason, notes }) =>
      send(ready ? 200 : 503, ready ? { status: 'ready', ...notes } : { status: 'not_ready', reason }),
    );
  return true;
}
