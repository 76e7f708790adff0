/**
 * Answers every area of the Platform API gives alike: a refused move (409), unusable values (422), and
 * an area another kind of organization has (404).
 */
import type { Refusal } from '../../core/listings/transitions.js';
import type { OrganizationKind } from '../../core/directory/directory.js';
import type { Answer, Operation, OperationContext } from './operation.js';

const A_KIND: Record<OrganizationKind, string> = {
  agency: 'an agency',
  developer: 'a developer',
  partner_site: 'a partner site',
};

/** An operation only `kind` of organization has, on its area; any other is told it has no `what`. */
export const onlyFor =
  <A>(kind: OrganizationKind, what: string, area: A) =>
  (operation: (ctx: OperationContext, area: A) => Promise<Answer>): Operation =>
  (ctx) =>
    ctx.org.organization.kind === kind
      ? operation(ctx, area)
      : {
          problem: 'not_found',
          detail: `${ctx.org.organization.name} is not ${A_KIND[kind]}, so it has no ${what}.`,
        };

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
