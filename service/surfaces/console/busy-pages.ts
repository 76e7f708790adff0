/**
 * The console's answers when the accounts' limits refuse work before it is done: too many passwords
 * waiting to be hashed or judged (503), or too many password forms from one network (429). Nothing
 * was changed either way, and each page says when to try again.
 */
import { TooManyPasswordForms } from '../../core/accounts/password-forms.js';
import { PasswordsBusy } from '../../core/accounts/passwords.js';
import { page } from './context.js';
import { messagePage } from './pages/frame.js';

/** The page for a refusal the console's routes let through, or undefined for any other error. */
export function busyPage(error: unknown): Response | undefined {
  if (error instanceof PasswordsBusy)
    return page(
      messagePage(
        'The console is busy',
        'Many people are signing in at once: nothing was changed. Try again in a few seconds.',
      ),
      503,
      { 'Retry-After': '5' },
    );
  if (error instanceof TooManyPasswordForms)
    return page(
      messagePage(
        'Too many tries',
        `Your network sent more password forms this hour than the console takes: nothing was changed. Try again in ${Math.ceil(error.retryAfterSeconds / 60)} minutes.`,
      ),
      429,
      { 'Retry-After': String(error.retryAfterSeconds) },
    );
  return undefined;
}
