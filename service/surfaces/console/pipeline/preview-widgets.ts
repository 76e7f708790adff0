/**
 * The console's pages preview the widget of the environment they show; live's is served by its own
 * widget host, so its origin joins the page's policy there.
 */
import { createMiddleware } from 'hono/factory';
import { pagePolicyWith } from '../../../web/layout.js';
import type { ConsoleEnv } from '../context.js';

export const previewWidgets = (consoleOrigin: string) =>
  createMiddleware<ConsoleEnv>(async (c, next) => {
    await next();
    const widgetOrigin = c.var.shown && new URL(c.var.shown.widgetScriptUrl).origin;
    if (widgetOrigin && widgetOrigin !== consoleOrigin && c.res.headers.has('Content-Security-Policy'))
      c.res.headers.set('Content-Security-Policy', pagePolicyWith(widgetOrigin));
  });
