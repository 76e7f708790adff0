/** The console's session cookie: HttpOnly, SameSite=Lax, Secure over https, only under /console. */
import { LIFETIME_HOURS } from '../../core/organizations/sessions.js';

export const COOKIE = 'svc_console';
/** Before sign-in: the token the sign-in form must send back (no session is stored for it). */
export const CSRF_COOKIE = 'svc_console_csrf';

export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The Set-Cookie value for a session id; a max age of 0 clears it. */
export function sessionCookie(
  id: string,
  secure: boolean,
  maxAgeSeconds = LIFETIME_HOURS * 3600,
  name = COOKIE,
): string {
  return `${name}=${id}; Path=/console; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}
