/**
 * The console's Site profile page, for partner sites: the profile agencies distribute to, checked
 * against the contract's PartnerSiteProfile as the API checks it, written by an owner.
 */
import { type Context, Hono } from 'hono';
import type { PartnerSiteStore } from '../../../core/directory/partner-site-store.js';
import { actingAsPerson } from '../../../core/events/acting.js';
import { roleMay } from '../../../core/grants/roles.js';
import { validatorFor } from '../../../web/platform-contract.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { kindOnly } from '../kind-only.js';
import { messagePage } from '../pages/frame.js';
import { siteProfilePage } from '../pages/site-profile.js';
import { problemsAgainst, storeProblems } from '../schema-form.js';

const validProfile = validatorFor('#/components/schemas/PartnerSiteProfile');
type Vars = Context<ConsoleEnv>;

export function siteProfileRoutes(sites: PartnerSiteStore) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const mayChange = (c: Vars) => roleMay(c.var.session.user!.role, 'partner_sites.write');
  app.use('/site-profile', kindOnly('partner_site', 'site profile', 'organizations.read'));

  const show = async (c: Vars, status = 200, form?: Parameters<typeof siteProfilePage>[1]['form']) => {
    const site = await sites.ofOrganization(c.var.actor.organizationId);
    const notice = c.req.query('notice') === 'saved' ? 'Profile saved: agencies see it now.' : undefined;
    return page(siteProfilePage(c.var.session, { site, mayChange: mayChange(c), form, notice }), status);
  };
  app.get('/site-profile', (c) => show(c));
  app.post('/site-profile', async (c) => {
    if (!mayChange(c)) return page(messagePage('Not changed', 'Your role reads the profile; ask an owner.'), 403);
    const form = c.var.form!;
    const values = {
      name: (form.get('name') ?? '').trim(),
      url: (form.get('url') ?? '').trim(),
      modes: form.getAll('modes'),
      propertyTypes: form.getAll('propertyTypes'),
    };
    const input = {
      name: values.name,
      url: values.url,
      accepts: { modes: values.modes, propertyTypes: values.propertyTypes },
    };
    const errors = problemsAgainst(validProfile, input);
    // The two lists sit under `accepts` in the contract; on the form each has its own field.
    if (errors.accepts) {
      if (!values.modes.length) errors.modes = 'Choose at least one.';
      if (!values.propertyTypes.length) errors.propertyTypes = 'Choose at least one.';
      delete errors.accepts;
    }
    if (Object.keys(errors).length) return show(c, 400, { values, errors });
    const { actor } = c.var;
    const written = await actingAsPerson(actor.userId, () => sites.write(actor.organizationId, input as never));
    if ('errors' in written) return show(c, 422, { values, errors: storeProblems(written.errors) });
    return redirect('/console/site-profile?notice=saved');
  });
  return app;
}
