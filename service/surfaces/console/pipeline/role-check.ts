/** Every change is one the person's role allows in their organization (changes.ts), read now, not at sign-in. */
import { createMiddleware } from 'hono/factory';
import { aRole, roleMay } from '../../../core/grants/roles.js';
import type { Memberships } from '../../../core/organizations/memberships.js';
import { changeAt } from '../changes.js';
import { type ConsoleEnv, page } from '../context.js';
import { messagePage } from '../pages/frame.js';

export const roleCheck = (memberships: Memberships) =>
  createMiddleware<ConsoleEnv>(async (c, next) => {
    const change = changeAt(c.req.path);
    if (!change) return page(messagePage('Not found', 'There is no such form in the console.'), 404);
    const role = await memberships.roleIn(c.var.actor.userId, c.var.actor.organizationId);
    c.set('role', role);
    const organization = c.var.session.user!.organizationName;
    if (typeof change.needs === 'string' && !roleMay(role, change.needs))
      return page(
        messagePage(
          'Not yours to change',
          `As ${aRole(role)} at ${organization} you cannot ${change.what}. Nothing was changed: ask an owner of ${organization}.`,
        ),
        403,
      );
    await next();
  });
