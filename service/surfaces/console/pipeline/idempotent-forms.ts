/** A form that carries an `idempotency` field is one change however often it is sent. */
import { type IdempotencyStore, problemInIdempotencyKey } from '../../../core/idempotency/idempotency-store.js';
import { idempotency } from '../../../web/idempotency.js';
import { type ConsoleEnv, page } from '../context.js';
import { messagePage } from '../pages/frame.js';

export const idempotentForms = (store: IdempotencyStore) =>
  idempotency<ConsoleEnv>({
    store,
    keyOf: (c) => c.var.form?.get('idempotency') ?? undefined,
    bodyOf: async (c) => c.var.form?.toString() ?? '',
    scopeOf: (c) => `console:${c.var.actor.userId}`,
    problemInKey: problemInIdempotencyKey,
    refuse: (_c, code, detail) =>
      code === 'idempotency_key_in_use'
        ? page(
            messagePage(
              'Still saving',
              'This form was sent twice; the first is still being saved. Reload the page in a moment.',
            ),
            409,
          )
        : page(messagePage('This form cannot be sent again', detail), code === 'invalid_request' ? 400 : 422),
  });
