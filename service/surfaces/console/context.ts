/** What every console route knows (its session, the form it was sent, the actor) and how it answers. */
import { readLimitedText } from '../../web/json-body.js';
import type { Actor } from '../../core/events/record-change.js';
import type { Session } from '../../core/organizations/sessions.js';
import type { Services } from '../../core/services/compose.js';
import type { Html } from '../../web/html.js';
import { PAGE_HEADERS } from '../../web/layout.js';

/** One environment the console shows: its parts, and where a site owner's pages load its widget from. */
export interface ShownEnvironment {
  services: Services;
  widgetScriptUrl: string;
}

export type ConsoleVariables = {
  session: Session;
  /** The environment the session shows, read once per request. */
  shown: ShownEnvironment;
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

export type ConsoleEnv = {
  /** What the pipeline found, handed on to the areas of the environment shown (areas/environment-areas.ts). */
  Bindings: { handedOn?: ConsoleVariables } & Record<string, unknown>;
  Variables: ConsoleVariables;
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

/** Most bytes a console form may send: its largest (origins, descriptions) is a few KB. */
export const MAX_FORM_BYTES = 65_536;

/** A POSTed form, read within its limit: its fields, or undefined when it is larger. */
export async function readForm(request: Request): Promise<URLSearchParams | undefined> {
  const read = await readLimitedText(request, MAX_FORM_BYTES);
  return 'text' in read ? new URLSearchParams(read.text) : undefined;
}
