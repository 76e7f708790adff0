/**
 * Numbers and dates for Singapore readers, as en-SG writes them. Written out rather than built with
 * Intl because a page's first Intl formatter blocks the main thread while locale data loads (see the
 * README, "Size and speed"); the tests pin every format to Intl's en-SG.
 */
export const SQFT_PER_SQM = 10.7639;

/** How the visitor reads areas: square feet (as Singapore listings do) or square metres. */
export type AreaUnit = 'sqft' | 'sqm';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 1234567.5 → 1,234,568 */
const integer = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * S$1,234,000: en-SG's currency style writes a bare "$", ambiguous on a page read from anywhere.
 * Amounts in the contract are never negative.
 */
export const formatMoney = (value: number) => `S$${integer(value)}`;

const UNIT_LABEL: Record<AreaUnit, string> = { sqft: 'sq ft', sqm: 'm²' };
const PER_UNIT_LABEL: Record<AreaUnit, string> = { sqft: 'psf', sqm: 'psm' };
const fromSqm = (sqm: number, unit: AreaUnit) => (unit === 'sqft' ? sqm * SQFT_PER_SQM : sqm);

/** 1,001 sq ft, or 93 m² */
export const formatArea = (sqm: number, unit: AreaUnit = 'sqft') => `${integer(fromSqm(sqm, unit))} ${UNIT_LABEL[unit]}`;
/** A price per square metre in the visitor's unit, as a number (for charts). */
export const pricePerArea = (pricePerSqm: number, unit: AreaUnit) => (unit === 'sqft' ? pricePerSqm / SQFT_PER_SQM : pricePerSqm);
/** S$573 psf, or S$6,172 psm, from a price per square metre */
export const formatPricePerArea = (pricePerSqm: number, unit: AreaUnit = 'sqft') =>
  `${formatMoney(pricePerArea(pricePerSqm, unit))} ${PER_UNIT_LABEL[unit]}`;
export const areaUnitLabel = (unit: AreaUnit) => UNIT_LABEL[unit];
export const perAreaLabel = (unit: AreaUnit) => PER_UNIT_LABEL[unit];

/** 720 m, or 1.2 km */
export const formatDistance = (meters: number) =>
  meters < 1000 ? `${integer(meters)} m` : `${(meters / 1000).toFixed(1)} km`;

/** Dates in the contract are calendar days (YYYY-MM-DD); they are read as UTC so no time zone shifts them. */
export const parseDay = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);
/** Oct 2026 */
export const formatMonth = (isoDay: string) => {
  const day = parseDay(isoDay);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
};
/** 31 Oct 2026 */
export const formatDate = (isoDay: string) => `${parseDay(isoDay).getUTCDate()} ${formatMonth(isoDay)}`;
/** 23 Nov, 8:00 am: a moment in the visitor's own time zone (when a quota resets). */
export const formatDateTime = (date: Date) => {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${date.getDate()} ${MONTHS[date.getMonth()]}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
};
