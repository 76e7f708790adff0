/** A partner site's profile in the console: what agencies see in GET /partner-sites, written by an owner. */
import type { components } from '../../../../contract/generated/platform.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { choiceField, csrfField, type FormState, onceField, textField } from './form.js';
import { consolePage } from './frame.js';

type Site = components['schemas']['PartnerSite'];

export function siteProfilePage(
  session: Session,
  view: { site?: Site; mayChange: boolean; form?: FormState; notice?: string },
): Html {
  const { site, mayChange, notice } = view;
  const form = view.form ?? {
    values: site
      ? { name: site.name, url: site.url, modes: site.accepts.modes, propertyTypes: site.accepts.propertyTypes }
      : { modes: ['sale', 'rent'], propertyTypes: ['hdb', 'condo', 'landed'] },
    errors: {},
  };
  return consolePage(
    'Site profile',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<p>How agencies find your site when they distribute listings (GET /partner-sites), and which listings it takes. The profile is the same in the sandbox and in live; live offers it to agencies once your organization is approved for live.</p>
${
  site
    ? html`<p>Agencies distribute to <code>${site.id}</code>: <a href="${site.url}" rel="noopener noreferrer">${site.name}</a>.</p>`
    : html`<p class="hint">No profile yet: agencies cannot distribute to your site until you write it.</p>`
}
${
  mayChange
    ? html`<form method="post" action="/console/site-profile" novalidate>${csrfField(session)}${onceField()}
${textField(form, 'name', 'Site name', { autocomplete: 'off' })}
${textField(form, 'url', 'Address', { hint: 'https only, e.g. https://www.homesweekly.sg/.' })}
${choiceField(
  form,
  'modes',
  'Listings it takes',
  [
    ['sale', 'For sale'],
    ['rent', 'For rent'],
  ],
  { multiple: true },
)}
${choiceField(
  form,
  'propertyTypes',
  'Homes it takes',
  [
    ['hdb', 'HDB flats'],
    ['condo', 'Condominiums'],
    ['landed', 'Landed homes'],
  ],
  { multiple: true },
)}
<button type="submit">Save profile</button></form>`
    : html`<p class="hint">Your role reads the profile; an owner changes it.</p>`
}`,
  );
}
