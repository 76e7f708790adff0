/**
 * zxcvbn-ts's score of a password, worked out in a worker thread of its own: its matchers cost up to
 * a second of CPU on a long keyboard walk or a repeat, which on the event loop would stop every
 * origin of the process. One worker, one password at a time, the first 64 characters only (the rest
 * adds nothing to how early it is guessed), and a short queue: past it the service says it is busy.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PasswordsBusy } from './passwords.js';

/** Characters scored: a longer password is scored on its start (its length already makes it strong). */
export const SCORED_CHARACTERS = 64;
const WAITING_AT_MOST = 32;

export interface Guessability {
  score: number;
  warning?: string;
  suggestion?: string;
}

const resolve = createRequire(import.meta.url).resolve;
const PACKAGES = {
  core: resolve('@zxcvbn-ts/core'),
  common: resolve('@zxcvbn-ts/language-common'),
  english: resolve('@zxcvbn-ts/language-en'),
};

/** Plain JavaScript (eval), so it runs the same under tsx, Playwright's loader and node. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const english = require(workerData.english);
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});
parentPort.on('message', ({ id, password }) => {
  try {
    const { score, feedback } = zxcvbn.check(password, ['service', 'valuations', 'sandbox', 'console']);
    parentPort.postMessage({ id, score, warning: feedback.warning || undefined, suggestion: feedback.suggestions[0] });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});`;

type Pending = { resolve: (result: Guessability) => void; reject: (error: Error) => void };
let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function started(): Worker {
  if (worker) return worker;
  const made = new Worker(WORKER, { eval: true, workerData: PACKAGES });
  // A process with nothing else to do may exit although the worker waits for work.
  made.unref();
  made.on('message', ({ id, error, ...result }: Guessability & { id: number; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error) waiting?.reject(new Error(`The password check failed: ${error}`));
    else waiting?.resolve(result);
  });
  const stopped = (error: Error) => {
    if (worker === made) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  made.on('error', stopped);
  made.on('exit', (code) => stopped(new Error(`The password check's worker stopped (exit ${code})`)));
  return (worker = made);
}

/** How guessable `password` is: zxcvbn-ts's score (0–4) and its advice, in English. */
export function guessability(password: string): Promise<Guessability> {
  if (pending.size >= WAITING_AT_MOST) return Promise.reject(new PasswordsBusy('Too many passwords are waiting.'));
  const id = nextId++;
  return new Promise<Guessability>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    started().postMessage({ id, password: [...password].slice(0, SCORED_CHARACTERS).join('') });
  });
}
