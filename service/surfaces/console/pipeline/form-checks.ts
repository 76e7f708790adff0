/**
 * A POSTed form's checks, in order: within its size, meant for the environment the console shows, its
 * CSRF token, no NUL outside what was typed. Each refusal changes nothing and says why.
 */
import { createMiddleware } from 'hono/factory';
import { validCsrf } from '../../../core/organizations/sessions.js';
import { withNulShown } from '../../../web/typed-text.js';
import { type ConsoleEnv, page, readForm } from '../context.js';
import { messagePage } from '../pages/frame.js';

export const readConsoleForm = createMiddleware<ConsoleEnv>(async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const form = await readForm(c.req.raw);
  if (!form)
    return page(
      messagePage('This form is too large', 'Nothing was changed. Shorten what you typed and send it again.'),
      413,
      c.var.setCookie,
    );
  c.set('form', form);
  await next();
});

/** A form sent from a page of the other environment (the session switched in another tab) changes nothing. */
export const refuseOtherEnvironmentForm = createMiddleware<ConsoleEnv>(async (c, next) => {
  const { session, form, setCookie } = c.var;
  const sentFor = form?.get('environment');
  if (session.user && sentFor && sentFor !== session.environment)
    return page(
      messagePage(
        `This form was for the ${sentFor}`,
        `Nothing was changed: the console shows the ${session.environment} now (it was switched in another tab or by a link). Reload the page to work in the ${session.environment}, or switch back.`,
      ),
      409,
      setCookie,
    );
  await next();
});

export const checkCsrf = createMiddleware<ConsoleEnv>(async (c, next) => {
  const { session, form, setCookie } = c.var;
  if (form && !validCsrf(session, form.get('csrf')))
    return page(
      messagePage(
        'This form has expired',
        'For your safety the change was not made. Go back, reload the page and try again.',
      ),
      403,
      setCookie,
    );
  await next();
});

/**
 * A NUL in what was typed is shown as U+FFFD and refused by the field's own check, the form kept
 * (web/typed-text.ts); one in a field's name or the address came from no person, and is refused here.
 */
export const refuseNul = createMiddleware<ConsoleEnv>(async (c, next) => {
  const { form } = c.var;
  const fields = [...new URL(c.req.url).searchParams, ...[...(form ?? [])].map(([name]) => [name, ''])];
  const withNul = fields.find(([name, value]) => `${name}${value}`.includes('\u0000'));
  if (withNul)
    return page(
      messagePage(
        'This form holds a character it cannot take',
        `Nothing was changed: the field “${withNul[0]!.replaceAll('\u0000', '')}” contains a NUL character (U+0000). Remove it, perhaps by typing the text again instead of pasting it, and send the form again.`,
      ),
      400,
      c.var.setCookie,
    );
  if (form) c.set('form', new URLSearchParams([...form].map(([name, value]) => [name, withNulShown(value)])));
  await next();
});
