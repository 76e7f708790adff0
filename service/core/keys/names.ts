/** The name a person gives a key, on every surface that takes one. */
import { nulProblem } from '../../web/typed-text.js';

export const NAME_MAX = 100;

/** Why `text` cannot name a `what`, or undefined when it can (it is used trimmed). */
export function problemInName(text: string, what: string): string | undefined {
  const name = text.trim();
  if (!name) return `Give the ${what} a name you will recognise.`;
  const nul = nulProblem(name);
  if (nul) return nul;
  if (name.length > NAME_MAX) return `Keep the ${what}'s name to ${NAME_MAX} characters (this one has ${name.length}).`;
  return undefined;
}
