import { expect } from '@open-wc/testing';
import * as problemIn from './generated/checks.js';
import { array, number, object, oneOf, string } from './validate.js';

const suggestion = { id: 'hdb-560102', kind: 'address', text: 'Blk 102', secondaryText: '', postalCode: '560102', matches: [] };

describe('the answer checks generated from the contract', () => {
  it('accept an answer that follows the contract', () => {
    expect(problemIn.SuggestionList({ query: 'amk', suggestions: [suggestion] })).to.equal(undefined);
  });

  it('name the first thing that breaks it, in JSON Schema\u2019s words', () => {
    const check = problemIn.SuggestionList;
    expect(check(null)).to.equal('$: type object');
    expect(check([])).to.equal('$: type object');
    expect(check({ query: 'x' })).to.equal('$.suggestions: required');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, kind: 'castle' }] })).to.equal('$.suggestions[0].kind: enum address,postal_code,condo');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, postalCode: '56010' }] })).to.equal('$.suggestions[0].postalCode: pattern ^[0-9]{6}$');
    expect(check({ query: 'x', suggestions: Array(9).fill(suggestion) })).to.equal('$.suggestions: maxItems 8');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, text: 'x'.repeat(201) }] })).to.equal('$.suggestions[0].text: maxLength 200');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, text: '' }] })).to.equal('$.suggestions[0].text: minLength 1');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, matches: [{ offset: 0, length: 0 }] }] })).to.equal(
      '$.suggestions[0].matches[0].length: minimum 1',
    );
  });

  it('take only calendar days that exist, so every date renders', () => {
    expect(problemIn.CalendarDay('2026-10-31')).to.equal(undefined);
    for (const day of ['2026-13-01', '2026-00-10', '2026-10-32', '2026-1-01', '31/10/2026']) expect(problemIn.CalendarDay(day), day).to.match(/^\$: pattern /);
  });

  it('let an optional property be absent, but not wrong', () => {
    const property = { id: 'hdb-560102', address: 'Blk 102', postalCode: '560102', town: 'Ang Mo Kio', propertyType: 'hdb', unitType: '4-room', floorAreaSqm: 92 };
    expect(problemIn.Property(property)).to.equal(undefined);
    expect(problemIn.Property({ ...property, project: 7 })).to.equal('$.project: type string');
    const withoutTown: Record<string, unknown> = { ...property };
    delete withoutTown.town;
    expect(problemIn.Property(withoutTown)).to.equal('$.town: required');
  });

  it('reject numbers that are not finite, strings for numbers, fractions for integers and the wrong currency', () => {
    expect(number()('5')).to.equal('$: type number');
    expect(number()(Number.NaN)).to.equal('$: type number');
    expect(number()(Infinity)).to.equal('$: type number');
    expect(number(0, 200, 'integer')(1.5)).to.equal('$: type integer');
    expect(number(0, 10)(11)).to.equal('$: maximum 10');
    expect(oneOf(['SGD'], 'const')('USD')).to.equal('$: const SGD');
    expect(problemIn.Estimate({})).to.equal('$.mode: required');
  });

  it('are built from small parts that report paths', () => {
    const check = object({ list: array(string(1), 1, 2) }, []);
    expect(check({ list: [] })).to.equal('$.list: minItems 1');
    expect(check({ list: ['a', ''] })).to.equal('$.list[1]: minLength 1');
    expect(check({ list: 'a' }, '$.answer')).to.equal('$.answer.list: type array');
  });
});
