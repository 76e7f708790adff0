import { expect } from '@open-wc/testing';
import en from './en.js';
import { formatArea, formatPricePerArea, loadWords, resolveLanguage, useWords, type Words } from './words.js';

const translation = async (language: 'zh' | 'ms' | 'ta') => loadWords(language, location.href) as Promise<Words>;

describe('words', () => {
  afterEach(() => useWords(en));

  it('resolves data-lang to a language the widget speaks, English otherwise', () => {
    expect(resolveLanguage('')).to.equal('en');
    expect(resolveLanguage('zh')).to.equal('zh');
    expect(resolveLanguage(' ZH-sg ')).to.equal('zh');
    expect(resolveLanguage('zh-Hans-SG')).to.equal('zh');
    expect(resolveLanguage('zh-TW')).to.equal('en');
    expect(resolveLanguage('zh-Hant')).to.equal('en');
    expect(resolveLanguage('zh_TW')).to.equal('en');
    expect(resolveLanguage('ms_SG')).to.equal('ms');
    expect(resolveLanguage('ta')).to.equal('ta');
    expect(resolveLanguage('fr')).to.equal('en');
    for (const hostile of [
      'constructor',
      '__proto__',
      'toString',
      'valueOf',
      'hasOwnProperty',
      '<b>x</b>',
      'auto-zh',
    ]) {
      expect(resolveLanguage(hostile), hostile).to.equal('en');
    }
  });

  it("reads auto from the page's <html lang>", () => {
    expect(resolveLanguage('auto', 'ta-SG')).to.equal('ta');
    expect(resolveLanguage('AUTO', 'ms')).to.equal('ms');
    expect(resolveLanguage('auto', 'de')).to.equal('en');
    expect(resolveLanguage('auto', '')).to.equal('en');
    expect(resolveLanguage('auto', 'auto')).to.equal('en');
  });

  it('has English at once and each translation as a file of its own, with every word', async () => {
    expect(loadWords('en', location.href)).to.equal(en);
    for (const language of ['zh', 'ms', 'ta'] as const) {
      const words = await translation(language);
      expect(words.lang).to.equal(language);
      expect(Object.keys(words).sort(), language).to.deep.equal(Object.keys(en).sort());
      // Every sentence is the language's own, not English left behind.
      for (const key of ['title', 'searchLabel', 'disclaimer', 'tryAgain', 'notSetUp', 'offline'] as const) {
        expect(words[key], `${language} ${key}`).not.to.equal(en[key]);
      }
      expect(words.estimateHeading('rent')).not.to.equal(en.estimateHeading('rent'));
    }
  });

  it("writes areas and prices per area in the words of the panel's language", async () => {
    expect(formatArea(93, 'sqft')).to.equal('1,001 sq ft');
    expect(formatArea(93, 'sqm')).to.equal('93 m²');
    expect(formatPricePerArea(6172, 'sqft')).to.equal('S$573 psf');
    expect(formatPricePerArea(6172, 'sqm')).to.equal('S$6,172 psm');
    useWords(await translation('zh'));
    expect(formatArea(93, 'sqft')).to.equal('1,001 平方英尺');
    expect(formatPricePerArea(6172, 'sqft')).to.equal('S$573 每平方英尺');
  });

  it('writes dates as each language writes them in Singapore', async () => {
    const [zh, ms, ta] = await Promise.all([translation('zh'), translation('ms'), translation('ta')]);
    expect(en.date('2026-10-31')).to.equal('31 Oct 2026');
    expect(zh.date('2026-10-31')).to.equal('2026年10月31日');
    expect(zh.month('2026-10-31')).to.equal('2026年10月');
    expect(ms.date('2026-10-31')).to.equal('31 Okt 2026');
    expect(ta.month('2026-10-01')).to.equal(
      new Intl.DateTimeFormat('ta-SG', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date('2026-10-01T00:00:00Z'),
      ),
    );
  });
});
