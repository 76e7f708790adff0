/**
 * Every change the API Console makes, and what a person's role must allow to make it (the one role
 * model, core/grants/roles.ts). A change not listed here is refused: a new form must say who may send it.
 */
import type { Scope } from '../../core/grants/scopes.js';

export interface ConsoleChange {
  path: RegExp;
  /** The scope the person's role must hold, or why the route itself checks (it depends on what is changed). */
  needs: Scope | { checkedInRoute: string };
  /** The change, in a refusal's words: "you cannot …". */
  what: string;
}

export const CONSOLE_CHANGES: ConsoleChange[] = [
  { path: /^\/console\/sign-out$/, needs: { checkedInRoute: 'anyone signed in' }, what: 'sign out' },
  {
    path: /^\/console\/environment$/,
    needs: { checkedInRoute: 'live only for an organization whose review was approved' },
    what: 'switch between sandbox and live',
  },
  {
    path: /^\/console\/members\/(invite|invitations\/inv_[a-f0-9]{20}\/revoke|[\w-]+\/(role|remove))$/,
    needs: 'organizations.write',
    what: 'invite, change or remove members',
  },
  {
    path: /^\/console\/account\/(passkeys(\/options|\/[\w-]+\/(rename|remove))?|totp\/(begin|confirm|disable)|recovery-codes)$/,
    needs: { checkedInRoute: 'a person changes only their own passkeys and authenticator app' },
    what: 'change how you sign in',
  },
  {
    path: /^\/console\/account\/workspace$/,
    needs: { checkedInRoute: 'a person moves only into an organization they belong to' },
    what: 'switch organizations',
  },
  {
    path: /^\/console\/account\/(password|email|sessions\/end-others|sessions\/[a-f0-9]{32}\/end)$/,
    needs: { checkedInRoute: 'a person changes only their own password and sessions' },
    what: 'change your password or end your sessions',
  },
  { path: /^\/console\/widget-keys(\/|$)/, needs: 'widget_keys.write', what: 'create or change widget keys' },
  {
    path: /^\/console\/webhooks(\/|$)/,
    needs: 'webhooks.write',
    what: 'change webhook endpoints, send test events or replay deliveries',
  },
  {
    path: /^\/console\/platform-keys(\/[a-z0-9_]+\/revoke)?$/,
    needs: { checkedInRoute: 'no key beyond the maker’s role is made or revoked' },
    what: 'make or revoke platform keys',
  },
  {
    path: /^\/console\/inventory\/batches\/bat_[a-z0-9]+\/(released|held|sold)$/,
    needs: 'inventory.write',
    what: 'hold, release or sell inventory batches',
  },
  { path: /^\/console\/inventory\/price-list\/proj_[a-z0-9]+$/, needs: 'inventory.write', what: 'publish price lists' },
  {
    path: /^\/console\/leads\/rules(\/lrr_[a-z0-9]+\/delete)?$/,
    needs: 'leads.write',
    what: 'change lead routing rules',
  },
  {
    path: /^\/console\/distribution\/lst_[a-z0-9]+\/ps_[a-z0-9]+\/(distribute|withdraw)$/,
    needs: 'listings.write',
    what: 'show listings on partner sites or withdraw them',
  },
  {
    path: /^\/console\/agents(\/agt_[a-z0-9]+\/archive|\/teams(\/team_[a-z0-9]+(\/archive)?)?)?$/,
    needs: 'agents.write',
    what: 'add, change or archive agents and teams',
  },
  {
    path: /^\/console\/projects(\/proj_[a-z0-9]+(\/(status\/[a-z_]+|unit-types(\/ut_[a-z0-9]+\/archive)?))?)?$/,
    needs: 'developers.write',
    what: 'add or change projects and their unit types',
  },
  { path: /^\/console\/site-profile$/, needs: 'partner_sites.write', what: 'write the partner site’s profile' },
  { path: /^\/console\/go-live\/request$/, needs: 'organizations.write', what: 'ask for live access' },
  { path: /^\/console\/go-live\/decide$/, needs: 'organizations.write', what: 'decide the integration review' },
  {
    path: /^\/console\/reviews\/[\w-]+\/decide$/,
    needs: { checkedInRoute: 'the service’s staff, never for their own organization' },
    what: 'decide another organization’s integration review',
  },
  {
    path: /^\/console\/data\/(sandbox|live)\/fetch$/,
    needs: { checkedInRoute: 'the service’s staff' },
    what: 'fetch the official data now',
  },
  {
    path: /^\/console\/oauth\/consent$/,
    needs: { checkedInRoute: 'an app gets no scope beyond the role in the workspace it is connected for' },
    what: 'connect an AI app',
  },
  {
    path: /^\/console\/connected-apps\/[^/]+\/revoke$/,
    needs: { checkedInRoute: 'a person disconnects only their own apps' },
    what: 'disconnect an AI app',
  },
  {
    path: /^\/console\/mcp\/(confirm|actions)\/[a-f0-9]{32}$/,
    needs: { checkedInRoute: 'the role in the write’s workspace, when the person confirms' },
    what: 'confirm what an AI app asked for',
  },
];

/** The listed change a POST to `path` makes, or undefined (refused). */
export const changeAt = (path: string) => CONSOLE_CHANGES.find((change) => change.path.test(path));
