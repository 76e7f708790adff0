/**
 * Who is asking, for the limits kept per address. The connected address, unless it is one of the
 * balancers named in TRUSTED_PROXIES (comma-separated addresses): then the address that balancer
 * appended to X-Forwarded-For (its last entry; anything before it the client could have written).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The balancers' addresses, read once; npm start trusts none. */
export const TRUSTED_PROXIES = new Set(
  (process.env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean),
);

export function clientAddress(c: Context): string {
  const connected = getConnInfo(c).remote.address ?? 'unknown';
  if (!TRUSTED_PROXIES.has(connected)) return connected;
  const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
  return forwarded || connected;
}
