/** A browser-like client of the API Console over HTTP, for the service's tests. */
import assert from 'node:assert/strict';

/** A browser-like client: keeps the session cookie, reads the CSRF token from each page. */
export class ConsoleBrowser {
  constructor(readonly base: string) {}

  /** A path under `base`, or a whole URL (an OAuth server's page on another origin, say). */
  private urlOf = (path: string) => (/^https?:\/\//.test(path) ? path : `${this.base}${path}`);

  /** The cookies the console set, by name (a max age of 0 deletes one). */
  private jar = new Map<string, string>();
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set cookie(header: string) {
    this.jar = new Map(
      header
        .split(';')
        .map((part) => part.trim().split('='))
        .filter(([name]) => name)
        .map(([name, ...value]) => [name, value.join('=')]),
    );
  }
  csrf = '';
  async get(path: string) {
    const response = await fetch(this.urlOf(path), { headers: { Cookie: this.cookie }, redirect: 'manual' });
    return this.read(response);
  }
  async post(
    path: string,
    fields: Record<string, string | string[]>,
    csrf: string | null = this.csrf,
    headers: Record<string, string> = {},
  ) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...fields, ...(csrf === null ? {} : { csrf }) }))
      for (const v of [value].flat()) body.append(name, v);
    const response = await fetch(this.urlOf(path), {
      method: 'POST',
      body,
      headers: { Cookie: this.cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      redirect: 'manual',
    });
    return this.read(response);
  }
  private async read(response: Response) {
    const setCookie = response.headers.get('set-cookie');
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.trim().split('=');
      if (attributes.some((a) => a.trim() === 'Max-Age=0')) this.jar.delete(name);
      else this.jar.set(name, value.join('='));
    }
    const text = await response.text();
    this.csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? this.csrf;
    return { status: response.status, location: response.headers.get('location') ?? '', text, setCookie };
  }
  async signIn(user: string) {
    await this.get('/console/sign-in');
    const answer = await this.post('/console/sign-in', { user });
    assert.equal(answer.status, 303);
    await this.get('/console/widget-keys');
    return this;
  }
}
