/**
 * A failure on our side, in the log with the request id the caller was given and its stack, so an
 * operator can find what a person quotes. Never a request's headers or body (a key may be in them).
 */
import { randomBytes } from 'node:crypto';

export const newRequestId = () => `req_${randomBytes(12).toString('hex')}`;

export function logFailure(surface: string, requestId: string, error: unknown): void {
  const told = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`[${surface}] ${requestId} failed: ${told}`);
}
