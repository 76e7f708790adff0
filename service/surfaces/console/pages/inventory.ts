/** A developer's inventory in the console: its batches (held, released again or sold after asking) and its price lists. */
import type { components } from '../../../../contract/generated/platform.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { formatMoney } from '../../../../src/format/format.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date, emptyForm, type FormState, onceField, textField } from './form.js';
import { consolePage } from './frame.js';

type Schemas = components['schemas'];
type Batch = Schemas['InventoryBatch'];
type Status = Schemas['InventoryBatchStatus'];

/** A move said as the link that asks for it. */
export const MOVE_WORDS: Record<Status, string> = { held: 'Hold', released: 'Release', sold: 'Mark sold' };
const STATUS_WORDS: Record<Status, string> = { released: 'Released', held: 'Held', sold: 'Sold' };

export function inventoryPage(
  session: Session,
  view: {
    batches: Batch[];
    priceLists: Schemas['PriceList'][];
    projects: { id: string; name: string }[];
    projectName: (id: string) => string;
    mayChange: boolean;
    notice?: string;
  },
): Html {
  const { batches, priceLists, projects, projectName, mayChange, notice } = view;
  const moves = (b: Batch) =>
    b.allowedTransitions.length === 0
      ? 'None: sold is final'
      : b.allowedTransitions.map(
          (to, i) =>
            html`${i ? ' · ' : ''}<a href="/console/inventory/batches/${b.id}/${to}">${MOVE_WORDS[to]}<span class="visually-hidden"> ${b.name}</span></a>`,
        );
  const batchRows = batches.map((b) => [
    b.name,
    projectName(b.projectId),
    b.unitType,
    String(b.units),
    STATUS_WORDS[b.status],
    ...(mayChange ? [moves(b)] : []),
  ]);
  // The store's clock says which version is in effect; those after it are yet to come, those before replaced.
  const versionInEffect = (projectId: string) =>
    priceLists.find((q) => q.projectId === projectId && q.inEffect)?.version ?? 0;
  const priceRows = priceLists.map((p) => [
    projectName(p.projectId),
    `Version ${p.version}`,
    p.effectiveUntil ? `${p.effectiveFrom} to ${p.effectiveUntil}` : `From ${p.effectiveFrom}`,
    p.inEffect ? 'In effect' : p.version > versionInEffect(p.projectId) ? 'Not yet' : 'Replaced',
    p.prices.map((u) => `${u.unitType} from ${formatMoney(u.priceFrom)}`).join('; '),
    date(p.createdAt),
  ]);
  return consolePage(
    'Inventory',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<p>The units your projects release to buyers, in batches, and the price lists buyers see. Your integration does the same with the Platform API (<a href="/docs/api#Developers">Developers</a>); each change here is recorded under your name in the audit log and sent to your webhooks.</p>
${!mayChange && html`<p class="hint">Your role reads inventory; an owner changes it.</p>`}
${cardTable(
  'Inventory batches',
  [
    { name: 'Batch' },
    { name: 'Project' },
    { name: 'Unit type' },
    { name: 'Units', numeric: true },
    { name: 'Status' },
    ...(mayChange ? [{ name: 'Change' }] : []),
  ],
  batchRows,
  'No batches yet: release one with POST /developers/current/inventory-batches.',
)}
${cardTable(
  'Price lists',
  [
    { name: 'Project' },
    { name: 'Version' },
    { name: 'Applies' },
    { name: 'Now' },
    { name: 'Prices' },
    { name: 'Published' },
  ],
  priceRows,
  'No price lists yet: publish one with POST /developers/current/projects/{projectId}/price-lists.',
)}
${
  mayChange && projects.length > 0
    ? html`<h2>Publish a price list</h2><form method="get" action="/console/inventory/price-list"><div class="field"><label for="project">Project</label><select id="project" name="project">${projects.map((p) => html`<option value="${p.id}">${p.name}</option>`)}</select></div>
<button type="submit">Continue</button></form>`
    : html`<p class="hint">A price list version is never changed: a new one is published from a later day.</p>`
}`,
  );
}

export const BATCH_MOVE_MEANS: Record<Status, string> = {
  held: 'Buyers no longer see its units as available until you release it again (for a ballot, a price change or a bulk buyer).',
  released: 'Its units are offered to buyers again.',
  sold: 'Every unit of the batch is sold. This is final: a sold batch cannot be held or released again.',
};

/** A new price list version for one project: the day it applies from and a price for each unit type to offer. */
export function priceListPage(
  session: Session,
  project: { id: string; name: string; unitTypes: { name: string }[] },
  form: FormState = emptyForm,
): Html {
  return consolePage(
    `New price list for ${project.name}`,
    session,
    html`<p>A new version of ${project.name}'s price list: buyers see it from the day you choose (in Singapore), and the version before it until the day before. A version is never changed once published.</p>
<form method="post" action="/console/inventory/price-list/${project.id}" novalidate>${csrfField(session)}${onceField()}
${textField(form, 'effectiveFrom', 'Applies from', { hint: 'YYYY-MM-DD: today or later, at most a year ahead, after the latest version’s day.' })}
<fieldset><legend>Lowest price of each unit type, in SGD</legend><p class="hint">Whole dollars; leave a unit type empty to leave it out of this version.</p>
${project.unitTypes.map((u) => textField(form, `price:${u.name}`, u.name))}</fieldset>
<p><button type="submit">Publish version</button> <a href="/console/inventory">Cancel</a></p></form>`,
    '/console/inventory',
  );
}
