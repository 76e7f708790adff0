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
    expect(check(null)).to.equal('$: type object');
    expect(check({ query: 'x' })).to.equal('$.suggestions: required');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, kind: 'castle' }] })).to.equal('$.suggestions[0].kind: enum address,postal_code,condo');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, postalCode: '56010' }] })).to.equal('$.suggestions[0].postalCode: pattern ^[0-9]{6}$');
    expect(check({ query: 'x', suggestions: Array(9).fill(suggestion) })).to.equal('$.suggestions: maxItems 8');
    expect(check({ query: 'x', suggestions: [{ ...suggestion, text: 'x'.repeat(201) }] })).to.equal('$.suggestions[0].text: maxLength 200');
  });

  it('rejects numbers that are not finite, strings for numbers, and the wrong currency', () => {
    expect(findProblem('5', { type: 'number' }, schemas)).to.equal('$: type number');
    expect(findProblem(1.5, { type: 'integer' }, schemas)).to.equal('$: type integer');
    expect(findProblem(Number.NaN, { type: 'number' }, schemas)).to.equal('$: type number');
    expect(findProblem('USD', schemas.Estimate.properties!.currency, schemas)).to.equal('$: const SGD');
  });
});
