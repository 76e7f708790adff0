import { expect } from '@open-wc/testing';
import manifest from '../../custom-elements.json' with { type: 'json' };
import { FORWARDED_ATTRIBUTES, PUBLIC_ATTRIBUTES } from './attributes.js';

describe('the public attribute list', () => {
  it('is what custom-elements.json documents on the element, no more and no less', () => {
    type Declaration = { tagName?: string; attributes?: { name: string }[] };
    const declarations = (manifest.modules as { declarations?: Declaration[] }[]).flatMap((m) => m.declarations ?? []);
    const element = declarations.find((d) => d.tagName === 'service-valuation');
    expect((element?.attributes ?? []).map((a) => a.name).sort()).to.deep.equal([...PUBLIC_ATTRIBUTES].sort());
  });

  it('forwards every attribute from the container but the widget host, which the loader sets', () => {
    expect(
      PUBLIC_ATTRIBUTES.filter((name) => !(FORWARDED_ATTRIBUTES as readonly string[]).includes(name)),
    ).to.deep.equal(['data-api-base']);
  });
});
