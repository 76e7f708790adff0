/**
 * The widget host's front page, what `npm start` prints first: what this origin serves and where
 * the service's other surfaces are, so a newcomer's first click leads somewhere.
 */
import { MESSAGES_PATH } from '../../../src/api/console-messages.js';
import { type Html, html } from '../../web/html.js';
import { layout } from '../../web/layout.js';
import type { ServiceLinks } from '../../core/services/settings.js';

/** The service's other origins, as the deployment's settings name them. */
export function indexPage(
  baseUrl: string,
  links: Pick<ServiceLinks, 'apiReference' | 'apiBase' | 'mcpEndpoint'>,
  /** What the estimates here are made from (servers/served-data.ts). */
  data: { line: string; generated: boolean },
): Html {
  return layout(
    'Service Valuations sandbox',
    html`<h1>Service Valuations sandbox</h1>
<p>The sandbox of the service's three surfaces, the valuation widget, the Platform API and the MCP endpoint, on one estimate engine. Nothing here is live.</p>
<p>Estimates here are made from ${data.line}.</p>
<h2>For site owners</h2><ul>
<li><a href="/console/">API Console</a>: sign in, make a widget key for your website, build the snippet and preview it.</li>
<li><a href="/${MESSAGES_PATH}">Console messages and error codes</a>: what each widget message means and how to fix it.</li>
<li>The widget's script: <code>${baseUrl}v1/widget.js</code></li></ul>
<h2>For visitors</h2><ul><li><a href="/valuation/">Valuation pages</a>: search a home and read its estimate.</li></ul>
<h2>For integrators</h2><ul>
<li><a href="${links.apiReference}">Platform API reference</a> (base URL <code>${links.apiBase}</code>)</li>
<li><a href="/openapi.json">The widget host's OpenAPI document</a></li>
<li><a href="/docs/mcp">MCP endpoint for AI clients</a>: <code>${links.mcpEndpoint}</code></li></ul>`,
    data.generated
      ? html`<p>Sandbox: keys and figures here are made up and work only against the sandbox.</p>`
      : html`<p>Sandbox: keys work only against the sandbox; the figures are the official files' own.</p>`,
  );
}

export function mcpPage(endpoint: string): Html {
  return layout(
    'MCP endpoint · Service Valuations sandbox',
    html`<h1>Connect an AI client</h1>
<p>The service's MCP endpoint speaks Streamable HTTP at <code>${endpoint}</code>. Its public tools need no sign-in: search a property, get a valuation, a town's transactions and price trend, how much may be borrowed under the published MAS and HDB rules, what the service offers and its news, each answer with its source, as-of date and licence; its private tools ask the person to sign in here, in the <a href="/console/">API Console</a>, and consent to exactly the scopes the client asks for.</p>
<p>Add <code>${endpoint}</code> as a remote (HTTP) MCP server in your client. The OAuth metadata it discovers is at <code>${new URL('/.well-known/oauth-authorization-server', endpoint).href}</code>. Connected clients are listed, and disconnected, under <a href="/console/connected-apps">Connected AI apps</a>.</p>`,
  );
}
