/** What every console route knows (its session, the form it was sent, the actor) and how it answers. */
import { readLimitedText } from '../../web/json-body.js';
import type { Actor } from '../../core/events/record-change.js';
import type { Session } from '../../core/organizations/sessions.js';
import type { Html } from '../../web/html.js';
import { PAGE_HEADERS } from '../../web/layout.js';

export type ConsoleEnv = {
  Variables: {
    session: Session;
    /** A POST's form, its CSRF token checked. */
    form?: URLSearchParams;
    /** Set when this request started the session. */
    setCookie: Record<string, string>;
    secure: boolean;
    /** The signed-in person (every route past sign-in). */
    actor: Actor;
    /** A change's maker's role in their organization, read when the change is made (undefined: not a member). */
    role?: string;
  };
};

/** A console page: never cached, never framed; scripts only from the service's own origin (the policy). */
export const page = (body: Html | string, status = 200, headers: Record<string, string> = {}) =>
  new Response(String(body), {
    status,
    headers: {
      ...PAGE_HEADERS,
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      ...headers,
    },
  });

export const redirect = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', ...headers } });

/** A form body, at most 64 KB. */
/** Most bytes a console form may send: its largest (origins, descriptions) is a few KB. */
export const MAX_FORM_BYTES = 65_536;

/** A POSTed form, read within its limit: its fields, or undefined when it is larger. */
export async function readForm(request: Request): Promise<URLSearchParams | undefined> {
  const read = await readLimitedText(request, MAX_FORM_BYTES);
  return 'text' in read ? new URLSearchParams(read.text) : undefined;
}
