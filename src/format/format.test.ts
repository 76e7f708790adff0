import { expect } from '@open-wc/testing';
import { formatDate, formatDistance, formatMoney, formatMonth, formatPerAreaAmount } from './format.js';

describe('format', () => {
  it('writes Singapore dollars unambiguously', () => {
    expect(formatMoney(574000)).to.equal('S$574,000');
    expect(formatMoney(3250.4)).to.equal('S$3,250');
    expect(formatMoney(0)).to.equal('S$0');
  });

  it('reads contract dates as calendar days in any time zone', () => {
    expect(formatDate('2026-10-31')).to.equal('31 Oct 2026');
    expect(formatDate('2026-01-01')).to.equal('1 Jan 2026');
    expect(formatMonth('2026-01-01')).to.equal('Jan 2026');
  });

  it('writes what Intl writes for en-SG, without paying for Intl', () => {
    const number = new Intl.NumberFormat('en-SG', { maximumFractionDigits: 0 });
    for (const value of [0, 0.5, 2.5, 999, 1000, 999_999.5, 1_234_567.49, 48_000_000]) {
      expect(formatMoney(value), String(value)).to.equal(`S$${number.format(value)}`);
    }
    const day = new Intl.DateTimeFormat('en-SG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat('en-SG', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let m = 1; m <= 12; m++) {
      const iso = `2026-${String(m).padStart(2, '0')}-09`;
      expect(formatDate(iso), iso).to.equal(day.format(new Date(`${iso}T00:00:00Z`)));
      expect(formatMonth(iso), iso).to.equal(month.format(new Date(`${iso}T00:00:00Z`)));
    }
  });

  it('writes distances in metres, then kilometres', () => {
    expect(formatDistance(0)).to.equal('0 m');
    expect(formatDistance(720)).to.equal('720 m');
    expect(formatDistance(1240)).to.equal('1.2 km');
  });

  it('writes a price per area as the market does: whole dollars, cents below S$100 (rents)', () => {
    expect(formatPerAreaAmount(573.4)).to.equal('S$573');
    expect(formatPerAreaAmount(6172.2)).to.equal('S$6,172');
    expect(formatPerAreaAmount(3.456)).to.equal('S$3.46');
    expect(formatPerAreaAmount(3)).to.equal('S$3.00');
  });
});
