import { expect } from '@open-wc/testing';
import * as problemIn from './generated/checks.js';
import { array, number, object, oneOf, string } from './validate.js';

const suggestion = {
  id: 'hdb-560102-4-room',
  kind: 'address',
  text: 'Blk 102',
  secondaryText: '',
  postalCode: '560102',
  matches: [],
};

describe('the answer checks generated from the contract', () => {
  it('accept an answer that follows the contract', () => {
    expect(problemIn.SuggestionList({ query: 'amk', suggestions: [suggestion] })).to.equal(undefined);
  });

  it('name the path of the first value that breaks it', () => {
    const check = problemIn.SuggestionList;
    expect(check(null)).to.equal('$');
    expect(check([])).to.equal('$');
    expect(check({ query: 'x' })).to.equal('$.suggestions');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, kind: 'castle' }] })).to.equal('$.suggestions[0].kind');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, postalCode: '56010' }] })).to.equal(
      '$.suggestions[0].postalCode',
    );
    expect(check({ query: 'x', suggestions: Array(9).fill(suggestion) })).to.equal('$.suggestions');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, text: 'x'.repeat(201) }] })).to.equal(
      '$.suggestions[0].text',
    );
    expect(check({ query: 'x', suggestions: [{ ...suggestion, text: '' }] })).to.equal('$.suggestions[0].text');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, matches: [{ offset: 0, length: 0 }] }] })).to.equal(
      '$.suggestions[0].matches[0].length',
    );
  });

  it('take only calendar days that exist, so every date renders', () => {
    expect(problemIn.CalendarDay('2026-10-31')).to.equal(undefined);
    for (const day of ['2026-13-01', '2026-00-10', '2026-10-32', '2026-1-01', '31/10/2026'])
      expect(problemIn.CalendarDay(day), day).to.equal('$');
  });

  it('let an optional property be absent, but not wrong', () => {
    const property = {
      id: 'hdb-560102-4-room',
      address: 'Blk 102',
      postalCode: '560102',
      town: 'Ang Mo Kio',
      propertyType: 'hdb',
      unitType: '4-room',
      floorAreaSqm: 92,
      typicalFloorAreaSqm: 92,
      unitTypes: [{ id: 'hdb-560102-4-room', unitType: '4-room' }],
    };
    expect(problemIn.Property(property)).to.equal(undefined);
    expect(problemIn.Property({ ...property, unitTypes: [] }), 'the home is one of its kinds').to.equal('$.unitTypes');
    expect(problemIn.Property({ ...property, unitTypes: [{ id: 7, unitType: '4-room' }] })).to.equal(
      '$.unitTypes[0].id',
    );
    expect(problemIn.Property({ ...property, project: 7 })).to.equal('$.project');
    const withoutTown: Record<string, unknown> = { ...property };
    delete withoutTown.town;
    expect(problemIn.Property(withoutTown)).to.equal('$.town');
  });

  it('reject numbers that are not finite or out of range, strings for numbers, fractions for integers and the wrong currency', () => {
    expect(number()('5')).to.equal('$');
    expect(number()(Number.NaN)).to.equal('$');
    expect(number()(Infinity)).to.equal('$');
    expect(number(0, 200, 'integer')(1.5)).to.equal('$');
    expect(number(0, 10)(11)).to.equal('$');
    expect(oneOf(['SGD'])('USD')).to.equal('$');
    expect(problemIn.Estimate({})).to.equal('$.mode');
  });

  it('are built from small parts that report paths', () => {
    const check = object({ list: array(string(1), 1, 2) }, []);
    expect(check({ list: [] })).to.equal('$.list');
    expect(check({ list: ['a', ''] })).to.equal('$.list[1]');
    expect(check({ list: 'a' }, '$.answer')).to.equal('$.answer.list');
  });
});
