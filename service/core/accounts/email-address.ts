import { nulProblem } from '../../web/typed-text.js';

/** Whether text is an e-mail address the service can write to: one `@`, a dotted domain, no spaces or brackets, at most 254 characters. */
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return 'Enter the e-mail address.';
  const nul = nulProblem(email);
  if (nul) return nul;
  if (email.length > 254 || !EMAIL.test(email.trim())) return 'Enter an e-mail address like name@example.com.';
  return undefined;
}

/**
 * An address as it is kept and written to: trimmed, in NFKC, so a look-alike typed with compatibility
 * characters (a KELVIN SIGN for K, full-width letters) is the plain address, and mail goes there.
 */
export const canonicalEmail = (email: string) => email.trim().normalize('NFKC');

/** An address as accounts are looked up and compared by: canonical, then lower case. */
export const normalEmail = (email: string) => canonicalEmail(email).toLowerCase();

/** Whether two addresses are the same person's. */
export const sameEmail = (a: string, b: string) => normalEmail(a) === normalEmail(b);
