/** The console's enhancements: its pages work without them (a passkey needs its script). */
import { Hono } from 'hono';
import type { ConsoleEnv } from './context.js';
import { COPY_SCRIPT } from './copy-script.js';
import { PASSKEYS_SCRIPT } from './passkeys-script.js';
import { SNIPPET_SCRIPT } from './snippet-script.js';

export function scriptRoutes() {
  const app = new Hono<ConsoleEnv>({ strict: false });
  for (const [path, script] of [
    ['/copy.js', COPY_SCRIPT],
    ['/snippet.js', SNIPPET_SCRIPT],
    ['/passkeys.js', PASSKEYS_SCRIPT],
  ])
    app.get(
      path,
      () =>
        new Response(script, {
          headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
        }),
    );
  return app;
}
