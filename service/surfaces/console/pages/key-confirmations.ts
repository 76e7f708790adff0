/**
 * The pages that ask before a change that breaks something: rotating or revoking a widget key,
 * revoking a platform key, disconnecting an AI app. Each says what will stop working, and when.
 */
import { ROTATION_GRACE_HOURS, type WidgetKeyView } from '../../../core/keys/widget-key-admin.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html, joined } from '../../../web/html.js';
import { codes, csrfField, onceField } from './form.js';
import { consolePage } from './frame.js';

const GRACE_WORDS: Record<(typeof ROTATION_GRACE_HOURS)[number], string> = {
  0: 'Stop at once, with every earlier value still in its grace (the key leaked: nobody may use it)',
  1: 'Keep working for 1 hour',
  24: 'Keep working for 24 hours (time to redeploy your pages)',
  168: 'Keep working for 7 days',
};

/** A confirmation: what happens, the button that does it, and the way back. */
export function confirmPage(
  session: Session,
  title: string,
  body: Html,
  /** `showsSecret`: the answer holds a secret, so it is never kept for a resend (no idempotency field). */
  action: { url: string; label: string; danger?: boolean; fields?: Html; showsSecret?: boolean },
  back: string,
): Html {
  return consolePage(
    title,
    session,
    html`${body}<form method="post" action="${action.url}">${csrfField(session)}${action.showsSecret ? '' : onceField()}${action.fields ?? ''}
<p><button class="${action.danger ? 'danger' : ''}" type="submit">${action.label}</button> <a href="${back}">Cancel</a></p></form>`,
    back,
  );
}

const websites = (key: WidgetKeyView) =>
  key.origins.length
    ? html`<ul>${codes(key.origins).map((origin) => html`<li>${origin}</li>`)}</ul>`
    : html`<p>(none)</p>`;

export function rotateWidgetKeyPage(session: Session, key: WidgetKeyView): Html {
  const choices = ROTATION_GRACE_HOURS.map(
    (hours) =>
      html`<p><input type="radio" name="grace" id="grace-${hours}" value="${hours}"${hours === 24 && html` checked`}><label class="inline" for="grace-${hours}">${GRACE_WORDS[hours]}</label></p>`,
  );
  return confirmPage(
    session,
    `Rotate “${key.name}”?`,
    html`<p>The key gets a new value for the same websites. Every page that still has <code>${key.key}</code> in its snippet stops showing the widget when the old value stops working, so update those pages with the new value.</p>
<p>Websites that use this key:</p>${websites(key)}`,
    {
      url: `/console/widget-keys/${key.id}/rotate`,
      label: 'Rotate key',
      fields: html`<fieldset><legend>The old value</legend>${joined(choices, '\n')}</fieldset>`,
    },
    `/console/widget-keys/${key.id}`,
  );
}

export function revokeWidgetKeyPage(session: Session, key: WidgetKeyView): Html {
  return confirmPage(
    session,
    `Revoke “${key.name}”?`,
    html`<p>The widget stops working at once, for every visitor, on every website that uses <code>${key.key}</code>. A revoked key cannot be restored: you would make a new key and update your pages.</p>
<p>Websites that stop showing the widget:</p>${websites(key)}`,
    { url: `/console/widget-keys/${key.id}/revoke`, label: 'Revoke key', danger: true },
    `/console/widget-keys/${key.id}`,
  );
}
