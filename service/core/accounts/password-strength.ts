/**
 * Whether a new password is good enough: 10 to 200 characters, and not one an attacker guesses early.
 * It is judged as it will be hashed (NFKC, passwords.ts), so a full-width `ｐａｓｓｗｏｒｄ１２３` is
 * `password123`. Refused: the person's own name, address or organization, also reversed or in
 * leetspeak; the famous breached passwords that zxcvbn-ts scores as strong; and anything zxcvbn-ts
 * scores below 3 (guessable within about 10^8 tries) against 40,000 common passwords, names, words,
 * keyboard walks and dates (worked out off the event loop: password-guessability.ts).
 */
import { guessability } from './password-guessability.js';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** Breached passwords of 10 or more characters that zxcvbn-ts lets through, in their plain form. */
const BREACHED = [
  'correcthorsebatterystaple',
  'troubadore',
  'passwordpassword',
  'iloveyouiloveyou',
  'qwertyuiopasdfghjkl',
  'letmeinletmein',
  'trustnoonetrustno',
  'singaporesingapore',
  'welcometosingapore',
  'iamthebest',
];

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** Lower case, leetspeak read as letters, and nothing but letters: the form two spellings of one word share. */
const plain = (text: string) =>
  [...text.normalize('NFKC').toLowerCase()]
    .map((character) => LEET[character] ?? character)
    .join('')
    .replace(/[^\p{L}]/gu, '');

const reversed = (text: string) => [...text].reverse().join('');

/** The words of a name or address, letters only (their digits are no leetspeak). */
const personalWords = (about: string[]) =>
  about
    .flatMap((text) => [text.replace(/\s+/g, ''), ...text.split(/[\s@._-]+/)])
    .map((word) =>
      word
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[^\p{L}]/gu, ''),
    )
    .filter((word) => word.length > 3 && !['example', 'mail', 'gmail', 'test'].includes(word));

/** Why `password` is refused, in a sentence for the person choosing it; undefined when it is good. */
export async function passwordProblem(typed: string, about: string[] = []): Promise<string | undefined> {
  const password = typed.normalize('NFKC');
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters (this one has ${length}).`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const letters = plain(password);
  if (personalWords(about).some((word) => letters.includes(word) || letters.includes(reversed(word))))
    return 'This password is too easy to guess: it holds your name, your address or your organization’s name. Use words that have nothing to do with you.';
  if (BREACHED.some((known) => letters === known || letters === reversed(known)))
    return 'This password is too easy to guess: it is one of the best-known passwords from published breaches. Use a password manager’s suggestion, or a few unrelated words.';
  const { score, warning, suggestion } = await guessability(password);
  if (score >= 3) return undefined;
  return [
    'This password is too easy to guess.',
    warning ?? '',
    suggestion ?? 'Add a few more words, or use a password manager’s suggestion.',
  ]
    .filter(Boolean)
    .join(' ');
}
