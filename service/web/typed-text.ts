/**
 * A NUL (U+0000) typed or pasted into a form: no text column can keep it, so the console shows it as
 * U+FFFD, the replacement character, in what the person typed, and each field's check refuses it with
 * the field, the rest of the form kept. Other surfaces refuse it before reading (platform-contract.ts).
 */
export const NUL_SHOWN_AS = '\uFFFD';

export const withNulShown = (text: string) => text.replaceAll('\u0000', NUL_SHOWN_AS);

/** Why typed text cannot be kept, or undefined: it held a NUL (shown as U+FFFD). */
export const nulProblem = (text: string): string | undefined =>
  text.includes(NUL_SHOWN_AS) || text.includes('\u0000')
    ? `This holds a character that cannot be kept (a NUL, shown as ${NUL_SHOWN_AS}): remove it, perhaps by typing the text again instead of pasting it.`
    : undefined;
