/**
 * How much account mail may be asked for (sign-up, reset): per address typed and per client, in hour
 * windows every process shares, so nobody can fill a stranger's inbox through the service. Each kind
 * of mail has its own budget per address, so sign-ups sent for someone's address never hold up the
 * reset they ask for themselves.
 */
import type { RateStore } from '../metering/rate-store.js';
import { normalEmail } from './email-address.js';

export const MAIL_PER_ADDRESS_HOUR = 5;
export const MAIL_REQUESTS_PER_CLIENT_HOUR = 30;

export type AccountMailKind = 'sign_up' | 'reset';

/** Whether one more message of `kind` to `email`, asked for by the client, is within the limits (and counts it). */
export type MayMail = (email: string, requester: { clientAddress: string }, kind: AccountMailKind) => Promise<boolean>;

export function createMailLimit(rates: RateStore): MayMail {
  return async (email, requester, kind) => {
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const forAddress = await rates.count(`account-mail:${kind}:${normalEmail(email)}`, hour);
    const forClient = await rates.count(`account-mail-client:${requester.clientAddress}`, hour);
    return forAddress <= MAIL_PER_ADDRESS_HOUR && forClient <= MAIL_REQUESTS_PER_CLIENT_HOUR;
  };
}
