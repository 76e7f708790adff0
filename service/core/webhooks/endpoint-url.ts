/**
 * The rules an endpoint's URL meets when it is registered or changed: at most 2,048 characters, http
 * or https in the sandbox (https only in live), no user name or password in it, and no address written
 * into it that deliveries may not reach. Names are checked again when each delivery connects
 * (address-guard.ts).
 */
import { nulProblem } from '../../web/typed-text.js';
import { type AddressPolicy, refusedLiteral } from './address-guard.js';

export const MAX_URL_LENGTH = 2048;

/** The schemes a receiver's URL may use, and how a refusal says so: the environment's policy picks one. */
export interface SchemeRule {
  allowed: string[];
  problem: string;
}
export const HTTPS_ONLY: SchemeRule = { allowed: ['https:'], problem: 'must use https' };
export const HTTPS_OR_HTTP: SchemeRule = {
  allowed: ['https:', 'http:'],
  problem: 'must use https (or http in the sandbox)',
};

export function checkEndpointUrl(
  text: string,
  policy: AddressPolicy,
  schemes: SchemeRule = HTTPS_OR_HTTP,
): { url: string } | { problem: string } {
  if (text.length > MAX_URL_LENGTH) return { problem: `must be at most ${MAX_URL_LENGTH} characters` };
  if (nulProblem(text)) return { problem: 'holds a NUL character (shown as \uFFFD): remove it' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'must be an absolute URL, such as https://hooks.example.sg/service' };
  }
  if (!schemes.allowed.includes(url.protocol)) return { problem: schemes.problem };
  if (url.username || url.password) return { problem: 'must not hold a user name or password: sign requests instead' };
  if (url.port === '0') return { problem: 'must not use port 0: no receiver listens there' };
  const refused = refusedLiteral(url.hostname, policy);
  if (refused)
    return {
      problem: `cannot receive deliveries: ${refused}. To receive webhooks on your own machine, see docs/integrators.md#webhooks-on-your-machine`,
    };
  return { url: url.href };
}
