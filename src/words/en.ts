/**
 * Every word a visitor reads, in English: one catalogue, the default export. A translation is an
 * object of the same shape (`Words`, zh.ts, ms.ts, ta.ts), in a file of its own fetched only when a
 * page asks for it. Interpolated sentences are functions of already formatted values, so each
 * language orders them as it needs. Site-owner console messages stay English and live beside the
 * failures they explain (problems.ts).
 */
import type { Comparable, Estimate, Language, Mode, Suggestion } from '../api/types.js';
import { formatDate, formatMonth } from '../format/format.js';

/** The attribution, the disclaimer and the load failure also appear in the loader's failure box. */
export const attribution = 'Valuations by Service Valuations';
export const disclaimer =
  'Estimates are automated from recent transactions. They are not a valuation or appraisal; do not rely on them to buy, sell, rent or borrow.';
/** True of every cause (code that cannot run, a language file refused, a browser below the support line), none of them the visitor's to fix. */
export const loadFailed = 'The property valuation cannot be shown on this page.';

/** The orders a visitor can read the comparables in (estimate/sort-comparables.ts). */
export type SortChoice = 'date' | 'price' | 'perArea' | 'area' | 'distance' | 'address';

const MODE: Record<Mode, { value: string; transactions: string; price: string }> = {
  sale: { value: 'Sale price', transactions: 'sales', price: 'Price' },
  rent: { value: 'Monthly rent', transactions: 'rentals', price: 'Rent / month' },
};

const en = {
  lang: 'en' as Language,
  attribution,
  disclaimer,
  newTab: ' (opens in a new tab)',
  brand: 'Service Valuations',
  title: 'What is this home worth?',

  searchLabel: 'Search by address, postal code or condo',
  searchPlaceholder: 'e.g. 123 Ang Mo Kio Ave 3, 560123, Parc Esta',
  suggestionsLabel: 'Suggestions',
  kind: { address: 'Address', postal_code: 'Postal code', condo: 'Condo' } satisfies Record<Suggestion['kind'], string>,
  noMatches: (query: string) =>
    `No matches for “${query}”. Try a block and street (e.g. 123 Ang Mo Kio Ave 3), a 6-digit postal code or a condo name.`,
  announceSuggestions: (count: number) =>
    `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`,

  modeLegend: 'Estimate',
  /** "Sale price" / "Monthly rent": the switch, the estimate's heading and its announcement. */
  modeValue: (mode: Mode) => MODE[mode].value,
  estimateHeading: (mode: Mode) => `Estimated ${MODE[mode].value.toLowerCase()}`,
  announceEstimate: (mode: Mode, value: string, count: number) =>
    `Estimated ${MODE[mode].value.toLowerCase()} ${value}, from ${count} transactions.`,
  perMonth: ' / month',
  range: (low: string, high: string) => `Likely between ${low} and ${high}`,
  per: (unit: string) => `Per ${unit}`,
  confidence: 'Confidence',
  confidenceLevel: { high: 'High', medium: 'Medium', low: 'Low' } satisfies Record<Estimate['confidence'], string>,
  confidenceHint: {
    high: 'many close, recent, consistent transactions',
    medium: 'some spread among the transactions',
    low: 'few or scattered transactions',
  } satisfies Record<Estimate['confidence'], string>,
  asOf: 'Transactions to',
  basedOn: 'Based on',
  transactionCount: (count: number) => `${count} transactions`,
  showSquareMetres: 'Show square metres',
  homeType: 'Home type',
  yourHome: 'Your home’s storey and size',
  storey: 'Storey',
  floorArea: (unit: string) => `Floor area (${unit})`,
  updateEstimate: 'Update estimate',
  fullValuation: 'See the full valuation',
  loading: 'Working out the estimate…',
  propertyType: { hdb: 'HDB', condo: 'Condo', landed: 'Landed' } satisfies Record<Comparable['propertyType'], string>,
  /**
   * Unit types as the data names them ("4-room", "3-bedroom", "Terrace"), in this language; a name not
   * listed is shown as the data has it (unitTypeName in words.ts). English shows the data's own names.
   */
  unitTypes: {} as Record<string, string>,
  /** "Singapore 560102": a postal address's last line. */
  postal: (postalCode: string) => `Singapore ${postalCode}`,
  unit: { sqft: 'sq ft', sqm: 'm²' },
  perUnit: { sqft: 'psf', sqm: 'psm' },
  month: formatMonth,
  date: formatDate,

  tableCaption: (count: number, mode: Mode) => `${count} recent ${MODE[mode].transactions} used for this estimate`,
  column: {
    date: 'Date',
    address: 'Address',
    type: 'Type',
    area: (unit: string) => `Area (${unit})`,
    price: (mode: Mode) => MODE[mode].price,
    distance: 'Distance',
  },
  sortBy: 'Sort by',
  /** Each order the comparables can be read in (`SORT_CHOICES`), as a visitor would ask for it. */
  sortChoice: (choice: SortChoice, mode: Mode, perUnit: string) =>
    ({
      date: 'Newest',
      price: mode === 'rent' ? 'Highest rent' : 'Highest price',
      perArea: `Highest ${perUnit}`,
      area: 'Largest',
      distance: 'Nearest',
      address: 'Address',
    })[choice],
  showAll: (count: number) => `Show all ${count}`,
  away: (distance: string) => `${distance} away`,
  distanceUnknown: 'Distance unknown',
  /** Where the estimate had to look wider than usual for comparables (`basis.widened`). */
  widerWithin: (mode: Mode, distance: string, months: string) =>
    `From ${MODE[mode].transactions} within ${distance} over the last ${months} months`,
  widerArea: (mode: Mode, months: string) =>
    `From the area's ${MODE[mode].transactions} over the last ${months} months`,
  chartKeyComparables: (mode: Mode, perUnit: string) => `Comparable ${MODE[mode].transactions}, ${perUnit}`,
  chartKeyEstimate: 'Estimate and likely range',
  chartSummary: (
    count: number,
    mode: Mode,
    from: string,
    to: string,
    min: string,
    max: string,
    per: string,
    estimate: string,
  ) =>
    `${count} comparable ${MODE[mode].transactions} from ${from} to ${to}, between ${min} and ${max} ${per}. The estimate is ${estimate} ${per}.`,

  tryAgain: 'Try again',
  notSetUp: 'This valuation widget is not set up yet. Please let the website owner know.',
  unreachable: 'The valuation service could not be reached. Please try again.',
  offline: 'You seem to be offline. Check your connection and try again.',
  ourSide: 'Something went wrong on our side. Please try again.',
};
export default en;

export type Words = typeof en;
