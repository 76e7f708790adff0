import { expect } from '@open-wc/testing';
import { delay, http } from 'msw';
import { sandboxHandlers } from '../../service/sandbox/in-page-host.js';
import { sentRequests, useSandbox } from '../test/sandbox-worker.js';
import { $, searchAndChoose, text, until, widget } from '../test/widget-fixture.js';

describe('the widget on a host page', () => {
  beforeEach(() => useSandbox());

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
});
