import { expect, fixture } from '@open-wc/testing';
import type { ReactiveController } from 'lit';
import { html } from 'lit/html.js';
import { type Changed, LitHost, ReactiveState } from './lit-host.js';

class TestHost extends LitHost {
  static override styles = ':host { display: block; color: rgb(1, 2, 3); }';
  static override attributes = { 'data-name': 'name' };
  static {
    this.reactive('name', 'count');
  }
  declare name: string;
  declare count: number;
  renders = 0;
  seen: Changed[] = [];
  constructor() {
    super();
    this.name = '';
    this.count = 0;
  }
  protected override willUpdate(changed: Changed) {
    this.seen.push(new Map(changed));
    if (changed.has('name')) this.count = this.name.length; // joins this update
  }
  protected override render() {
    this.renders++;
    return html`<p>${this.name}:${this.count}</p>`;
  }
}
customElements.define('sv-lit-host-test', TestHost);

/** Fails its update whenever `name` becomes "boom"; its private state is a typed ReactiveState. */
class FragileHost extends LitHost {
  static {
    this.reactive('name');
    // @ts-expect-error A misspelled property is a type error, not a property that silently never updates.
    this.reactive('nmae');
  }
  declare name: string;
  readonly note = new ReactiveState(this, 'quiet');
  seen: Changed[] = [];
  constructor() {
    super();
    this.name = '';
  }
  protected override willUpdate(changed: Changed) {
    this.seen.push(new Map(changed));
    if (changed.has('name') && this.name === 'boom') throw new Error('boom');
  }
  protected override render() {
    return html`<p>${this.name}:${this.note.value}</p>`;
  }
}
customElements.define('sv-lit-host-fragile', FragileHost);

const text = (el: TestHost) => el.renderRoot.querySelector('p')?.textContent;

describe('LitHost', () => {
  it('draws for the first time in the task that connected it, as Lit does, so the first frame shows it', async () => {
    const el = document.createElement('sv-lit-host-test') as TestHost;
    let renderedInTask = -1;
    setTimeout(() => (renderedInTask = el.renders));
    document.body.append(el);
    expect(el.renders, 'not synchronously').to.equal(0);
    await el.updateComplete;
    expect(el.renders).to.equal(1);
    expect(renderedInTask, 'no later task ran first').to.equal(-1);
    expect(text(el)).to.equal(':0');
    el.remove();
  });

  it('renders its template with its styles in an open shadow root', async () => {
    const el = await fixture<TestHost>(html`<sv-lit-host-test data-name="ab"></sv-lit-host-test>`);
    await el.updateComplete;
    expect(text(el)).to.equal('ab:2');
    expect(getComputedStyle(el).color).to.equal('rgb(1, 2, 3)');
  });

  it('batches property changes into one update and reports the old values', async () => {
    const el = await fixture<TestHost>(html`<sv-lit-host-test></sv-lit-host-test>`);
    await el.updateComplete;
    const before = el.renders;
    el.name = 'x';
    el.name = 'xyz';
    el.count = 7;
    await el.updateComplete;
    expect(el.renders - before).to.equal(1);
    expect(el.seen.at(-1)?.get('name')).to.equal('');
    // willUpdate's own change is rendered in the same update, not a second one.
    expect(text(el)).to.equal('xyz:3');
  });

  it('does not update for an equal value', async () => {
    const el = await fixture<TestHost>(html`<sv-lit-host-test></sv-lit-host-test>`);
    await el.updateComplete;
    const before = el.renders;
    el.name = '';
    await el.updateComplete;
    expect(el.renders).to.equal(before);
  });

  it('turns a removed attribute into an empty string, never null', async () => {
    const el = await fixture<TestHost>(html`<sv-lit-host-test data-name="abc"></sv-lit-host-test>`);
    el.removeAttribute('data-name');
    await el.updateComplete;
    expect(el.name).to.equal('');
    expect(text(el)).to.equal(':0');
  });

  it('waits in updateComplete for an update requested while updating', async () => {
    const el = await fixture<TestHost>(html`<sv-lit-host-test></sv-lit-host-test>`);
    let asked = false;
    el.addController({
      hostUpdated() {
        if (asked) return;
        asked = true;
        el.name = 'again';
      },
    });
    el.count = 1;
    await el.updateComplete;
    expect(text(el)).to.equal('again:5');
  });

  it('forgets a failed update, as Lit does, so the next change updates again', async () => {
    const el = await fixture<FragileHost>(html`<sv-lit-host-fragile></sv-lit-host-fragile>`);
    el.name = 'boom';
    const failure = await el.updateComplete.then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).to.equal('boom');
    el.note.value = 'loud';
    await el.updateComplete;
    expect([...el.seen.at(-1)!.keys()]).to.deep.equal([]);
    expect(el.renderRoot.querySelector('p')?.textContent).to.equal('boom:loud');
  });

  it('updates for typed private state, and not for an equal value', async () => {
    const el = await fixture<FragileHost>(html`<sv-lit-host-fragile></sv-lit-host-fragile>`);
    const updates = el.seen.length;
    el.note.value = 'quiet';
    await el.updateComplete;
    expect(el.seen.length).to.equal(updates);
    el.note.value = 'loud';
    await el.updateComplete;
    expect(el.seen.length).to.equal(updates + 1);
    expect(el.renderRoot.querySelector('p')?.textContent).to.equal(':loud');
  });

  it('tells controllers when the host connects, updates and disconnects', async () => {
    const calls: string[] = [];
    const controller: ReactiveController = {
      hostConnected: () => calls.push('connected'),
      hostUpdate: () => calls.push('update'),
      hostUpdated: () => calls.push('updated'),
      hostDisconnected: () => calls.push('disconnected'),
    };
    const el = document.createElement('sv-lit-host-test') as TestHost;
    el.addController(controller);
    document.body.append(el);
    await el.updateComplete;
    el.remove();
    el.removeController(controller);
    document.body.append(el);
    el.remove();
    expect(calls).to.deep.equal(['connected', 'update', 'updated', 'disconnected']);
  });
});
