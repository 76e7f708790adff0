/**
 * web-test-runner's browser launcher for WebKitGTK: one MiniBrowser driven over W3C WebDriver
 * (webdriver.ts), each test file opened in turn in its one window.
 */
import type { BrowserLauncher } from '@web/test-runner-core';
import { WebDriverSession } from './webdriver.js';

export function webkitLauncher(): BrowserLauncher {
  let session: Promise<WebDriverSession> | undefined;
  const active = new Map<string, string>();
  return {
    name: 'WebKit',
    type: 'webkit-webdriver',
    concurrency: 1,
    async startSession(sessionId, url) {
      session ??= WebDriverSession.start();
      active.set(sessionId, url);
      await (await session).navigate(url);
    },
    isActive: (sessionId) => active.has(sessionId),
    getBrowserUrl: (sessionId) => active.get(sessionId),
    async stopSession(sessionId) {
      active.delete(sessionId);
      await (await session)?.navigate('about:blank');
      return {};
    },
    startDebugSession() {
      throw new Error('WebKit through WebDriver has no debug session; use Chromium or Firefox for --manual.');
    },
    async stop() {
      await (await session)?.close();
    },
  };
}
