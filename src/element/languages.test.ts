import { expect } from '@open-wc/testing';
import { QUOTA_SPENT_KEY } from '../../service/sandbox/in-page-host.js';
import { sentRequests, useSandbox } from '../test/sandbox-worker.js';
import { $, input, searchAndChoose, text, until, widget } from '../test/widget-fixture.js';

const panelLang = (el: Awaited<ReturnType<typeof widget>>) => $(el, '.panel')?.getAttribute('lang');
const estimateRequests = () => sentRequests().filter((url) => url.pathname.endsWith('/v1/estimates'));

describe('the panel in four languages', () => {
  beforeEach(() => useSandbox());
  afterEach(() => document.documentElement.setAttribute('lang', 'en'));

  it('is English by default, at once, without fetching a language file', async () => {
    const el = await widget();
    expect(panelLang(el)).to.equal('en');
    expect(text(el)).to.contain('What is this home worth?');
    expect(performance.getEntriesByType('resource').some((r) => /\/words\/(zh|ms|ta)\./.test(r.name))).to.equal(false);
  });

  for (const [lang, title, heading, attribution] of [
    ['zh', '这套房子值多少？', '估计售价', 'Service Valuations 提供的估价'],
    ['ms', 'Berapakah nilai rumah ini?', 'Anggaran harga jualan', 'Anggaran oleh Service Valuations'],
    ['ta', 'இந்த வீட்டின் மதிப்பு என்ன?', 'மதிப்பிடப்பட்ட விற்பனை விலை', 'Service Valuations வழங்கும் மதிப்பீடு'],
  ] as const) {
    it(`speaks ${lang}: every label, the estimate, the service's words, with the panel's lang`, async () => {
      const el = await widget({ lang });
      await until(() => panelLang(el) === lang, `the ${lang} panel`);
      expect(text(el)).to.contain(title);
      expect(text(el), 'no English label left').not.to.contain('Search by address');
      await searchAndChoose(el, 'parc esta');
      expect($(el, '#sv-estimate-heading')!.textContent).to.equal(heading);
      expect(estimateRequests().at(-1)!.searchParams.get('lang')).to.equal(lang);
      expect($(el, '.attribution')!.textContent).to.contain(attribution);
      expect(text(el)).not.to.match(/\b(Sort by|Show all|Confidence|Based on|Transactions to)\b/);
      await expect(el).to.be.accessible();
    });
  }

  it("follows the page's <html lang> with auto, and English for a language it does not speak", async () => {
    document.documentElement.setAttribute('lang', 'ms-SG');
    const auto = await widget({ lang: 'auto' });
    await until(() => panelLang(auto) === 'ms', 'the Malay panel');
    const unknown = await widget({ lang: 'fr' });
    expect(panelLang(unknown)).to.equal('en');
    const hostile = await widget({ lang: 'constructor' });
    expect(panelLang(hostile)).to.equal('en');
  });

  it('switches language at run time, asking the service again for its words', async () => {
    const el = await widget({ lang: 'zh' });
    await until(() => panelLang(el) === 'zh', 'the Chinese panel');
    await searchAndChoose(el, 'parc esta');
    expect(input(el).value, 'the name as officially written').to.contain('Parc Esta');
    const asked = estimateRequests().length;
    el.setAttribute('data-lang', 'en');
    await until(
      () => panelLang(el) === 'en' && $(el, '#sv-estimate-heading')?.textContent === 'Estimated sale price',
      'the English estimate',
    );
    await until(() => estimateRequests().length === asked + 1, 'the estimate asked for in English');
    expect(estimateRequests().at(-1)!.searchParams.get('lang')).to.equal('en');
    await until(() => !$(el, '.attribution')!.textContent!.includes('提供'), 'the English attribution');
  });

  it("shows the host's refusal in the visitor's language", async () => {
    const el = await widget({ key: QUOTA_SPENT_KEY, lang: 'zh' });
    await until(() => panelLang(el) === 'zh', 'the Chinese panel');
    await searchAndChoose(el, 'parc esta');
    expect($(el, '[part="estimate-error"]')!.textContent).to.contain('免费估价次数已用完');
  });
});
