/**
 * Every word a visitor reads, in English: one catalogue, imported as a namespace (`import * as en`),
 * so that a translation is one more module of the same shape (`Words`) and the bundler can still
 * bind each English word directly. Interpolated sentences are functions of already formatted values.
 * Site-owner console messages stay English and live beside the failures they explain (problems.ts).
 */
import type { Comparable, Estimate, Mode, Suggestion } from '../api/types.js';

/** The attribution, the disclaimer and the load failures also appear in the loader's failure box. */
export const attribution = 'Valuations by Service Valuations';
export const disclaimer =
  'Estimates are automated from recent transactions. They are not a valuation or appraisal; do not rely on them to buy, sell, rent or borrow.';
export const newTab = ' (opens in a new tab)';
/** True of every cause (a page's policy, a blocker, a browser below the support line), none of them the visitor's to fix. */
export const loadFailed = 'The property valuation cannot be shown on this page.';

const MODE: Record<Mode, { value: string; transactions: string; price: string }> = {
  sale: { value: 'Sale price', transactions: 'sales', price: 'Price' },
  rent: { value: 'Monthly rent', transactions: 'rentals', price: 'Rent / month' },
};

export const lang = 'en';
export const brand = 'Service Valuations';
export const title = 'What is this home worth?';

export const searchLabel = 'Search by address, postal code or condo';
export const searchPlaceholder = 'e.g. 123 Ang Mo Kio Ave 3, 560123, Parc Esta';
export const suggestionsLabel = 'Suggestions';
export const kind = { address: 'Address', postal_code: 'Postal code', condo: 'Condo' } satisfies Record<Suggestion['kind'], string>;
export const noMatches = (query: string) =>
  `No matches for “${query}”. Try a block and street (e.g. 123 Ang Mo Kio Ave 3), a 6-digit postal code or a condo name.`;
export const announceNoMatches = (query: string) => `No matches for ${query}.`;
export const announceSuggestions = (count: number) =>
  `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`;

export const modeLegend = 'Estimate';
/** "Sale price" / "Monthly rent": the switch, the estimate's heading and its announcement. */
export const modeValue = (mode: Mode) => MODE[mode].value;
export const estimateHeading = (mode: Mode) => `Estimated ${MODE[mode].value.toLowerCase()}`;
export const announceEstimate = (mode: Mode, value: string, count: number) =>
  `Estimated ${MODE[mode].value.toLowerCase()} ${value}, from ${count} transactions.`;
export const perMonth = ' / month';
export const range = (low: string, high: string) => `Likely between ${low} and ${high}`;
export const per = (unit: string) => `Per ${unit}`;
export const confidence = 'Confidence';
export const confidenceLevel = { high: 'High', medium: 'Medium', low: 'Low' } satisfies Record<Estimate['confidence'], string>;
export const confidenceHint = {
  high: 'many close, recent, consistent transactions',
  medium: 'some spread among the transactions',
  low: 'few or scattered transactions',
} satisfies Record<Estimate['confidence'], string>;
export const asOf = 'As of';
export const basedOn = 'Based on';
export const transactionCount = (count: number) => `${count} transactions`;
export const showSquareMetres = 'Show square metres';
export const fullValuation = 'See the full valuation';
export const loading = 'Working out the estimate…';
export const propertyType = { hdb: 'HDB', condo: 'Condo', landed: 'Landed' } satisfies Record<Comparable['propertyType'], string>;

export const tableCaption = (count: number, mode: Mode) => `${count} recent ${MODE[mode].transactions} used for this estimate`;
export const column = {
  date: 'Date',
  address: 'Address',
  type: 'Type',
  area: (unit: string) => `Area (${unit})`,
  price: (mode: Mode) => MODE[mode].price,
  distance: 'Distance',
};
export const away = (distance: string) => `${distance} away`;
export const chartKeyComparables = (mode: Mode, perUnit: string) => `Comparable ${MODE[mode].transactions}, ${perUnit}`;
export const chartKeyEstimate = 'Estimate and likely range';
export const chartSummary = (count: number, mode: Mode, from: string, to: string, min: string, max: string, per: string, estimate: string) =>
  `${count} comparable ${MODE[mode].transactions} from ${from} to ${to}, between ${min} and ${max} ${per}. The estimate is ${estimate} ${per}.`;

export const tryAgain = 'Try again';
export const notSetUp = 'This valuation widget is not set up yet. Please let the website owner know.';
export const notOnThisSite = 'The valuation widget is not available on this website.';
export const quotaUsed = (resetAt: string) => `This website has used all of today's free estimates. Please try again after ${resetAt}.`;
export const tomorrow = 'tomorrow';
export const tooManySearches = 'Too many searches. Please wait a moment and try again.';
export const unusableSearch = 'That search could not be used. Please try different words.';
export const propertyGone = 'We could not find that property any more. Please search again.';
export const noComparables = 'There are too few recent transactions near this property to estimate its value. Try a nearby address.';
export const unreachable = 'The valuation service could not be reached. Please try again.';
export const offline = 'You seem to be offline. Check your connection and try again.';
export const ourSide = 'Something went wrong on our side. Please try again.';

export type Words = typeof import('./en.js');
