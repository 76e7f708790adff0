import { expect } from '@open-wc/testing';
import { delay, http } from 'msw';
import { sandboxHandlers } from '../../service/sandbox/in-page-host.js';
import { sentRequests, useSandbox } from '../test/sandbox-worker.js';
import { DEBOUNCE_MS } from './search-controller.js';
import { $, input, options, press, text, type, until, widget } from '../test/widget-fixture.js';

const active = (el: Awaited<ReturnType<typeof widget>>) => input(el).getAttribute('aria-activedescendant');
const liveRegion = (el: Awaited<ReturnType<typeof widget>>) => $(el, '[role="status"]')!.textContent!.trim();
const suggestionRequests = () => sentRequests().filter((u) => u.pathname.endsWith('/v1/suggestions'));

async function openList(query = 'amk ave 3') {
  const el = await widget();
  type(el, query);
  await until(() => options(el).length > 1, 'suggestions');
  return el;
}

describe('the address combobox', () => {
  beforeEach(() => useSandbox());

  it('moves through options with the arrows, wrapping; Home and End stay the input\u2019s own', async () => {
    const el = await openList();
    const ids = options(el).map((o) => o.id);
    press(el, 'ArrowDown');
    await el.updateComplete;
    expect(active(el)).to.equal(ids[0]);
    press(el, 'ArrowUp');
    await el.updateComplete;
    expect(active(el), 'up from the first wraps to the last').to.equal(ids[ids.length - 1]);
    expect(options(el).at(-1)!.getAttribute('aria-selected')).to.equal('true');
    press(el, 'Home');
    await el.updateComplete;
    expect(active(el), 'Home moves the caret, not the option').to.equal(ids[ids.length - 1]);
    expect(el.shadowRoot!.activeElement, 'focus stays in the input').to.equal(input(el));
  });

  it('closes on Escape, clears on a second Escape, reopens with Alt+Down', async () => {
    const el = await openList();
    press(el, 'Escape');
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    expect(input(el).value).to.equal('amk ave 3');
    press(el, 'ArrowDown', { altKey: true });
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    press(el, 'Escape');
    press(el, 'Escape');
    await el.updateComplete;
    expect(input(el).value).to.equal('');
  });

  it('never chooses on Tab', async () => {
    const el = await openList();
    press(el, 'ArrowDown');
    press(el, 'Tab');
    input(el).dispatchEvent(new FocusEvent('blur', { relatedTarget: $(el, 'input[type="radio"]') }));
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    expect($(el, '.estimate')).to.equal(null);
    expect(sentRequests().some((u) => u.pathname.endsWith('/v1/estimates'))).to.equal(false);
  });

  it('announces how many results there are, or none', async () => {
    const el = await openList();
    expect(options(el).length).to.be.above(1);
    expect(liveRegion(el)).to.equal(`${options(el).length} suggestions. Use the up and down arrows to choose.`);
    type(el, 'sandbox empty');
    await until(() => liveRegion(el).startsWith('No matches'), 'no matches announced');
  });

  it('puts the list in the top layer, so no ancestor can clip it', async () => {
    const el = await openList();
    expect($(el, '.popup')!.matches(':popover-open')).to.equal(true);
    const listbox = $(el, '[role="listbox"]')!.getBoundingClientRect();
    const field = input(el).getBoundingClientRect();
    expect(listbox.top).to.be.at.least(field.bottom);
  });

  it('stays open on a click inside the widget and closes on a click outside', async () => {
    const el = await openList();
    $(el, 'h2')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    input(el).dispatchEvent(new FocusEvent('blur', { relatedTarget: null }));
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
  });

  it('sends one request per pause in typing, not one per key', async () => {
    const el = await widget();
    // Keys 40 ms apart: time for a request per key to reach the mock (Firefox drops one aborted sooner),
    // far from the pause that sends one. A burst the machine stalled in proves nothing: typed again.
    let from = 0;
    for (let stalled = true; stalled;) {
      type(el, '');
      await new Promise((r) => setTimeout(r, 100));
      from = suggestionRequests().length;
      stalled = false;
      for (const partial of ['am', 'amk', 'amk ', 'amk a', 'amk av', 'amk ave']) {
        const typedAt = performance.now();
        type(el, partial);
        await new Promise((r) => setTimeout(r, 40));
        stalled ||= performance.now() - typedAt > DEBOUNCE_MS / 2;
      }
    }
    await until(() => options(el).length > 0, 'suggestions');
    expect(
      suggestionRequests()
        .slice(from)
        .map((u) => u.searchParams.get('q')),
    ).to.deep.equal(['amk ave']);
  });

  it('aborts the previous request and never shows an answer to an older query', async () => {
    await useSandbox(
      http.get('*/v1/suggestions', async ({ request }) => {
        if (new URL(request.url).searchParams.get('q') === 'bishan') await delay(700);
      }),
      ...(await sandboxHandlers()),
    );
    const el = await widget();
    type(el, 'bishan');
    await until(() => suggestionRequests().length === 1, 'first request sent');
    type(el, 'toa payoh');
    await until(() => options(el).length > 0, 'suggestions for the latest query');
    await new Promise((r) => setTimeout(r, 900));
    expect(options(el)[0].textContent).to.contain('Toa Payoh');
    expect(text(el)).not.to.contain('Bishan');
  });

  it('answers a repeated query from memory', async () => {
    const el = await openList('bishan st 13');
    type(el, 'bishan st');
    await until(() => suggestionRequests().length === 2, 'second query');
    await until(() => options(el)[0]?.textContent?.includes('Bishan Street'), 'second answer');
    type(el, 'bishan st 13');
    await until(() => options(el).every((o) => o.textContent!.includes('Bishan Street 13')), 'cached answer');
    expect(suggestionRequests()).to.have.length(2);
  });

  it('sends nothing while an input method is composing', async () => {
    const el = await widget();
    const field = input(el);
    field.focus();
    field.value = '宏茂桥';
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, isComposing: true }));
    await new Promise((r) => setTimeout(r, 400));
    expect(suggestionRequests()).to.have.length(0);
    field.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, composed: true, data: '宏茂桥' }));
    await until(() => suggestionRequests().length === 1, 'request after composition');
  });

  it('caps what the visitor can type', async () => {
    const el = await widget();
    expect(input(el).maxLength).to.equal(100);
    type(el, `amk ${'x'.repeat(300)}`);
    await until(() => suggestionRequests().length === 1, 'request');
    expect(suggestionRequests()[0].searchParams.get('q')!.length).to.equal(100);
  });

  it('shows a loading indicator only when the answer is slow', async () => {
    const el = await widget();
    type(el, 'amk ave 3');
    await until(() => options(el).length > 0, 'fast answer');
    expect($(el, '.spinner')).to.equal(null);
    type(el, 'sandbox slow');
    await until(() => $(el, '.spinner'), 'spinner for a slow answer', 2000);
    await until(() => options(el).length > 0 && !$(el, '.spinner'), 'slow answer', 5000);
  });

  it('is built for touch: a 16px input and 44px targets', async () => {
    const el = await openList();
    expect(parseFloat(getComputedStyle(input(el)).fontSize)).to.be.at.least(16);
    expect(input(el).getBoundingClientRect().height).to.be.at.least(44);
    for (const option of options(el)) expect(option.getBoundingClientRect().height).to.be.at.least(44);
    expect(input(el).getAttribute('enterkeyhint')).to.equal('search');
  });
});
