/** Whether text is an e-mail address the service can write to: one `@`, a dotted domain, no spaces or brackets, at most 254 characters. */
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return 'Enter the e-mail address.';
  if (email.length > 254 || !EMAIL.test(email.trim())) return 'Enter an e-mail address like name@example.com.';
  return undefined;
}

/** An address as accounts are looked up by: trimmed, lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
