/** The console's pages one kind of organization has: a developer's inventory, an agency's agents, a partner site's profile. */
import { aRole, roleMay } from '../../core/grants/roles.js';
import type { Scope } from '../../core/grants/scopes.js';
import type { OrganizationKind } from '../../core/directory/directory.js';
import { type ConsoleEnv, page } from './context.js';
import { messagePage } from './pages/frame.js';

const A_KIND: Record<OrganizationKind, string> = {
  agency: 'an agency',
  developer: 'a developer',
  partner_site: 'a partner site',
};

/**
 * A page only `kind` of organization has, for a role that may read it (`reads`, the API's scope for
 * the same data): an agent of a developer reads no buyer's contact details here either.
 */
export const kindOnly =
  (kind: OrganizationKind, what: string, reads: Scope) =>
  async (c: { var: ConsoleEnv['Variables'] }, next: () => Promise<void>) => {
    const user = c.var.session.user!;
    if (!roleMay(user.role, reads))
      return page(
        messagePage(
          'Not yours to read',
          `As ${aRole(user.role)} at ${user.organizationName} you cannot read its ${what}: ask an owner.`,
        ),
        403,
      );
    if (user.organizationKind !== kind)
      return page(
        messagePage(`No ${what} here`, `${user.organizationName} is not ${A_KIND[kind]}, so it has no ${what}.`),
        404,
      );
    await next();
  };
