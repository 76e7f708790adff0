import { expect } from '@open-wc/testing';
import { formatArea, formatDate, formatDateTime, formatDistance, formatMoney, formatMonth, formatPricePerArea } from './format.js';

describe('format', () => {
  it('writes Singapore dollars unambiguously', () => {
    expect(formatMoney(574000)).to.equal('S$574,000');
    expect(formatMoney(3250.4)).to.equal('S$3,250');
    expect(formatMoney(0)).to.equal('S$0');
  });

  it('writes areas in square feet by default, square metres on request', () => {
    expect(formatArea(93)).to.equal('1,001 sq ft');
    expect(formatArea(93, 'sqm')).to.equal('93 m²');
  });

  it('writes prices per area from a price per square metre', () => {
    expect(formatPricePerArea(6172)).to.equal('S$573 psf');
    expect(formatPricePerArea(6172, 'sqm')).to.equal('S$6,172 psm');
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

  it('writes a moment as Intl writes it for en-SG, in the visitor\'s time zone', () => {
    const moment = new Intl.DateTimeFormat('en-SG', { hour: 'numeric', minute: '2-digit', day: 'numeric', month: 'short' });
    for (const [month, hour, minute] of [[10, 8, 0], [8, 0, 5], [8, 12, 30], [0, 23, 59], [4, 11, 9]]) {
      const date = new Date(2026, month, 3 + hour, hour, minute);
      expect(formatDateTime(date), date.toString()).to.equal(moment.format(date));
    }
  });

  it('writes distances in metres, then kilometres', () => {
    expect(formatDistance(0)).to.equal('0 m');
    expect(formatDistance(720)).to.equal('720 m');
    expect(formatDistance(1240)).to.equal('1.2 km');
  });
});
