import { expect } from '@open-wc/testing';
import { schemas } from './generated/schemas.js';
import { findProblem } from './validate.js';

const suggestion = { id: 'hdb-560102', kind: 'address', text: 'Blk 102', secondaryText: '', postalCode: '560102', matches: [] };

describe('findProblem', () => {
  it('accepts an answer that follows the contract', () => {
    expect(findProblem({ query: 'amk', suggestions: [suggestion] }, schemas.SuggestionList, schemas)).to.equal(undefined);
  });

  it('names the first thing that breaks it', () => {
    const check = (value: unknown) => findProblem(value, schemas.SuggestionList, schemas);
    expect(check(null)).to.equal('$: expected an object');
    expect(check({ query: 'x' })).to.equal('$.suggestions: missing');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, kind: 'castle' }] })).to.match(/^\$\.suggestions\[0\]\.kind: not one of/);
    expect(check({ query: 'x', suggestions: [{ ...suggestion, postalCode: '56010' }] })).to.match(/postalCode: does not match/);
    expect(check({ query: 'x', suggestions: Array(9).fill(suggestion) })).to.equal('$.suggestions: more than 8 items');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, text: 'x'.repeat(201) }] })).to.equal('$.suggestions[0].text: too long');
  });

  it('rejects numbers that are not finite and the wrong currency', () => {
    expect(findProblem(Number.NaN, { type: 'number' }, schemas)).to.equal('$: expected a number');
    expect(findProblem('USD', schemas.Estimate.properties!.currency, schemas)).to.equal('$: expected SGD');
  });
});
