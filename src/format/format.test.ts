import { expect } from '@open-wc/testing';
import { formatDate, formatDistance, formatMoney, formatPsf, formatSqft, formatSqm } from './format.js';

describe('format', () => {
  it('writes Singapore dollars unambiguously', () => {
    expect(formatMoney(574000)).to.equal('S$574,000');
    expect(formatMoney(3250.4)).to.equal('S$3,250');
    expect(formatMoney(0)).to.equal('S$0');
  });

  it('converts areas and prices per area', () => {
    expect(formatSqm(93)).to.equal('93 m²');
    expect(formatSqft(93)).to.equal('1,001 sq ft');
    expect(formatPsf(6172)).to.equal('S$573 psf');
  });

  it('reads contract dates as calendar days in any time zone', () => {
    expect(formatDate('2026-10-31')).to.equal('31 Oct 2026');
    expect(formatDate('2026-01-01')).to.equal('1 Jan 2026');
  });

  it('writes distances in metres, then kilometres', () => {
    expect(formatDistance(0)).to.equal('0 m');
    expect(formatDistance(720)).to.equal('720 m');
    expect(formatDistance(1240)).to.equal('1.2 km');
  });
});
