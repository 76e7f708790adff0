/**
 * Whether a new password is good enough: 10 to 200 characters, and not one an attacker guesses early.
 * A password holding the person's own name, address or organization is refused; zxcvbn-ts scores the
 * rest against 40,000 common passwords, names, words, keyboard walks and dates; a score below 3
 * (guessable within about 10^8 tries) is refused.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

let checker: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }));

/** Why `password` is refused, in a sentence for the person choosing it; undefined when it is good. */
export function passwordProblem(password: string, about: string[] = []): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters (this one has ${length}).`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  // The person's own words (their name, address, organization): zxcvbn-ts 4.2 keeps a call's user
  // inputs for later calls, so they are checked here, on each call's own words.
  const lower = password.toLowerCase();
  const personal = about
    .flatMap((text) => [text.replace(/\s+/g, ''), ...text.split(/[\s@._-]+/)])
    .map((word) => word.toLowerCase())
    .filter((word) => word.length > 3 && !['example', 'mail', 'gmail', 'test'].includes(word));
  if (personal.some((word) => lower.includes(word)))
    return 'This password is too easy to guess: it holds your name, your address or your organization’s name. Use words that have nothing to do with you.';
  const result = zxcvbn().check(password, ['service', 'valuations', 'sandbox', 'console']);
  if (result.score >= 3) return undefined;
  const { warning, suggestions } = result.feedback;
  return [
    'This password is too easy to guess.',
    warning ?? '',
    suggestions[0] ?? 'Add a few more words, or use a password manager’s suggestion.',
  ]
    .filter(Boolean)
    .join(' ');
}
