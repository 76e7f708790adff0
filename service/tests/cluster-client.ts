/**
 * What the cross-process tests send: requests from a chosen loopback address (a visitor, through the
 * balancer), requests to one chosen process, and the console person of the OAuth tests.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request from `from` (a loopback address) to `url`. */
export function send(
  url: string,
  { from = '127.0.0.1', method = 'GET', headers = {}, body }: SendOptions = {},
): Promise<Answer> {
  const target = new URL(url);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        localAddress: from,
        agent: false,
        headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface SendOptions {
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The same URL on another port: a request to one process, past the balancer. */
export const onPort = (url: string, port: number) => {
  const moved = new URL(url);
  moved.port = String(port);
  return moved.href;
};

/** Someone in the API Console: a cookie and the last page's CSRF token, wherever the pages came from. */
export class Person {
  cookie = '';
  csrf = '';
  async open(url: string, init: RequestInit = {}) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), Cookie: this.cookie },
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    this.csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? this.csrf;
    return { status: response.status, location: response.headers.get('location') ?? '', text };
  }
  submit(url: string, fields: Record<string, string>) {
    return this.open(url, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, csrf: this.csrf }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  }
  /** Signs in as Siti on `consoleUrl` (one process's console). */
  async signIn(consoleUrl: string) {
    await this.open(`${consoleUrl}sign-in`);
    const signedIn = await this.submit(`${consoleUrl}sign-in`, { user: 'usr_siti', next: '/console/' });
    assert.ok([302, 303].includes(signedIn.status), signedIn.text.slice(0, 200));
  }
}

/**
 * Retries `attempt` while it throws or answers 5xx (a process died under it), or 409
 * `idempotency_key_in_use` (the dead process's first attempt holds the key until it is stale, 60 s),
 * as a careful client does, for at most `withinMs`.
 */
export async function withRetries(attempt: () => Promise<Answer>, withinMs = 90_000): Promise<Answer> {
  const until = Date.now() + withinMs;
  for (let i = 1; ; i++) {
    const last = Date.now() >= until;
    try {
      const answer = await attempt();
      const retryable =
        answer.status >= 500 || (answer.status === 409 && answer.body.includes('idempotency_key_in_use'));
      if (!retryable || last) return answer;
    } catch (error) {
      if (last) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(100 * i, 2000)));
  }
}
