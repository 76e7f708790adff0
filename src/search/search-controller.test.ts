import { expect } from '@open-wc/testing';
import type { ReactiveControllerHost } from 'lit';
import type { WidgetClient } from '../api/client.js';
import type { Suggestion, SuggestionList } from '../api/types.js';
import { DEBOUNCE_MS, SearchController } from './search-controller.js';

/** A client whose answers the test releases by hand, and which ignores aborts (as a patched fetch might). */
function handClient() {
  const pending = new Map<string, (list: SuggestionList) => void>();
  const client = {
    suggest: (q: string) => new Promise<SuggestionList>((resolve) => pending.set(q, resolve)),
    estimate: () => Promise.reject(new Error('not used')),
  } as unknown as WidgetClient;
  const answer = (q: string, text: string) => {
    const suggestion: Suggestion = {
      id: 'x',
      kind: 'address',
      text,
      secondaryText: '',
      postalCode: '123456',
      matches: [],
    };
    pending.get(q)?.({ query: q, suggestions: [suggestion] });
  };
  return { client, pending, answer };
}

const host = {
  addController() {},
  requestUpdate() {},
  removeController() {},
  updateComplete: Promise.resolve(true),
} as unknown as ReactiveControllerHost & HTMLElement;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SearchController', () => {
  it('drops an answer to an older query even when it arrives last', async () => {
    const { client, pending, answer } = handClient();
    const search = new SearchController(host, () => client);
    search.input('bishan');
    await wait(DEBOUNCE_MS + 20);
    search.input('toa payoh');
    await wait(DEBOUNCE_MS + 20);
    expect([...pending.keys()]).to.deep.equal(['bishan', 'toa payoh']);
    answer('toa payoh', 'Blk 101 Lorong 1 Toa Payoh');
    await wait(0);
    answer('bishan', 'Blk 100 Bishan Street 13');
    await wait(0);
    expect(search.suggestions.map((s) => s.text)).to.deep.equal(['Blk 101 Lorong 1 Toa Payoh']);
    expect(search.answeredQuery).to.equal('toa payoh');
  });

  it('asks at once for a complete postal code', async () => {
    const { client, pending } = handClient();
    const search = new SearchController(host, () => client);
    search.input('560 102');
    expect([...pending.keys()]).to.deep.equal(['560 102']);
  });

  it('forgets pending work when its element leaves the page', async () => {
    const { client, pending } = handClient();
    const search = new SearchController(host, () => client);
    search.input('bishan');
    search.hostDisconnected();
    await wait(DEBOUNCE_MS + 20);
    expect(pending.size).to.equal(0);
  });
});
