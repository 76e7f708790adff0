/** What the network or the page may hand the widget, and how it stays safe and legible. */
import { expect } from '@open-wc/testing';
import { http, HttpResponse } from 'msw';
import { sandboxHandlers } from '../../service/sandbox/in-page-host.js';
import { estimateWith, useSandbox, sentRequests } from '../test/sandbox-worker.js';
import { $, options, searchAndChoose, text, type, until, widget } from '../test/widget-fixture.js';

describe('bad input', () => {
  beforeEach(() => useSandbox());

  for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', ' javascript:alert(1)', 'JaVaScRiPt:alert(1)']) {
    it(`never links an unsafe attribution URL (${url.trim().slice(0, 11)})`, async () => {
      await useSandbox(estimateWith((e) => (e.attribution = { text: 'Click me', url })));
      const el = await widget();
      await searchAndChoose(el, 'amk ave 3');
      // The contract allows only http(s) links: such an answer is refused whole, with a clear state.
      expect($(el, '[part="estimate-error"]')!.textContent).to.contain('Something went wrong');
      for (const link of el.shadowRoot!.querySelectorAll('a')) expect(link.protocol).to.match(/^https?:$/);
      expect(text(el)).not.to.contain('Click me');
    });
  }

  it('keeps bidi overrides and zero-width characters inside their own text', async () => {
    const tricky = '\u202EBlk 1 Evil Road\u200B\u200D';
    await useSandbox(
      http.get('*/v1/suggestions', () =>
        HttpResponse.json({
          query: 'x',
          suggestions: [
            {
              id: 'hdb-560102-4-room',
              kind: 'address',
              text: tricky,
              secondaryText: '\u202Eafter',
              postalCode: '560102',
              matches: [],
            },
          ],
        }),
      ),
      ...(await sandboxHandlers()),
    );
    const el = await widget();
    type(el, 'evil');
    await until(() => options(el).length === 1, 'suggestion');
    const span = $(el, '.option-text')!;
    expect(span.textContent).to.equal(tricky);
    expect(getComputedStyle(span).unicodeBidi).to.equal('isolate');
    expect(getComputedStyle($(el, '.option-meta')!).unicodeBidi).to.equal('isolate');
  });

  it('wraps long unbroken strings instead of widening the panel', async () => {
    const long = `Blk ${'W'.repeat(190)}`;
    await useSandbox(estimateWith((e) => ((e.property as Record<string, unknown>).address = long)));
    const el = await widget();
    el.style.width = '320px';
    await searchAndChoose(el, 'amk ave 3');
    const panel = $(el, '.panel')!;
    expect(panel.scrollWidth).to.be.at.most(panel.clientWidth);
    expect(text(el)).to.contain('WWWW');
  });

  it('refuses thousands of characters as off-contract, with a clear state', async () => {
    await useSandbox(estimateWith((e) => (e.disclaimer = 'x'.repeat(5000))));
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    expect($(el, '[part="estimate-error"]')!.textContent).to.contain('Something went wrong');
    expect($(el, '.disclaimer')!.textContent!.length).to.be.below(300);
  });

  it('refuses a date that does not exist instead of failing to draw it', async () => {
    await useSandbox(estimateWith((e) => (e.asOf = '2026-13-01')));
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    expect($(el, '[part="estimate-error"]')!.textContent).to.contain('Something went wrong');
    expect($(el, '[part="value"]')).to.equal(null);
  });

  it('treats an over-long key as not set up, and sends nothing', async () => {
    const el = await widget({ key: `svce_test_${'a'.repeat(500)}` });
    expect(text(el)).to.contain('not set up yet');
    expect(sentRequests()).to.have.length(0);
  });

  it('never leaves a spinner turning after a failure', async () => {
    await useSandbox(http.get('*/v1/suggestions', () => HttpResponse.error()));
    const el = await widget();
    type(el, 'sandbox slow');
    await until(() => $(el, '[part="search-error"]'), 'error', 3000);
    expect($(el, '.spinner')).to.equal(null);
  });
});
