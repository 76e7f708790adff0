import { expect } from '@open-wc/testing';
import { matchRanges } from '../../service/core/estimates/search.js';
import { highlight } from './highlight.js';

const marked = (text: string, ranges: { offset: number; length: number }[]) =>
  highlight(text, ranges)
    .map((s) => (s.match ? `[${s.text}]` : s.text))
    .join('');

describe('highlight', () => {
  it('marks the ranges the host matched', () => {
    expect(
      marked('Blk 102 Ang Mo Kio Avenue 3', [
        { offset: 8, length: 3 },
        { offset: 19, length: 6 },
      ]),
    ).to.equal('Blk 102 [Ang] Mo Kio [Avenue] 3');
  });

  it('ignores ranges that overlap, run past the text or come out of order', () => {
    expect(
      marked('Parc Esta', [
        { offset: 5, length: 4 },
        { offset: 0, length: 4 },
        { offset: 2, length: 4 },
        { offset: 7, length: 9 },
      ]),
    ).to.equal('[Parc] [Esta]');
  });

  it('keeps markup as text', () => {
    expect(marked('<b>Blk</b> 1', [{ offset: 3, length: 3 }])).to.equal('<b>[Blk]</b> 1');
  });

  it('returns the text whole when nothing matched', () => {
    expect(highlight('Blk 1', [])).to.deep.equal([{ text: 'Blk 1', match: false }]);
  });
});

describe('the sandbox host\u2019s match ranges', () => {
  it('expand abbreviations, so amk ave marks Ang Mo Kio Avenue', () => {
    const text = 'Blk 102 Ang Mo Kio Avenue 3';
    expect(marked(text, matchRanges(text, ['ang', 'mo', 'kio', 'avenue']))).to.equal(
      'Blk 102 [Ang] [Mo] [Kio] [Avenue] 3',
    );
  });

  it('match at word starts only', () => {
    expect(marked('Compassvale Road', matchRanges('Compassvale Road', ['vale']))).to.equal('Compassvale Road');
  });
});
