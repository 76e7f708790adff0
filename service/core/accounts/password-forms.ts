/**
 * A form that sets a password (sign-up, an invitation's new account, a reset, a change) is counted per
 * client before its password is judged: judging costs real CPU (password-guessability.ts), so one
 * client cannot make the service spend it without end. Hour windows every process shares.
 */
import type { RateStore } from '../metering/rate-store.js';
import { passwordProblem } from './password-strength.js';

export const PASSWORD_FORMS_PER_CLIENT_HOUR = 30;
const HOUR = 3_600_000;

/** The client sent more password forms this hour than allowed: nothing was judged or changed. */
export class TooManyPasswordForms extends Error {
  override name = 'TooManyPasswordForms';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password forms from this client this hour.');
  }
}

/** Why a new password is refused (undefined when it is good), counted against the client first. */
export type VetPassword = (
  password: string,
  about: string[],
  requester: { clientAddress: string },
) => Promise<string | undefined>;

export function createPasswordVetting(rates: RateStore, now: () => number = Date.now): VetPassword {
  return async (password, about, requester) => {
    const at = now();
    const hour = Math.floor(at / HOUR) * HOUR;
    if ((await rates.count(`password-forms:${requester.clientAddress}`, hour)) > PASSWORD_FORMS_PER_CLIENT_HOUR)
      throw new TooManyPasswordForms(Math.max(1, Math.ceil((hour + HOUR - at) / 1000)));
    return passwordProblem(password, about);
  };
}
