import { expect } from '@open-wc/testing';
import { sentRequests, useSandbox } from '../test/sandbox-worker.js';
import { $, input, options, searchAndChoose, until, widget } from '../test/widget-fixture.js';

const suggestionQueries = () =>
  sentRequests()
    .filter((url) => url.pathname.endsWith('/v1/suggestions'))
    .map((url) => url.searchParams.get('q'));

describe('the element\u2019s programmatic API', () => {
  beforeEach(() => useSandbox());

  it('search(text) fills the field and looks it up; the list opens when the visitor is in the field', async () => {
    const el = await widget();
    el.search('amk ave 3');
    await el.updateComplete;
    expect(input(el).value).to.equal('amk ave 3');
    await until(() => suggestionQueries().includes('amk ave 3'), 'the search sent');
    expect(options(el), 'not opened over the page unasked').to.have.length(0);
    input(el).focus();
    await until(() => options(el).length > 0, 'suggestions on focus');
  });

  it('search() takes whatever a page passes without breaking', async () => {
    const el = await widget();
    (el.search as (text: unknown) => void)(560102);
    await el.updateComplete;
    expect(input(el).value).to.equal('560102');
    (el.search as (text: unknown) => void)(undefined);
    await el.updateComplete;
    expect(input(el).value).to.equal('');
  });

  it('clear() brings the panel back to how it first appeared', async () => {
    const el = await widget();
    await searchAndChoose(el, 'amk ave 3');
    el.clear();
    await el.updateComplete;
    expect(input(el).value).to.equal('');
    expect($(el, '[part="estimate"]')).to.equal(null);
    expect($(el, 'select'), 'no home type left from the address cleared').to.equal(null);
    const sent = sentRequests().length;
    $<HTMLInputElement>(el, 'input[value="rent"]')!.click();
    await el.updateComplete;
    expect(sentRequests().length, 'switching to rent values nothing after clear()').to.equal(sent);
  });

  it('prefills again whenever the page changes data-query', async () => {
    const el = await widget({ query: 'amk ave 3' });
    await until(() => suggestionQueries().includes('amk ave 3'), 'the first prefill');
    el.setAttribute('data-query', 'parc esta');
    await el.updateComplete;
    expect(input(el).value).to.equal('parc esta');
    await until(() => suggestionQueries().includes('parc esta'), 'the second prefill');
  });
});
