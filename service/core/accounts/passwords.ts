/**
 * Passwords at rest: scrypt (memory-hard, in Node's own crypto, so no native module to build) with
 * OWASP's parameters (password-cost.ts). The stored text names its parameters, so stronger ones can
 * come later without a migration. A password is never logged, stored or compared in plain.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { type PasswordCost, passwordCostFrom } from './password-cost.js';

// Read at the first hash, not at import: a process refused the test cost fails where it hashes, too.
let cost: PasswordCost | undefined;
const costInForce = () => (cost ??= passwordCostFrom(process.env));
const KEY_BYTES = 64;

/**
 * At most two hashes at once: scrypt runs on libuv's four threads, which DNS lookups and files share,
 * so a flood of sign-ins waits its turn instead of holding those up (and takes at most 256 MiB).
 */
export const HASHES_AT_ONCE = 2;
/** More than this many waiting (about 8 seconds' work): the service says it is busy instead of queueing. */
export const HASHES_WAITING = 64;
let hashing = 0;
const waiting: (() => void)[] = [];

/** Too many passwords are waiting to be checked: the person is asked to try again in a few seconds. */
export class PasswordsBusy extends Error {
  override name = 'PasswordsBusy';
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASHES_AT_ONCE) hashing++;
  else if (waiting.length >= HASHES_WAITING) throw new PasswordsBusy('Too many passwords are waiting to be checked.');
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so no newcomer slips in beside it.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

const scrypt = (password: string, salt: Buffer, options: ScryptOptions) =>
  inTurn(() => derive(password, salt, options));

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

/** `scrypt$N$r$p$salt$key`, base64url; at the cost in force unless one is given (a measure of production's). */
export async function hashPassword(password: string, given: PasswordCost = costInForce()): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = given;
  const key = await scrypt(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; an unreadable `stored` matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [name, N, r, p, salt, key] = stored.split('$');
  if (name !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A hash no password matches, checked when the address is nobody's: so that answer takes as long as a real one. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(32).toString('base64url')));
