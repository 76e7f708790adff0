/**
 * web-test-runner's browser launcher for WebKitGTK: a MiniBrowser driven over W3C WebDriver
 * (webdriver.ts) for each test file, closed when the file ends. One window kept across files stalled
 * a file after several others now and then (its service worker and caches outlive the page); a new
 * browser a file costs about a second and leaves nothing behind.
 */
import type { BrowserLauncher } from '@web/test-runner-core';
import { WebDriverSession } from './webdriver.js';

export function webkitLauncher(): BrowserLauncher {
  const sessions = new Map<string, { url: string; browser: Promise<WebDriverSession> }>();
  return {
    name: 'WebKit',
    type: 'webkit-webdriver',
    concurrency: 1,
    async startSession(sessionId, url) {
      const browser = WebDriverSession.start();
      sessions.set(sessionId, { url, browser });
      await (await browser).navigate(url);
    },
    isActive: (sessionId) => sessions.has(sessionId),
    getBrowserUrl: (sessionId) => sessions.get(sessionId)?.url,
    async stopSession(sessionId) {
      const session = sessions.get(sessionId);
      sessions.delete(sessionId);
      await (await session?.browser)?.close();
      return {};
    },
    startDebugSession() {
      throw new Error('WebKit through WebDriver has no debug session; use Chromium or Firefox for --manual.');
    },
    async stop() {
      await Promise.all([...sessions.values()].map(async ({ browser }) => (await browser).close()));
      sessions.clear();
    },
  };
}
