/**
 * A website's origin as the browser sends it in `Origin`: scheme, host and port, nothing else. A host
 * is lowercased and an internationalised one written as punycode, as browsers send them; a default
 * port is dropped. Anything else gets a message the site owner can act on.
 */
import { nulProblem } from '../../web/typed-text.js';

export type OriginCheck = { origin: string } | { error: string };

/**
 * Which origins an environment's widget keys may list: the sandbox's any http(s) site; live's https
 * only, with loopback (http://localhost, 127.0.0.1, [::1]) where a deployment is for development.
 */
export interface OriginRule {
  httpsOnly: boolean;
  loopback: boolean;
}
export const SANDBOX_ORIGINS: OriginRule = { httpsOnly: false, loopback: true };
export const liveOrigins = (loopback: boolean): OriginRule => ({ httpsOnly: true, loopback });

/** localhost and its subdomains, 127.0.0.0/8, ::1 and an IPv4-mapped loopback: what a browser reaches on this machine. */
const isLoopback = (host: string) =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  /^127(\.\d{1,3}){3}$/.test(host) ||
  host === '[::1]' ||
  /^\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127(\.\d{1,3}){3})\]$/.test(host);

export function parseOrigin(input: string, rule: OriginRule = SANDBOX_ORIGINS): OriginCheck {
  const text = input.trim();
  if (!text) return { error: 'Enter an origin, such as https://www.example.com.' };
  if (text.length > 300) return { error: 'An origin is at most 300 characters.' };
  const nul = nulProblem(text);
  if (nul) return { error: nul };
  if (text === 'null')
    return { error: '"null" is what sandboxed and file pages send; list the website\'s real origin instead.' };
  if (text.includes('*'))
    return { error: 'Wildcards are not allowed: list each website exactly, such as https://shop.example.com.' };
  if (!/^https?:\/\//i.test(text))
    return { error: 'Start with https:// (or http:// for local development), then the host.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'This is not a valid origin: check the host and the port.' };
  }
  if (url.username || url.password) return { error: 'Leave out the user name and password.' };
  if (url.search || text.includes('?'))
    return { error: 'Leave out the query (?…): an origin is scheme, host and port only.' };
  if (url.hash || text.includes('#'))
    return { error: 'Leave out the fragment (#…): an origin is scheme, host and port only.' };
  if (url.pathname !== '/' || /^https?:\/\/[^/]+\/.+/i.test(text))
    return { error: `Leave out the path: use ${url.origin}.` };
  if (url.hostname.endsWith('.'))
    return { error: 'Remove the dot at the end of the host: browsers send the host without it.' };
  if (rule.httpsOnly && url.protocol !== 'https:' && !(rule.loopback && isLoopback(url.hostname)))
    return {
      error: rule.loopback
        ? 'A live key lists https:// origins (and, because this deployment is for development, loopback ones such as http://localhost:5173): use https://.'
        : 'A live key lists https:// origins only: http:// sites are for sandbox keys.',
    };
  if (rule.httpsOnly && !rule.loopback && isLoopback(url.hostname))
    return { error: 'A live key never lists a loopback origin (localhost, 127.0.0.1): use your website’s own origin.' };
  return { origin: url.origin };
}

/** At most this many origins on one widget key. */
export const ORIGINS_MAX = 20;

/** A list of origins (a textarea's lines, or a tool's array): the normalised list, or a message naming each bad entry. */
export function checkOrigins(
  entries: string[],
  required: boolean,
  rule: OriginRule = SANDBOX_ORIGINS,
): { origins: string[]; error?: string } {
  const given = entries.map((e) => e.trim()).filter(Boolean);
  if (required && given.length === 0)
    return { origins: [], error: 'List at least one website origin, such as https://www.example.com.' };
  if (given.length > ORIGINS_MAX) return { origins: [], error: `A key lists at most ${ORIGINS_MAX} origins.` };
  const problems: string[] = [];
  const origins: string[] = [];
  given.forEach((entry, i) => {
    const result = parseOrigin(entry, rule);
    if ('error' in result) problems.push(`Line ${i + 1} (${entry.slice(0, 60)}): ${result.error}`);
    else if (!origins.includes(result.origin)) origins.push(result.origin);
  });
  return problems.length ? { origins, error: problems.join(' ') } : { origins };
}
