/** Intl formatting for Singapore readers. Formatters are built once and reused. */
const LOCALE = 'en-SG';
export const SQFT_PER_SQM = 10.7639;

const money = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'SGD', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const longDate = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** S$1,234,000: en-SG writes a bare "$", which is ambiguous on a page read from anywhere. */
export const formatMoney = (value: number) =>
  money
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? 'S$' : part.value))
    .join('');
/** 1,001 sq ft */
export const formatSqft = (sqm: number) => `${integer.format(sqm * SQFT_PER_SQM)} sq ft`;
/** 93 m² */
export const formatSqm = (sqm: number) => `${integer.format(sqm)} m²`;
/** S$574 psf, from a price per square metre */
export const formatPsf = (pricePerSqm: number) => `${formatMoney(pricePerSqm / SQFT_PER_SQM)} psf`;
/** 720 m, or 1.2 km */
export const formatDistance = (meters: number) =>
  meters < 1000 ? `${integer.format(meters)} m` : `${(meters / 1000).toFixed(1)} km`;

/** Dates in the contract are calendar days (YYYY-MM-DD); they are read as UTC so no time zone shifts them. */
const toDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);
/** 31 Oct 2026 */
export const formatDate = (isoDay: string) => longDate.format(toDate(isoDay));
/** Oct 2026 */
export const formatMonth = (isoDay: string) => monthYear.format(toDate(isoDay));
