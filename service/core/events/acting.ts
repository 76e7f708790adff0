/**
 * Who acts for an organization when no person does, for the length of one request: the Platform API
 * runs each operation as its key, so every change the stores record under it names the key in the
 * audit log ("platform_key:<id>"); the console runs a person's as theirs ("person:<id>", recorded
 * under their user id); anything else is the service itself. Request-scoped, so no store
 * needs a caller threaded through for the audit log alone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const acting = new AsyncLocalStorage<string>();

/** Runs `work` with its changes recorded as made `via` this caller (`platform_key:pk_…`). */
export const actingAs = <T>(via: string, work: () => Promise<T>): Promise<T> => acting.run(via, work);

/** Runs `work` as a person acting in the console: the stores' changes are recorded as theirs. */
export const actingAsPerson = <T>(userId: string, work: () => Promise<T>): Promise<T> =>
  acting.run(`person:${userId}`, work);

/** Who acts now when no person does: the caller `actingAs` named, or the service. */
export const currentVia = () => acting.getStore() ?? 'service';
