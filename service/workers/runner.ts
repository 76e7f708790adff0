/**
 * A small in-process worker runner: each worker runs in its own loop, one round after another, and
 * waits when a round found nothing to do. The composition root starts it and stops it; stopping wakes
 * the waiting loops and lets each finish the round it is in, so nothing claimed is left half done.
 * The clock is injectable, so tests move time instead of waiting for it.
 */
export interface Worker {
  name: string;
  /** One round of work at `now`: how many things it handled (0 means idle: wait before the next round). */
  run(now: Date): Promise<number>;
  /** How long to wait after an idle round; the runner's default otherwise. */
  idleMs?: number;
  /** Work a round started and left running (a sender's attempts): resolves once it has finished. */
  drain?(): Promise<void>;
}

export interface RunnerOptions {
  workers: Worker[];
  clock?: () => Date;
  idleMs?: number;
}

export function createWorkerRunner({ workers, clock = () => new Date(), idleMs = 1000 }: RunnerOptions) {
  let running = false;
  const loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });

  async function loop(worker: Worker) {
    while (running) {
      let handled = 0;
      try {
        handled = await worker.run(clock());
      } catch (error) {
        // The message only: a worker's error may quote what it was handling, never a secret, but keep it short.
        console.error(
          `[worker ${worker.name}] round failed: ${error instanceof Error ? error.message : 'unknown error'}`,
        );
      }
      if (running && handled === 0) await pause(worker.idleMs ?? idleMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      for (const worker of workers) loops.push(loop(worker));
    },
    /** Stops taking new rounds and resolves once every round in flight, and the work it started, has finished. */
    async stop() {
      running = false;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops.splice(0));
      await Promise.all(workers.map((worker) => worker.drain?.()));
    },
    /** One round of every worker, in order, each finished before the next (tests): how many things they handled. */
    async runOnce(): Promise<number> {
      let handled = 0;
      for (const worker of workers) {
        handled += await worker.run(clock());
        await worker.drain?.();
      }
      return handled;
    },
    get running() {
      return running;
    },
  };
}

export type WorkerRunner = ReturnType<typeof createWorkerRunner>;
