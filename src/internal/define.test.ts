import { expect } from '@open-wc/testing';
import { defineOnce } from './define.js';

describe('defineOnce', () => {
  it('lets two copies of the widget meet on one page', () => {
    class First extends HTMLElement {}
    class Second extends HTMLElement {}
    defineOnce('sv-define-once-test', First);
    expect(() => defineOnce('sv-define-once-test', Second)).not.to.throw();
    expect(customElements.get('sv-define-once-test')).to.equal(First);
  });
});
