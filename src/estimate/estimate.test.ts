import { expect } from '@open-wc/testing';
import type { Comparable } from '../api/types.js';
import { estimateWith, sentRequests, useSandbox } from '../test/sandbox-worker.js';
import { $, $$, press, searchAndChoose, text, type, until, widget, choice } from '../test/widget-fixture.js';
import { DEFAULT_SORT, sortComparables } from './sort-comparables.js';

const column = (el: Awaited<ReturnType<typeof widget>>, index: number) =>
  $$(el, 'tbody tr').map((row) => row.children[index].textContent!.trim());
const money = (s: string) => Number(s.replace(/[^0-9.]/g, ''));

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
    expect(facts[2]).to.equal('Transactions to Oct 2026');
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

  it('says where a comparable’s distance is unknown, sorts it last by distance, and names a widened search', async () => {
    await useSandbox(
      estimateWith((e) => {
        const comparables = e.comparables as Comparable[];
        comparables[0] = { ...comparables[0], distanceM: 0, distanceKnown: false, near: 'same_street' };
        e.basis = { scope: 'nearby', radiusM: 8000, months: 36, widened: true, text: 'From sales within 8 km' };
      }),
    );
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    expect(column(el, 6)[0]).to.equal('Distance unknown');
    expect($(el, '.facts .basis')!.textContent).to.equal('From sales within 8.0 km over the last 36 months');
    const order = choice(el, 'Sort by')!;
    order.value = 'distance';
    order.dispatchEvent(new Event('change'));
    await el.updateComplete;
    $$<HTMLButtonElement>(el, 'button.text-button')
      .find((b) => b.textContent!.trim().startsWith('Show all'))
      ?.click();
    await el.updateComplete;
    const distances = column(el, 6);
    expect(distances.at(-1)).to.equal('Distance unknown');
    expect(distances.filter((d) => d === 'Distance unknown')).to.have.length(1);
    await expect(el).to.be.accessible();
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
