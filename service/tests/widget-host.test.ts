import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as problemIn from '../../src/api/generated/checks.js';
import { sandboxFileTexts, SANDBOX_START_WORLD } from '../sandbox/official-files/sandbox-text.js';
import { sandboxEngineData } from '../sandbox/sandbox-homes.js';
import { towns } from '../sandbox/fixtures/places.js';
import { DEBOUNCE_MS } from '../../src/search/search-controller.js';
import { DAILY_LIMITS, SUGGESTION_LIMITS } from '../core/metering/limits.js';
import { SANDBOX_MAGIC } from '../sandbox/magic.js';
import { createWidgetHost } from '../surfaces/widget-host/host.js';
import { visitorMessage } from '../core/estimates/service-words.js';

const DAILY_ESTIMATE_QUOTA = DAILY_LIMITS.widget_estimate;
import type { Estimate } from '../../src/api/types.js';

const ORIGIN = 'https://site.example';
const KEY = 'svce_test_hostunit00000000001';
const data = await sandboxEngineData();
const fixtures = data.homes;

function host(now = () => new Date('2026-11-22T10:00:00Z')) {
  return createWidgetHost({
    keys: [{ key: KEY, origins: [ORIGIN] }],
    serviceUrl: 'https://service.example/',
    now,
    data,
    magic: SANDBOX_MAGIC,
  });
}
const get = (h: ReturnType<typeof host>, path: string, origin: string | null = ORIGIN, clientAddress = '203.0.113.7') =>
  h.handle({ method: 'GET', url: new URL(`https://host.example${path}`), origin, clientAddress });

describe('sandbox widget host', () => {
  it('builds the same world from the same seed, covering every HDB town, with postal codes where OneMap has them', () => {
    const again = sandboxFileTexts(SANDBOX_START_WORLD).files;
    expect(again.map((f) => f.text)).to.deep.equal(sandboxFileTexts(SANDBOX_START_WORLD).files.map((f) => f.text));
    const fixtureTowns = new Set(fixtures.properties.filter((p) => p.propertyType === 'hdb').map((p) => p.town));
    expect(fixtureTowns.size).to.equal(towns.length);
    expect(towns.length).to.equal(27);
    const withPostal = (type: string) =>
      fixtures.properties.filter((p) => p.propertyType === type && /^[0-9]{6}$/.test(p.postalCode ?? '')).length /
      fixtures.properties.filter((p) => p.propertyType === type).length;
    // As an operator's OneMap file does, the sandbox's misses blocks: those are valued without places.
    expect(withPostal('hdb'), 'most HDB blocks are in OneMap, not all').to.be.within(0.6, 0.95);
    expect(withPostal('condo'), 'every condo project is in OneMap').to.equal(1);
    // URA names a landed house's street, never its number: a street has no one postal code.
    expect(fixtures.properties.filter((p) => p.propertyType === 'landed' && p.postalCode)).to.deep.equal([]);
  });

  it('answers suggestions and estimates that conform to the contract', async () => {
    const h = host();
    const list = await get(h, `/v1/suggestions?key=${KEY}&q=amk%20ave%203`);
    expect(list.status).to.equal(200);
    expect(problemIn.SuggestionList(list.body)).to.equal(undefined);
    const id = (list.body as { suggestions: { id: string }[] }).suggestions[0].id;
    for (const mode of ['sale', 'rent']) {
      const estimate = await get(h, `/v1/estimates?key=${KEY}&id=${id}&mode=${mode}`);
      expect(estimate.status).to.equal(200);
      expect(problemIn.Estimate(estimate.body)).to.equal(undefined);
    }
  });

  it('words the attribution and the disclaimer in the language asked for, and nothing else changes', async () => {
    const h = host();
    const english = await get(h, `/v1/estimates?key=${KEY}&id=hdb-560102-4-room&mode=rent`);
    expect(english.headers['Content-Language']).to.equal('en');
    for (const [lang, word] of [
      ['zh', '估价'],
      ['ms', 'Anggaran'],
      ['ta', 'மதிப்பீடு'],
    ]) {
      const answer = await get(h, `/v1/estimates?key=${KEY}&id=hdb-560102-4-room&mode=rent&lang=${lang}`);
      expect(answer.status).to.equal(200);
      expect(answer.headers['Content-Language']).to.equal(lang);
      expect(problemIn.Estimate(answer.body)).to.equal(undefined);
      const translated = answer.body as Estimate;
      const original = english.body as Estimate;
      expect(translated.attribution.text).to.contain(word).and.contain('Service Valuations');
      expect(translated.disclaimer).to.not.equal(original.disclaimer);
      // Everything else, figures and the attribution's link included, is the English answer's.
      expect({ ...translated, attribution: { ...translated.attribution, text: '' }, disclaimer: '' }).to.deep.equal({
        ...original,
        attribution: { ...original.attribution, text: '' },
        disclaimer: '',
      });
    }
    for (const lang of ['fr', 'ZH', '', 'zh-SG', '<b>']) {
      const refused = await get(h, `/v1/estimates?key=${KEY}&id=hdb-560102-4-room&lang=${encodeURIComponent(lang)}`);
      expect(refused.status, lang).to.equal(400);
      expect((refused.body as { code: string }).code).to.equal('invalid_request');
    }
  });

  it('words every refusal for the visitor in the language asked for, and for the site owner in English', async () => {
    const h = host();
    for (const [lang, word] of [
      ['en', 'not found'],
      ['zh', '找不到'],
      ['ms', 'tidak dapat menemui'],
      ['ta', 'காண முடியவில்லை'],
    ]) {
      const refused = await get(h, `/v1/estimates?key=${KEY}&id=hdb-999999&lang=${lang}`);
      const body = refused.body as { code: string; message: string; visitorMessage: string };
      expect(problemIn.Error(body), lang).to.equal(undefined);
      expect(body.code).to.equal('not_found');
      expect(refused.headers['Content-Language']).to.equal(lang);
      if (lang !== 'en') expect(body.visitorMessage, lang).to.contain(word);
      expect(body.message).to.contain('No property has the id');
    }
    const suggestions = await get(h, `/v1/suggestions?key=svce_test_unknown000000000000&q=amk&lang=zh`);
    expect((suggestions.body as { visitorMessage: string }).visitorMessage).to.equal(
      '此估价工具尚未设置好，请告知网站管理员。',
    );
    const badLang = await get(h, `/v1/suggestions?key=${KEY}&q=amk&lang=xx`);
    expect(badLang.status).to.equal(400);
    expect(
      (badLang.body as { visitorMessage: string }).visitorMessage,
      'a language it does not speak gets English',
    ).to.contain('That search could not be used');
  });

  it('writes areas in suggestions in the unit the estimate starts in (sq ft), never m² beside sq ft', async () => {
    const answer = await get(host(), `/v1/suggestions?key=${KEY}&q=parc+esta`);
    const { suggestions } = answer.body as { suggestions: { kind: string; secondaryText: string }[] };
    const condos = suggestions.filter((s) => s.kind === 'condo');
    expect(condos.length).to.be.greaterThan(0);
    for (const s of condos) expect(s.secondaryText).to.match(/, [\d,]+ sq ft$/);
    // The visitor's choice of square metres, sent as unit=sqm, writes them in m².
    const metric = await get(host(), `/v1/suggestions?key=${KEY}&q=parc+esta&unit=sqm`);
    const inMetres = (metric.body as { suggestions: { kind: string; secondaryText: string }[] }).suggestions;
    for (const s of inMetres.filter((x) => x.kind === 'condo')) expect(s.secondaryText).to.match(/, [\d,]+ m²$/);
    const wrong = await get(host(), `/v1/suggestions?key=${KEY}&q=parc+esta&unit=acres`);
    expect(wrong.status).to.equal(400);
    expect((wrong.body as { message: string }).message).to.equal('unit must be sqft or sqm.');
  });

  it('words a suggestion as its estimate will be worded: the property and unit types in the language asked for', async () => {
    const lineOf = async (lang: string, q = '560102') =>
      (
        (await get(host(), `/v1/suggestions?key=${KEY}&q=${q}&lang=${lang}`)).body as {
          suggestions: { secondaryText: string }[];
        }
      ).suggestions[0]!.secondaryText;
    expect(await lineOf('en')).to.equal('Ang Mo Kio · HDB 4-room · Singapore 560102');
    expect(await lineOf('zh')).to.equal('Ang Mo Kio · 组屋 4房式 · 新加坡 560102');
    expect(await lineOf('ms')).to.equal('Ang Mo Kio · HDB 4 bilik · Singapura 560102');
    expect(await lineOf('ta')).to.match(/^Ang Mo Kio · HDB 4 அறை · சிங்கப்பூர் 560102$/);
    expect(await lineOf('zh', 'parc+esta')).to.match(/ · \d卧室, [\d,]+ 平方英尺$/);
  });

  it("names the time zone of a quota's reset, in every language", () => {
    const reset = '2026-11-25T00:00:00.000Z';
    expect(visitorMessage('en', 'quota_exceeded', reset)).to.match(/after 25 Nov, 8:00 am SGT\.$/);
    for (const language of ['zh', 'ms', 'ta'] as const)
      expect(visitorMessage(language, 'quota_exceeded', reset), language).to.contain('SGT');
  });

  it('values a property from comparables that support the number', async () => {
    const estimate = (await get(host(), `/v1/estimates?key=${KEY}&id=hdb-560102-4-room`)).body as {
      value: number;
      low: number;
      high: number;
      property: { floorAreaSqm: number };
      comparables: { pricePerSqm: number; distanceM: number }[];
    };
    const psm = estimate.comparables.map((c) => c.pricePerSqm).sort((a, b) => a - b);
    const implied = estimate.value / estimate.property.floorAreaSqm;
    expect(implied).to.be.within(psm[0] * 0.9, psm[psm.length - 1] * 1.15);
    expect(estimate.low).to.be.below(estimate.value);
    expect(estimate.high).to.be.above(estimate.value);
    expect(Math.max(...estimate.comparables.map((c) => c.distanceM))).to.be.at.most(2500);
  });

  it('keeps an estimate 30 days from the day it was served', async () => {
    const estimate = (await get(host(), `/v1/estimates?key=${KEY}&id=hdb-560102-4-room`)).body as {
      retainUntil: string;
    };
    expect(estimate.retainUntil).to.equal('2026-12-22');
  });

  it('counts 2,000 estimates per key per UTC day from many visitors, then answers 429 with Retry-After', async () => {
    let now = new Date('2026-11-22T23:00:00Z');
    const h = host(() => now);
    const visitor = (i: number) => `198.51.${i >> 8}.${i & 255}`; // each well within one visitor's share
    for (let i = 0; i < DAILY_ESTIMATE_QUOTA; i++) {
      const ok = await get(h, `/v1/estimates?key=${KEY}&id=hdb-560102-4-room`, ORIGIN, visitor(i));
      if (ok.status !== 200) throw new Error(`estimate ${i + 1} answered ${ok.status}`);
    }
    const spent = await get(h, `/v1/estimates?key=${KEY}&id=hdb-560102-4-room`);
    expect(spent.status).to.equal(429);
    expect(spent.headers['Retry-After']).to.equal('3600');
    expect(spent.headers['RateLimit-Remaining']).to.equal('0');
    expect((spent.body as { code: string; resetAt: string }).resetAt).to.equal('2026-11-23T00:00:00.000Z');

    const suggestions = await get(h, `/v1/suggestions?key=${KEY}&q=amk`);
    expect(suggestions.status, 'suggestions do not count').to.equal(200);

    now = new Date('2026-11-23T00:00:01Z');
    expect((await get(h, `/v1/estimates?key=${KEY}&id=hdb-560102-4-room`)).status, 'a new UTC day').to.equal(200);
  });

  it('stops a scripted enumeration of suggestions, and never a person typing at any speed', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const h = host(() => now);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await get(h, `/v1/suggestions?key=${KEY}&q=${100000 + i}`)).status);
    expect(statuses.indexOf(429), 'the first refused request').to.equal(SUGGESTION_LIMITS.perAddress.burst);
    const refused = await get(h, `/v1/suggestions?key=${KEY}&q=560102`);
    expect((refused.body as { code: string }).code).to.equal('rate_limited');
    expect(Number(refused.headers['Retry-After'])).to.be.greaterThan(0);
    expect(problemIn.Error(refused.body)).to.equal(undefined);
    expect(
      (await get(h, `/v1/suggestions?key=${KEY}&q=560102`, ORIGIN, '198.51.100.2')).status,
      'another visitor',
    ).to.equal(200);

    // The widget asks at most once per pause of DEBOUNCE_MS: the fastest a person's typing can ask.
    // Ten minutes of that, from a fresh address, is never limited.
    for (let i = 0; i < (10 * 60_000) / DEBOUNCE_MS; i++) {
      now = new Date(now.getTime() + DEBOUNCE_MS);
      const answer = await get(h, `/v1/suggestions?key=${KEY}&q=amk`, ORIGIN, '192.0.2.44');
      if (answer.status !== 200) throw new Error(`request ${i + 1} of steady typing answered ${answer.status}`);
    }
  });

  it('says a live widget key works only on the live widget host', async () => {
    const answer = await get(host(), `/v1/suggestions?key=svce_live_abcdefghijklmnop1234&q=amk`);
    expect(answer.status).to.equal(401);
    expect((answer.body as { message: string }).message).to.contain('live keys work only on the live widget host');
  });

  it('matches origins exactly and echoes only an allowed one', async () => {
    const h = host();
    const ok = await get(h, `/v1/suggestions?key=${KEY}&q=amk`);
    expect(ok.headers['Access-Control-Allow-Origin']).to.equal(ORIGIN);
    expect(ok.headers.Vary).to.equal('Origin');
    for (const origin of [
      'http://site.example',
      'https://site.example:444',
      'https://evil.site.example',
      'null',
      null,
    ]) {
      const refused = await get(h, `/v1/suggestions?key=${KEY}&q=amk`, origin);
      expect(refused.status, String(origin)).to.equal(403);
      expect(refused.headers['Access-Control-Allow-Origin']).to.equal('*');
      expect(refused.headers.Vary).to.equal('Origin');
    }
  });

  it("lets the service's own pages preview any key by their fetch metadata, and nothing else without an Origin", async () => {
    const h = createWidgetHost({
      keys: [{ key: KEY, origins: [ORIGIN] }],
      serviceUrl: 'https://service.example/',
      previewOrigin: 'https://service.example',
      data,
    });
    const ask = (fetchSite: string | null) =>
      h.handle({
        method: 'GET',
        url: new URL(`https://service.example/v1/suggestions?key=${KEY}&q=amk`),
        origin: null,
        fetchSite,
        clientAddress: '203.0.113.9',
      });
    const preview = await ask('same-origin');
    expect(preview.status).to.equal(200);
    expect(preview.headers['Access-Control-Allow-Origin']).to.equal('https://service.example');
    for (const fetchSite of ['same-site', 'cross-site', 'none', null]) {
      expect((await ask(fetchSite)).status, String(fetchSite)).to.equal(403);
    }
    // A widget host without a preview origin (an in-page mock) has no pages of its own to trust.
    const noPreview = await host().handle({
      method: 'GET',
      url: new URL(`https://host.example/v1/suggestions?key=${KEY}&q=amk`),
      origin: null,
      fetchSite: 'same-origin',
    });
    expect(noPreview.status).to.equal(403);
  });

  it('names each error with a code from the contract', async () => {
    const h = host();
    const cases: [string, number, string][] = [
      [`/v1/suggestions?key=svce_test_nobody0000000000000&q=amk`, 401, 'invalid_key'],
      [`/v1/suggestions?key=svcp_live_secret0000000000000&q=amk`, 401, 'invalid_key'],
      [`/v1/suggestions?key=${KEY}&q=a`, 400, 'invalid_request'],
      [`/v1/estimates?key=${KEY}&id=hdb-000000`, 404, 'not_found'],
      [`/v1/estimates?key=${KEY}&id=hdb-560102-4-room&mode=lease`, 400, 'invalid_request'],
      [`/v1/estimates?key=${KEY}&id=sandbox-no-comparables`, 422, 'no_comparables'],
      [`/v1/estimates?key=${KEY}&id=sandbox-server-error`, 500, 'internal_error'],
    ];
    for (const [path, status, code] of cases) {
      const answer = await get(h, path);
      expect(answer.status, path).to.equal(status);
      expect(problemIn.Error(answer.body), path).to.equal(undefined);
      expect((answer.body as { code: string }).code, path).to.equal(code);
    }
  });
});
