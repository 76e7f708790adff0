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
export const formatInteger = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * S$1,234,000: en-SG's currency style writes a bare "$", ambiguous on a page read from anywhere.
 * Amounts in the contract are never negative.
 */
export const formatMoney = (value: number) => `S$${formatInteger(value)}`;

/**
 * A price per area as the market writes it: whole dollars for sale prices (S$573), cents below
 * S$100, where rents per area live (S$3.45), so that neighbouring values never read the same.
 */
export const formatPerAreaAmount = (value: number) => (value < 100 ? `S$${value.toFixed(2)}` : formatMoney(value));

export const areaIn = (sqm: number, unit: AreaUnit) => (unit === 'sqft' ? sqm * SQFT_PER_SQM : sqm);
/** A price per square metre in the visitor's unit, as a number (for charts). */
export const pricePerArea = (pricePerSqm: number, unit: AreaUnit) =>
  unit === 'sqft' ? pricePerSqm / SQFT_PER_SQM : pricePerSqm;

/** 720 m, or 1.2 km */
export const formatDistance = (meters: number) =>
  meters < 1000 ? `${formatInteger(meters)} m` : `${(meters / 1000).toFixed(1)} km`;

/** Dates in the contract are calendar days (YYYY-MM-DD); they are read as UTC so no time zone shifts them. */
export const parseDay = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);
/** Oct 2026 */
export const formatMonth = (isoDay: string) => {
  const day = parseDay(isoDay);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
};
/** 31 Oct 2026 */
export const formatDate = (isoDay: string) => `${parseDay(isoDay).getUTCDate()} ${formatMonth(isoDay)}`;
