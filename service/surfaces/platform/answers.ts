/** Answers every area of the Platform API gives alike: a refused move (409) and unusable values (422). */
import type { Refusal } from '../../core/listings/transitions.js';
import type { Answer } from './operation.js';

/** "A cancelled …", "An active …": the article for a status read aloud. */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'An' : 'A'} ${word}`;

export const refused = <S extends string>({ refused: { from, allowed } }: Refusal<S>, verb: string): Answer => ({
  problem: 'transition_not_allowed',
  detail: allowed.length
    ? `${withArticle(from)} resource cannot ${verb}; from ${from} it may move to ${allowed.join(', ')}.`
    : `${from} is final: the resource cannot ${verb}, or change any more.`,
  extra: { allowedTransitions: allowed },
});

export const unprocessable = (errors: { parameter: string; detail: string }[]): Answer => ({
  problem: 'unprocessable',
  detail: errors.map((e) => `${e.parameter} ${e.detail}.`).join(' '),
  extra: { errors },
});
