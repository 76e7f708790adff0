/**
 * The Content-Security-Policy of the service's own pages: scripts and connections only from the
 * page's origin (the widget's preview included), inline styles only the ones the page was built
 * with (by hash), no plugins, no framing, no base URL. Forms are not limited: the OAuth consent
 * form's answer redirects to the app's own address, which `form-action` would block.
 */
import { createHash } from 'node:crypto';

export function contentSecurityPolicy(inlineStyles: string[], widgetOrigins: string[] = []): string {
  const hashes = inlineStyles.map((css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  // Another widget host (live's, previewed on the console's page) serves the widget's script, fonts and answers.
  const self = ["'self'", ...widgetOrigins].join(' ');
  return [
    "default-src 'none'",
    `script-src ${self}`,
    `style-src ${hashes.join(' ') || "'none'"}`,
    `img-src ${self} data:`,
    `font-src ${self}`,
    `connect-src ${self}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
