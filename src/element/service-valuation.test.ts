import { expect } from '@open-wc/testing';
import { getResponse, http, HttpResponse } from 'msw';
import { faults, OTHER_SITE_KEY, QUOTA_SPENT_KEY, sandboxHandlers } from '../../service/sandbox/in-page-host.js';
import { sentRequests, useSandbox } from '../test/sandbox-worker.js';
import { $, $$, input, options, press, searchAndChoose, text, type, until, widget } from '../test/widget-fixture.js';

function captureConsole() {
  const messages: string[] = [];
  const original = { error: console.error, warn: console.warn };
  console.error = (...args: unknown[]) => messages.push(args.join(' '));
  console.warn = (...args: unknown[]) => messages.push(args.join(' '));
  return { messages, restore: () => Object.assign(console, original) };
}

describe('<service-valuation>', () => {
  beforeEach(() => useSandbox());

  it('opens ready to search, with attribution and disclaimer', async () => {
    const el = await widget();
    await expect(el).to.be.accessible();
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    expect($(el, 'label[for="sv-input"]')!.textContent).to.contain('address, postal code or condo');
    const link = $<HTMLAnchorElement>(el, 'footer a')!;
    expect(link.href).to.equal(new URL('/valuation/', el.apiBase).href);
    expect($(el, '.disclaimer')!.textContent).to.contain('not a valuation');
    expect($(el, '.panel')!.lang).to.equal('en');
  });

  it('keeps the space the loader reserved between its definition and its first render', async () => {
    const el = document.createElement('service-valuation');
    el.setAttribute('data-embed-key', 'svce_test_demo0000000000000001');
    document.body.append(el);
    expect(el.shadowRoot!.childElementCount).to.equal(0); // nothing drawn yet
    expect(el.getBoundingClientRect().height).to.equal(340);
    await el.updateComplete;
    expect($(el, '.panel')!.getBoundingClientRect().height).to.be.at.least(340);
    el.remove();
  });

  it('suggests addresses as the visitor types and shows an estimate for the chosen one', async () => {
    const el = await widget();
    type(el, 'amk ave 3');
    await until(() => options(el).length > 0, 'suggestions');
    await expect(el).to.be.accessible();
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    expect(options(el)[0].textContent).to.contain('Ang Mo Kio Avenue 3');
    expect($$(el, '[role="option"]:first-child mark').map((m) => m.textContent)).to.deep.equal([
      'Ang',
      'Mo',
      'Kio',
      'Avenue',
      '3',
    ]);

    press(el, 'ArrowDown');
    await el.updateComplete;
    expect(input(el).getAttribute('aria-activedescendant')).to.equal(options(el)[0].id);
    press(el, 'Enter');
    await until(() => $(el, '[part="value"]'), 'estimate');
    await expect(el).to.be.accessible();

    expect($(el, '[part="value"]')!.textContent).to.match(/^S\$\d{1,3}(,\d{3})+$/);
    expect(text(el)).to.contain('Estimated sale price');
    const rows = $$(el, 'table tbody tr');
    expect(rows.length).to.be.within(5, 10);
    expect($(el, 'caption')!.textContent).to.contain('recent sales');
    expect($<HTMLAnchorElement>(el, 'footer a')!.href).to.contain('/valuation/');
    expect($(el, '[role="status"]')!.textContent).to.contain('Estimated sale price');
  });

  it('keeps the chosen property when switching to rent', async () => {
    const el = await widget();
    await searchAndChoose(el, 'toa payoh lor 1');
    const sale = $(el, '[part="value"]')!.textContent;
    $<HTMLInputElement>(el, 'input[value="rent"]')!.click();
    await until(() => text(el).includes('Estimated monthly rent') && $(el, '[part="value"]'), 'rent estimate');
    expect($(el, '[part="value"]')!.textContent).not.to.equal(sale);
    expect(
      sentRequests()
        .filter((u) => u.pathname.endsWith('/estimates'))
        .map((u) => u.searchParams.get('mode')),
    ).to.deep.equal(['sale', 'rent']);
  });

  it('finds a postal code at once, without waiting for the debounce', async () => {
    const [words, postal] = [await widget(), await widget()];
    // Words typed first wait for a pause; the postal code typed after them is asked for at once, so
    // it goes first (an order, not a stopwatch: it holds however busy the machine).
    type(words, 'amk ave');
    type(postal, '560102');
    await until(() => options(postal).length > 0, 'postal code suggestions');
    const asked = () => sentRequests().filter((u) => u.pathname.endsWith('/suggestions'));
    await until(() => asked().length === 2, 'both requests');
    expect(asked().map((u) => u.searchParams.get('q'))).to.deep.equal(['560102', 'amk ave']);
    expect(options(postal)[0].textContent).to.contain('Postal code');
  });

  it('finds condos by part of their name, in any case', async () => {
    const el = await widget();
    type(el, 'PARC es');
    await until(() => options(el).length > 0, 'condo suggestions');
    expect(options(el)[0].textContent).to.contain('Parc Esta').and.to.contain('Condo');
  });

  it('sends nothing for fewer than two characters', async () => {
    const el = await widget();
    type(el, 'a');
    await new Promise((r) => setTimeout(r, 400));
    expect(sentRequests()).to.have.length(0);
  });

  it('says so when nothing matches', async () => {
    const el = await widget();
    type(el, 'sandbox empty');
    await until(() => $(el, '[part="search-empty"]'), 'empty state');
    await expect(el).to.be.accessible();
    expect(text(el)).to.contain('No matches');
  });

  it('offers a retry when the search fails', async () => {
    const el = await widget();
    type(el, 'sandbox error');
    await until(() => $(el, '[part="search-error"]'), 'search error');
    await expect(el).to.be.accessible();
    expect(text(el)).to.contain('Something went wrong');
    expect($(el, '[part="search-error"] button')!.textContent).to.contain('Try again');
  });

  it('asks the visitor to wait a moment when the widget host limits searches', async () => {
    await useSandbox(
      http.get('*/v1/suggestions', () =>
        HttpResponse.json(
          {
            code: 'rate_limited',
            message: 'Too many suggestion requests.',
            visitorMessage: 'Too many searches. Please wait a moment and try again.',
          },
          { status: 429, headers: { 'Retry-After': '3' } },
        ),
      ),
    );
    const el = await widget();
    type(el, 'amk ave 3');
    await until(() => $(el, '[part="search-error"]'), 'rate limited');
    await expect(el).to.be.accessible();
    expect(text(el)).to.contain('Too many searches. Please wait a moment and try again.');
    expect($(el, '[part="search-error"] button')!.textContent).to.contain('Try again');
  });

  it('tells the site owner that a live widget key works only on the live widget host', async () => {
    const console = captureConsole();
    try {
      const el = await widget({ key: 'svce_live_abcdefghijklmnop1234' });
      type(el, 'amk ave 3');
      await until(() => $(el, '[part="setup-error"]'), 'setup error');
      expect(text(el)).to.contain('not set up yet');
      expect(console.messages.join('\n')).to.contain(
        '[service-valuation] This is a live widget key (svce_live_), and this is the sandbox widget host: live keys work only on the live widget host',
      );
    } finally {
      console.restore();
    }
  });

  for (const [query, index, message, retry] of [
    ['sandbox', 1, 'too few recent transactions', false],
    ['sandbox', 2, 'could not find that property', false],
    ['sandbox', 3, 'Something went wrong', true],
  ] as const) {
    it(`explains an estimate that fails: ${message}`, async () => {
      const el = await widget();
      await searchAndChoose(el, query, index);
      await expect(el).to.be.accessible();
      expect($(el, '[part="estimate-error"]')!.textContent).to.contain(message);
      expect(Boolean($(el, '[part="estimate-error"] button'))).to.equal(retry);
      expect($(el, '.disclaimer')).not.to.equal(null);
    });
  }

  it('shows a skeleton, then a note, while a slow estimate loads', async () => {
    const el = await widget();
    type(el, 'sandbox');
    await until(() => options(el).length > 0, 'sandbox suggestions');
    press(el, 'ArrowDown');
    await el.updateComplete;
    press(el, 'Enter');
    await until(() => $(el, '.skeleton'), 'skeleton');
    await until(() => text(el).includes('Working out the estimate'), 'slow note', 2000);
    await expect(el).to.be.accessible();
  });

  it('tells the visitor when today\u2019s estimates are used up, and when to come back, in Singapore time, named', async () => {
    const el = await widget({ key: QUOTA_SPENT_KEY });
    await searchAndChoose(el, 'amk ave 3');
    const reset = new Date();
    reset.setUTCHours(24, 0, 0, 0);
    const options = {
      hour: 'numeric',
      minute: '2-digit',
      day: 'numeric',
      month: 'short',
      timeZone: 'Asia/Singapore',
      timeZoneName: 'short',
    } as const;
    const enSG = new Intl.DateTimeFormat('en-SG', options).format(reset);
    expect($(el, '[part="estimate-error"]')!.textContent).to.contain(
      `used all of today's free estimates. Please try again after ${enSG}.`,
    );
  });

  it('refuses an estimate answered in the other mode, rather than show it', async () => {
    const sandbox = await sandboxHandlers();
    await useSandbox(
      http.get('*/v1/estimates', ({ request }) =>
        getResponse(sandbox, new Request(request.url.replace('mode=sale', 'mode=rent'), request)),
      ),
    );
    const el = await widget();
    await searchAndChoose(el, '560102');
    expect($(el, '[part="estimate-error"]')!.textContent).to.contain('Something went wrong on our side');
    expect($(el, '[part="value"]')).to.equal(null);
  });

  it('tells the site owner which origin to add when the website is not on the key', async () => {
    const console = captureConsole();
    try {
      const el = await widget({ key: OTHER_SITE_KEY });
      type(el, 'amk ave 3');
      await until(() => $(el, '[part="setup-error"]'), 'setup error');
      await expect(el).to.be.accessible();
      expect(text(el)).to.contain('not available on this website');
      expect(console.messages.join('\n')).to.contain(
        `[service-valuation] The origin ${location.origin} is not on this widget key's list`,
      );
    } finally {
      console.restore();
    }
  });

  for (const [key, expected] of [
    ['', 'data-embed-key is missing'],
    ['svce_test_short', 'is not a widget key'],
    ['svcp_live_abcdefghijklmnopqrstuvwxyz', 'rotate it'],
  ] as const) {
    it(`never sends a request with a bad key (${key || 'empty'})`, async () => {
      const console = captureConsole();
      try {
        const el = await widget({ key });
        await expect(el).to.be.accessible();
        expect(text(el)).to.contain('not set up yet');
        expect(input(el)).to.equal(null);
        expect(console.messages.join('\n')).to.contain(expected);
        expect(sentRequests()).to.have.length(0);
      } finally {
        console.restore();
      }
    });
  }

  it('says the service is unreachable when the network fails', async () => {
    await useSandbox(...faults.offline);
    const el = await widget();
    type(el, 'amk ave 3');
    await until(() => $(el, '[part="search-error"]'), 'network error');
    expect(text(el)).to.contain('could not be reached');
  });

  for (const name of ['htmlErrorPage', 'truncatedJson', 'offContract'] as const) {
    it(`treats a broken answer as an error, not data (${name})`, async () => {
      const el = await widget();
      await useSandbox(...faults[name]);
      await searchAndChoose(el, 'amk ave 3');
      expect($(el, '[part="estimate-error"]')!.textContent).to.contain('Something went wrong');
      expect($(el, '[part="value"]')).to.equal(null);
    });
  }

  it('renders markup from the network as text', async () => {
    await useSandbox(
      http.get('*/v1/suggestions', () =>
        HttpResponse.json({
          query: 'x',
          suggestions: [
            {
              id: 'evil',
              kind: 'address',
              text: '<img src=x onerror="window.__pwned=1">Blk 1',
              secondaryText: '<b>x</b>',
              postalCode: '123456',
              matches: [{ offset: 0, length: 4 }],
            },
          ],
        }),
      ),
    );
    const el = await widget();
    type(el, 'blk 1');
    await until(() => options(el).length > 0, 'suggestion');
    expect($(el, '[role="option"] img')).to.equal(null);
    expect(options(el)[0].textContent).to.contain('<img src=x');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('renders the dark theme', async () => {
    const el = await widget({ theme: 'dark' });
    await expect(el).to.be.accessible();
    expect(getComputedStyle($(el, '.panel')!).backgroundColor).to.equal('rgb(21, 27, 34)');
  });
});
