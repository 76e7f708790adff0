import { expect } from '@open-wc/testing';
import { delay, http, HttpResponse } from 'msw';
import { sandboxHandlers } from '../../service/servers/msw.js';
import type { Comparable } from '../api/types.js';
import { estimateWith, sentRequests, useSandbox } from '../test/sandbox-worker.js';
import { $, $$, press, searchAndChoose, text, type, until, widget } from '../test/widget-fixture.js';
import { DEFAULT_SORT, sortComparables } from './sort-comparables.js';

const column = (el: Awaited<ReturnType<typeof widget>>, index: number) =>
  $$(el, 'tbody tr').map((row) => row.children[index].textContent!.trim());
const money = (s: string) => Number(s.replace(/[^0-9.]/g, ''));
/** A labelled choice of the panel (the comparables' order, the home's type), found by its label. */
const choice = (el: Awaited<ReturnType<typeof widget>>, label: string) =>
  $$<HTMLLabelElement>(el, 'label.sort-by')
    .find((l) => l.textContent!.trim().startsWith(label))
    ?.querySelector('select') ?? undefined;

/** The chart's value labels (S$…), the estimate's among them; the month labels are ticks too. */
const valueLabels = (el: Awaited<ReturnType<typeof widget>>) =>
  $$(el, 'svg text.tick').filter((t) => t.textContent!.startsWith('S$'));

describe('the estimate panel', () => {
  beforeEach(() => useSandbox());

  it('shows value, range, price per area, confidence, as-of date and the number of comparables', async () => {
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    await expect(el).to.be.accessible();
    const facts = $$(el, '.facts div').map((d) =>
      `${d.querySelector('dt')!.textContent} ${d.querySelector('dd')!.textContent}`.replace(/\s+/g, ' ').trim(),
    );
    expect(facts[0]).to.match(/^Per sq ft S\$[\d,]+ psf$/);
    expect(facts[1]).to.match(/^Confidence (High|Medium|Low)/);
    expect(facts[2]).to.equal('As of 31 Oct 2026');
    expect(facts[3]).to.match(/^Based on (5|6|7|8|9|10) transactions$/);
    const [low, high] = text(el)
      .match(/Likely between (S\$[\d,]+) and (S\$[\d,]+)/)!
      .slice(1)
      .map(money);
    const value = money($(el, '[part="value"]')!.textContent!);
    expect(low).to.be.below(value);
    expect(high).to.be.above(value);
  });

  it('switches areas and prices per area to square metres on request', async () => {
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    const toggle = $<HTMLButtonElement>(el, '.text-button')!;
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await el.updateComplete;
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect($(el, '.facts div')!.textContent).to.contain('psm');
    expect(column(el, 3)[0]).to.match(/m²$/);
  });

  it('writes the suggestions\u2019 areas in the unit the visitor chose, and keeps it for the next property', async () => {
    const el = await widget();
    type(el, 'parc esta');
    await until(() => $$(el, '.option-meta').length > 0, 'suggestions');
    expect($$(el, '.option-meta')[0].textContent).to.match(/sq ft$/);
    press(el, 'ArrowDown');
    press(el, 'Enter');
    await until(() => $(el, '.estimate:not(.skeleton)'), 'the estimate');
    $<HTMLButtonElement>(el, '.text-button')!.click();
    const searches = () => sentRequests().filter((u) => u.pathname.endsWith('/v1/suggestions'));
    const before = searches().length;
    type(el, 'parc es');
    await until(() => searches().length > before, 'the next search');
    const asked = searches().at(-1)!;
    expect(asked.searchParams.get('q')).to.equal('parc es');
    expect(asked.searchParams.get('unit')).to.equal('sqm');
    await until(() => /m²$/.test($$(el, '.option-meta')[0]?.textContent ?? ''), 'suggestions in m²');
    expect($(el, '.facts div')!.textContent).to.contain('psm');
  });

  it('sorts the comparables with one labelled control, each order in its useful direction', async () => {
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    const select = choice(el, 'Sort by')!;
    expect([...select.options].map((o) => o.textContent!.trim())).to.deep.equal([
      'Newest',
      'Highest price',
      'Highest psf',
      'Largest',
      'Nearest',
      'Address',
    ]);
    expect(select.value).to.equal('date');
    const choose = async (value: string) => {
      select.value = value;
      select.dispatchEvent(new Event('change'));
      await el.updateComplete;
    };
    await choose('price');
    const prices = column(el, 4).map(money);
    expect(prices).to.deep.equal([...prices].sort((a, b) => b - a));
    await choose('distance');
    const distances = column(el, 6).map((d) => Number.parseFloat(d) * (d.includes('km') ? 1000 : 1));
    expect(distances).to.deep.equal([...distances].sort((a, b) => a - b));
    expect(select.value).to.equal('distance');
    expect($$(el, 'th button'), 'the headers are headers, not a second sort control').to.have.length(0);
  });

  it('shows the first five comparables, and the rest on request with focus on the first of them', async () => {
    const el = await widget();
    await searchAndChoose(el, 'parc esta');
    const count = Number($(el, 'caption')!.textContent!.match(/\d+/)![0]);
    expect(count, 'this fixture has more than five').to.be.above(5);
    expect($$(el, 'tbody tr')).to.have.length(5);
    const more = $$<HTMLButtonElement>(el, 'button').find((b) => b.textContent!.trim() === `Show all ${count}`)!;
    more.focus();
    more.click();
    await until(() => $$(el, 'tbody tr').length === count, 'every row');
    await until(() => el.shadowRoot!.activeElement === $$(el, 'tbody tr')[5], 'focus on the sixth row');
    expect($$(el, 'button').some((b) => b.textContent!.includes('Show all'))).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('plots every comparable with the estimate marked and at most three value labels, and says in words what the chart shows', async () => {
    const el = await widget();
    await searchAndChoose(el, 'parc esta');
    const chart = $(el, 'svg[role="img"]')!;
    const count = Number($(el, 'caption')!.textContent!.match(/\d+/)![0]);
    expect($$(el, 'svg circle')).to.have.length(count);
    expect($$(el, 'svg .estimate-line')).to.have.length(1);
    // Round grid values, evenly stepped (the one too near the estimate's line left out), none of them the
    // estimate; the estimate's own label is the card's figure.
    const grid = valueLabels(el)
      .filter((t) => !t.matches('.estimate-value'))
      .map((t) => Number(t.textContent!.replace(/[^\d.]/g, '')));
    expect(grid.length).to.be.within(1, 4);
    const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-6;
    const gaps = grid.slice(1).map((v, i) => Math.abs(v - grid[i]));
    const widest = gaps.length ? Math.min(...gaps) : grid[0];
    // Two lines a gap apart are a step apart, or two with the estimate's line between them.
    const step = grid.every((v) => onStep(v, widest)) ? widest : widest / 2;
    for (const value of grid) expect(onStep(value, step), `${value} on a step of ${step}`).to.equal(true);
    for (const gap of gaps) expect([1, 2], `a gap of ${gap} on a step of ${step}`).to.include(Math.round(gap / step));
    expect((step / 10 ** Math.floor(Math.log10(step))).toFixed(6)).to.match(/^[125]\.0+$/);
    const estimateLabel = $(el, 'svg text.estimate-value')!.textContent!;
    expect(`${estimateLabel} psf`).to.equal($$(el, '.facts dd')[0].textContent!.trim());
    expect(grid.map(String)).not.to.include(estimateLabel.replace(/[^\d.]/g, ''));
    // Every label in the gutter, left of every dot; every dot whole inside the drawing.
    const svgBox = chart.getBoundingClientRect();
    const labelsRight = Math.max(...valueLabels(el).map((t) => t.getBoundingClientRect().right));
    for (const dot of $$(el, 'svg circle')) {
      const box = dot.getBoundingClientRect();
      expect(box.left, 'clear of the labels').to.be.greaterThan(labelsRight);
      expect(box.right).to.be.at.most(svgBox.right + 0.5);
    }
    expect(chart.getAttribute('aria-label')).to.match(
      /^\d+ comparable sales from \w{3,4} \d{4} to \w{3,4} \d{4}, between S\$[\d,]+ and S\$[\d,]+ psf\. The estimate is S\$[\d,]+ psf\.$/,
    );
  });

  it('writes rents per area with cents, in the card, the chart and the table, and grid values in round steps', async () => {
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    $<HTMLInputElement>(el, 'input[value="rent"]')!.click();
    await until(() => text(el).includes('Estimated monthly rent'), 'rent');
    expect($$(el, '.facts dd')[0].textContent!.trim()).to.match(/^S\$\d+\.\d\d psf$/);
    expect($(el, 'svg text.estimate-value')!.textContent).to.match(/^S\$\d+\.\d\d$/);
    const grid = valueLabels(el)
      .filter((t) => !t.matches('.estimate-value'))
      .map((t) => t.textContent);
    expect(new Set(grid).size, grid.join(', ')).to.equal(grid.length);
    const perArea = $$(el, 'td.num').filter((td) => td.textContent!.includes('psf'));
    expect(perArea.length).to.be.greaterThan(0);
    for (const td of perArea) expect(td.textContent!.trim()).to.match(/^S\$\d+\.\d\d psf$/);
  });

  it('shows the estimate at its own size at every width, whatever the chart\u2019s labels are', async () => {
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    for (const width of ['300px', '900px']) {
      el.style.width = width;
      await until(() => getComputedStyle($(el, 'p.value')!).fontSize === '32px', `a 32 px figure at ${width}`);
    }
  });

  it('draws the chart across a wide panel, and the phone drawing in a narrow one, as the panel is resized', async () => {
    const el = await widget();
    el.style.width = '900px';
    await searchAndChoose(el, 'amk ave 3');
    const chart = () => $(el, 'svg[role="img"]')!;
    const article = () => $(el, 'article.estimate')!;
    await until(() => chart()?.getAttribute('viewBox') === '0 0 720 220', 'the wide drawing');
    expect(chart().getBoundingClientRect().width).to.be.greaterThan(article().getBoundingClientRect().width * 0.9);
    el.style.width = '320px';
    await until(() => chart().getAttribute('viewBox') === '0 0 400 220', 'the phone drawing after a resize');
    expect(chart().getBoundingClientRect().width).to.be.greaterThan(article().getBoundingClientRect().width * 0.9);
  });

  it('keeps a unit type ("4-room") whole, and wraps words whole, in a narrow panel', async () => {
    const el = await widget({ lang: 'ta' });
    el.style.width = '280px';
    await until(() => $(el, '.panel[lang="ta"]') && $(el, 'input'), 'the Tamil panel');
    await searchAndChoose(el, 'amk ave 3');
    const lines = (node: Element) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    // The estimate's own type is a choice here (the block holds two); its options are the browser's to draw.
    const types = $$(el, 'span.unit');
    expect(types.length).to.be.greaterThan(1);
    for (let width = 260; width <= 420; width += 8) {
      el.style.width = `${width}px`;
      for (const type of types) {
        expect(getComputedStyle(type).whiteSpace, type.textContent!).to.equal('nowrap');
        expect(lines(type), `${type.textContent} at ${width}px`).to.equal(1);
      }
    }
    const panel = $(el, '.panel')!;
    expect(panel.scrollWidth).to.be.at.most(panel.clientWidth);
    expect(getComputedStyle(panel).overflowWrap).to.equal('break-word');
  });

  it('never shows a late answer for the mode the visitor left', async () => {
    await useSandbox(
      http.get('*/v1/estimates', async ({ request }) => {
        if (new URL(request.url).searchParams.get('mode') === 'rent') await delay(600);
      }),
      ...(await sandboxHandlers()),
    );
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    $<HTMLInputElement>(el, 'input[value="rent"]')!.click();
    await until(() => sentRequests().some((u) => u.searchParams.get('mode') === 'rent'), 'rent requested');
    $<HTMLInputElement>(el, 'input[value="sale"]')!.click();
    await until(() => text(el).includes('Estimated sale price'), 'sale again');
    await new Promise((r) => setTimeout(r, 800));
    expect(text(el)).to.contain('Estimated sale price');
    expect(text(el)).not.to.contain('Estimated monthly rent');
  });

  it('fires events that carry only what the visitor chose', async () => {
    const el = await widget();
    const seen: { type: string; detail: unknown }[] = [];
    for (const type of [
      'service-valuation-search',
      'service-valuation-estimate',
      'service-valuation-mode-change',
      'service-valuation-error',
    ]) {
      document.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }));
    }
    await searchAndChoose(el, 'amk ave 3');
    $<HTMLInputElement>(el, 'input[value="rent"]')!.click();
    await until(() => seen.filter((e) => e.type === 'service-valuation-estimate').length === 2, 'two estimates');
    expect(seen.map((e) => e.type)).to.deep.equal([
      'service-valuation-search',
      'service-valuation-estimate',
      'service-valuation-mode-change',
      'service-valuation-estimate',
    ]);
    expect(seen[0].detail).to.deep.equal({ id: 'hdb-560100-4-room', kind: 'address' });
    expect(Object.keys(seen[1].detail as object).sort()).to.deep.equal([
      'confidence',
      'currency',
      'high',
      'low',
      'mode',
      'propertyId',
      'value',
    ]);
    expect(seen[2].detail).to.deep.equal({ mode: 'rent' });
  });

  it('fires an error event for the site owner when the key is bad', async () => {
    let detail: unknown;
    document.addEventListener('service-valuation-error', (e) => (detail = (e as CustomEvent).detail), { once: true });
    await widget({ key: 'svcp_live_abcdefghijklmnopqrstu' });
    expect(detail).to.deep.equal({ code: 'platform_key', forSiteOwner: true });
  });

  it('starts in rent mode with data-mode="rent"', async () => {
    const el = await widget();
    el.setAttribute('data-mode', 'rent');
    await searchAndChoose(el, 'amk ave 3');
    expect(text(el)).to.contain('Estimated monthly rent');
    expect(
      sentRequests()
        .find((u) => u.pathname.endsWith('/v1/estimates'))!
        .searchParams.get('mode'),
    ).to.equal('rent');
  });

  it('treats any other data-mode as sale', async () => {
    const el = await widget();
    el.setAttribute('data-mode', 'lease');
    await searchAndChoose(el, 'amk ave 3');
    expect(text(el)).to.contain('Estimated sale price');
  });

  it('prefills the search from data-query without opening the list', async () => {
    const el = await widget({ query: '310101' });
    await until(() => sentRequests().length === 1, 'prefilled search');
    expect($<HTMLInputElement>(el, 'input[role="combobox"]')!.value).to.equal('310101');
    expect($<HTMLInputElement>(el, 'input[role="combobox"]')!.getAttribute('aria-expanded')).to.equal('false');
  });

  it('follows the visitor\u2019s colour scheme with data-theme="auto"', async () => {
    const el = await widget({ theme: 'auto' });
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    expect(getComputedStyle($(el, '.panel')!).backgroundColor).to.equal(
      dark ? 'rgb(21, 27, 34)' : 'rgb(255, 255, 255)',
    );
  });

  it('takes the styling hooks a page sets on an ancestor', async () => {
    const el = await widget();
    el.style.setProperty('--sv-accent', 'rgb(200, 0, 100)');
    el.style.setProperty('--sv-radius', '2px');
    await el.updateComplete;
    expect(getComputedStyle($(el, '.panel')!).borderTopLeftRadius).to.equal('2px');
    expect(getComputedStyle($(el, '.mode-option:has(input:checked)')!).backgroundColor).to.equal('rgb(200, 0, 100)');
  });

  it('keeps the attribution and disclaimer visible whatever the hooks say', async () => {
    const el = await widget();
    el.style.setProperty('--sv-font-size', '0px');
    el.style.setProperty('--_muted', 'transparent');
    el.style.setProperty('color', 'transparent');
    await el.updateComplete;
    for (const selector of ['.attribution', '.disclaimer']) {
      const style = getComputedStyle($(el, selector)!);
      expect(parseFloat(style.fontSize), selector).to.be.at.least(12);
      expect(style.color, selector).not.to.equal('rgba(0, 0, 0, 0)');
      expect($(el, selector)!.getBoundingClientRect().height, selector).to.be.above(10);
    }
  });

  it('values the storey and floor area a visitor gives, in the unit shown, within the type’s range', async () => {
    const el = await widget();
    await searchAndChoose(el, '560102');
    const typical = $(el, '.value')!.textContent;
    const details = $<HTMLDetailsElement>(el, 'details.home')!;
    expect(details.open, 'closed until asked for').to.equal(false);
    $(el, 'details.home summary')!.click();
    await until(() => $<HTMLDetailsElement>(el, 'details.home')!.open, 'the form open');
    await expect(el).to.be.accessible();
    const storey = $<HTMLInputElement>(el, 'input[name="storey"]')!;
    const area = $<HTMLInputElement>(el, 'input[name="area"]')!;
    // Blk 102 Ang Mo Kio Avenue 3 is a 97 m² flat: 1,044 sq ft, and from 49 to 194 m² (528 to 2,088 sq ft).
    expect([area.placeholder, area.min, area.max]).to.deep.equal(['1044', '528', '2088']);
    expect(area.labels![0].textContent).to.contain('Floor area (sq ft)');
    storey.value = '15';
    area.value = '1100';
    $(el, 'details.home button')!.click();
    await until(() => sentRequests().some((u) => u.searchParams.get('storey') === '15'), 'the home asked for');
    const asked = sentRequests().find((u) => u.searchParams.get('storey') === '15')!;
    expect(asked.searchParams.get('floorAreaSqm')).to.equal('102.2');
    await until(() => $(el, '.property-meta')?.textContent?.includes('1,100 sq ft'), 'the home valued');
    expect($(el, '.value')!.textContent).not.to.equal(typical);
    expect($<HTMLDetailsElement>(el, 'details.home')!.open, 'open again, with its values').to.equal(true);
    expect($<HTMLInputElement>(el, 'input[name="storey"]')!.value).to.equal('15');

    // In square metres the range is the home type's own, and too large an area is not sent.
    $(el, '.estimate-actions .text-button')!.click();
    await el.updateComplete;
    const inSqm = $<HTMLInputElement>(el, 'input[name="area"]')!;
    expect([inSqm.min, inSqm.max, inSqm.value]).to.deep.equal(['49', '194', '102']);
    inSqm.value = '400';
    expect(inSqm.checkValidity(), 'more than twice the type’s area').to.equal(false);
  });

  it('keeps the estimate and the form when the host refuses a storey, saying beside the field what it may be', async () => {
    const why = 'The highest storey sold in this block is 12. Enter a storey from 1 to 12.';
    await useSandbox(
      http.get('*/v1/estimates', ({ request }) =>
        new URL(request.url).searchParams.get('storey') === '30'
          ? HttpResponse.json(
              {
                code: 'invalid_request',
                message: "storey must be at most 12, the highest storey this block's sales name.",
                visitorMessage: why,
                parameter: 'storey',
              },
              { status: 400 },
            )
          : undefined,
      ),
      ...(await sandboxHandlers()),
    );
    const el = await widget();
    await searchAndChoose(el, '560102');
    const value = $(el, '.value')!.textContent;
    $(el, 'details.home summary')!.click();
    await until(() => $<HTMLDetailsElement>(el, 'details.home')!.open, 'the form open');
    $<HTMLInputElement>(el, 'input[name="storey"]')!.value = '30';
    $(el, 'details.home button')!.click();
    await until(() => $(el, '.field-problem'), 'the refusal beside the field');
    const storey = $<HTMLInputElement>(el, 'input[name="storey"]')!;
    expect($(el, '.field-problem')!.textContent).to.equal(why);
    expect(storey.value, 'what was typed is kept').to.equal('30');
    expect([storey.getAttribute('aria-invalid'), storey.getAttribute('aria-describedby')]).to.deep.equal([
      'true',
      'sv-home-problem',
    ]);
    expect(el.shadowRoot!.activeElement, 'the keyboard at the field to correct').to.equal(storey);
    expect($(el, '.value')!.textContent, 'the last estimate stays').to.equal(value);
    expect($(el, '[part="estimate-error"]')).to.equal(null);
    await expect(el).to.be.accessible();

    storey.value = '11';
    $(el, 'details.home button')!.click();
    await until(() => sentRequests().some((u) => u.searchParams.get('storey') === '11'), 'the corrected storey');
    // The skeleton has a `.value` bone too: wait for the estimate itself.
    await until(() => !$(el, '.skeleton') && !$(el, '.field-problem') && $(el, 'input[name="storey"]'), 'valued');
    expect($<HTMLInputElement>(el, 'input[name="storey"]')!.hasAttribute('aria-invalid')).to.equal(false);
  });

  it('lets a visitor pick their flat type among the block’s, the most traded first, keeping the keyboard there', async () => {
    await useSandbox(
      http.get('*/v1/estimates', async () => {
        await delay(300);
      }),
      ...(await sandboxHandlers()),
    );
    const el = await widget();
    await searchAndChoose(el, '560100');
    // Blk 100 Ang Mo Kio Avenue 3 holds 4-room flats, most traded, and 3-room flats, listed in reading order.
    const select = choice(el, 'Home type')!;
    expect([...select.options].map((o) => [o.textContent, o.value, o.selected])).to.deep.equal([
      ['3-room', 'hdb-560100-3-room', false],
      ['4-room', 'hdb-560100-4-room', true],
    ]);
    await expect(el).to.be.accessible();
    const fourRoom = $(el, '.value')!.textContent;
    select.focus();
    select.value = 'hdb-560100-3-room';
    select.dispatchEvent(new Event('change'));
    await until(() => $(el, '.skeleton'), 'the 3-room flat loading');
    expect(el.shadowRoot!.activeElement, 'the choice stays, and the keyboard on it, while it loads').to.equal(select);
    await until(() => $(el, '.property-meta')?.textContent?.includes('3-room'), 'the 3-room flat valued');
    expect(sentRequests().at(-1)!.searchParams.get('id')).to.equal('hdb-560100-3-room');
    expect($(el, '.value')!.textContent).not.to.equal(fourRoom);
    expect($(el, '.property-meta')!.textContent).to.contain('678 sq ft');
    expect(el.shadowRoot!.activeElement).to.equal(select);
    expect(select.value).to.equal('hdb-560100-3-room');
    // Another address: its own kinds, once its estimate names them.
    await searchAndChoose(el, '560102');
    expect(choice(el, 'Home type')).to.equal(undefined);
  });

  it('keeps the choice of type when a type cannot be valued, so another is a choice away', async () => {
    await useSandbox(
      http.get('*/v1/estimates', ({ request }) =>
        new URL(request.url).searchParams.get('id') === 'hdb-560100-3-room'
          ? HttpResponse.json(
              {
                code: 'no_comparables',
                message: 'Too few comparable transactions.',
                visitorMessage: 'There are not enough recent transactions near this home to estimate it.',
              },
              { status: 404 },
            )
          : undefined,
      ),
      ...(await sandboxHandlers()),
    );
    const el = await widget();
    await searchAndChoose(el, '560100');
    const select = choice(el, 'Home type')!;
    select.value = 'hdb-560100-3-room';
    select.dispatchEvent(new Event('change'));
    await until(() => $(el, '[part="estimate-error"]'), 'the refusal');
    expect(choice(el, 'Home type')).to.equal(select);
    select.value = 'hdb-560100-4-room';
    select.dispatchEvent(new Event('change'));
    await until(() => $(el, '.value'), 'the 4-room flat again');
  });

  it('shows a home type alone where the address holds one', async () => {
    const el = await widget();
    await searchAndChoose(el, '560102');
    expect(choice(el, 'Home type')).to.equal(undefined);
    expect($(el, 'span.unit')!.textContent).to.equal('4-room');
  });

  it('names the datasets an estimate rests on, each linked, and leaves out a postal code the data lacks', async () => {
    const sources = [
      {
        text: 'Contains information from the Resale Flat Prices dataset accessed from data.gov.sg on 2026-11-26, made available under the terms of the Singapore Open Data Licence version 1.0.',
        url: 'https://data.gov.sg/datasets?query=resale+flat+prices',
      },
      {
        text: 'Addresses and coordinates from OneMap, Singapore Land Authority, accessed on 2026-11-26.',
        url: 'https://www.onemap.gov.sg/apidocs/search',
      },
    ];
    await useSandbox(
      estimateWith((e) => {
        (e.attribution as Record<string, unknown>).sources = sources;
        delete (e.property as Record<string, unknown>).postalCode;
      }),
    );
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    await until(() => $(el, '.value'), 'the estimate');
    const links = $$<HTMLAnchorElement>(el, 'footer a').slice(1, 3);
    expect(links.map((a) => [a.textContent!.replace(/\s+/g, ' ').trim(), a.href])).to.deep.equal(
      sources.map((source) => [`${source.text} (opens in a new tab)`, source.url]),
    );
    expect($(el, '.property-meta')!.textContent).not.to.contain('Singapore');
    expect($(el, '.property-meta')!.textContent!.trim()).to.match(/sq ft$/);
  });
});

describe('sortComparables', () => {
  const c = (date: string, price: number): Comparable => ({
    date,
    price,
    address: 'A',
    propertyType: 'hdb',
    unitType: '4-room',
    floorAreaSqm: 90,
    pricePerSqm: price / 90,
    distanceM: 0,
  });

  it('sorts a copy, each choice in its useful direction, and keeps ties in the host\u2019s order', () => {
    const list = [c('2026-01-01', 5), c('2026-03-01', 5), c('2026-02-01', 7)];
    expect(sortComparables(list, 'price').map((x) => x.date)).to.deep.equal(['2026-02-01', '2026-01-01', '2026-03-01']);
    expect(sortComparables(list, DEFAULT_SORT).map((x) => x.date)).to.deep.equal([
      '2026-03-01',
      '2026-02-01',
      '2026-01-01',
    ]);
    expect(list[0].date).to.equal('2026-01-01');
  });
});
