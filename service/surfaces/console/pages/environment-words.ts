/** What the console's pages say of each environment, in one table: a page reads its row, never the name. */
import type { Environment } from '../../../db/environments.js';
import { type Html, html } from '../../../web/html.js';
import { MESSAGES_PATH } from '../../../../src/api/console-messages.js';

interface EnvironmentWords {
  /** The bar on every page. */
  bar: string;
  /** Where the bar's switch goes, and its words. */
  switchTo: { environment: Environment; words: string };
  footer: Html;
  /** Which keys the platform keys page makes, and where they work. */
  platformKeys: Html;
  /** After "Your projects in the …". */
  projectsNote: string;
  /** Go live's first step, for an approved organization. */
  goLiveSwitch: 'offered' | 'done';
}

const DOCS = html`<a href="/docs/api">Platform API reference</a> · <a href="/${MESSAGES_PATH}">Console messages and error codes</a> · <a href="/docs/mcp">MCP endpoint for AI clients</a>`;

export const ENVIRONMENT_WORDS: Record<Environment, EnvironmentWords> = {
  sandbox: {
    bar: 'Sandbox: test data and test keys (svcp_test_, svce_test_). Nothing here reaches live.',
    switchTo: { environment: 'live', words: 'Switch to live' },
    footer: html`<p>Sandbox API Console: keys made here work only against the sandbox.</p>
<p>Docs: ${DOCS} · <a href="/">The sandbox</a></p>`,
    platformKeys: html`Sandbox keys (<code>svcp_test_</code>) work only against the sandbox; live keys are made in the live console after integration review.`,
    projectsNote: ' (test data: live keeps its own)',
    goLiveSwitch: 'offered',
  },
  live: {
    bar: 'Live: real data, live keys (svcp_live_, svce_live_) and real websites. Changes here reach your customers.',
    switchTo: { environment: 'sandbox', words: 'Switch to sandbox' },
    footer: html`<p>Live API Console: keys made here work only against the live hosts, never the sandbox.</p>
<p>Docs: ${DOCS}</p>`,
    platformKeys: html`Live keys (<code>svcp_live_</code>) work only against the live Platform API, never the sandbox.`,
    projectsNote: '',
    goLiveSwitch: 'done',
  },
};
