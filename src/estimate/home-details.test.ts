import { expect } from '@open-wc/testing';
import { delay, http, HttpResponse } from 'msw';
import { sandboxHandlers } from '../../service/sandbox/in-page-host.js';
import { estimateWith, sentRequests, useSandbox } from '../test/sandbox-worker.js';
import { $, $$, searchAndChoose, until, widget, choice } from '../test/widget-fixture.js';

describe('the home a visitor describes', () => {
  beforeEach(() => useSandbox());

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
    // Blk 102 Ang Mo Kio Avenue 3 is a 93 m² flat: 1,001 sq ft, and from 47 to 186 m² (506 to 2,002 sq ft).
    expect([area.placeholder, area.min, area.max]).to.deep.equal(['1001', '506', '2002']);
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
    expect([inSqm.min, inSqm.max, inSqm.value]).to.deep.equal(['47', '186', '102']);
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
