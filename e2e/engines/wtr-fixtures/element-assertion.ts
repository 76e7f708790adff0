// Fails on purpose, for wtr-test-page.test.ts: an assertion about a DOM element, which the runner could not report.
import { expect } from '@open-wc/testing';

describe('a failed assertion about an element', () => {
  it('is reported, not lost', () => {
    const select = document.createElement('select');
    select.append(new Option('4-room'));
    expect(select).to.equal(undefined);
  });
});
