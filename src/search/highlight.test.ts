import { expect } from '@open-wc/testing';
import { highlight } from './highlight.js';

const marked = (text: string, query: string) =>
  highlight(text, query)
    .map((s) => (s.match ? `[${s.text}]` : s.text))
    .join('');

describe('highlight', () => {
  it('marks the query words where words start', () => {
    expect(marked('Blk 102 Ang Mo Kio Avenue 3', 'ang mo ave')).to.equal('Blk 102 [Ang] [Mo] Kio [Ave]nue 3');
    expect(marked('Parc Esta', 'ESTA')).to.equal('Parc [Esta]');
  });

  it('does not mark inside words', () => {
    expect(marked('Compassvale Road', 'vale')).to.equal('Compassvale Road');
  });

  it('keeps markup as text', () => {
    expect(marked('<b>Blk</b> 1', 'blk')).to.equal('<b>[Blk]</b> 1');
  });

  it('returns the text whole when the query has no words', () => {
    expect(highlight('Blk 1', '  ')).to.deep.equal([{ text: 'Blk 1', match: false }]);
  });
});
