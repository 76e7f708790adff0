/** Tamil, as written in Singapore. To be reviewed by a native speaker before live use (docs/integrators.md). */
import type { Mode } from '../api/types.js';
import type { Words } from './en.js';
import { intlDates } from './intl-dates.js';

const MODE: Record<Mode, { value: string; transactions: string; price: string }> = {
  sale: { value: 'விற்பனை விலை', transactions: 'விற்பனைகள்', price: 'விலை' },
  rent: { value: 'மாத வாடகை', transactions: 'வாடகைகள்', price: 'வாடகை / மாதம்' },
};

/** The locale its dates are written in. */
const locale = 'ta-SG';

const ta: Words = {
  lang: 'ta',
  attribution: 'Service Valuations வழங்கும் மதிப்பீடுகள்',
  disclaimer:
    'மதிப்பீடுகள் சமீபத்திய பரிவர்த்தனைகளிலிருந்து தானாகக் கணக்கிடப்படுகின்றன. இவை அதிகாரப்பூர்வ மதிப்பீடோ மதிப்பாய்வோ அல்ல; வாங்க, விற்க, வாடகைக்கு விட அல்லது கடன் பெற இவற்றை நம்ப வேண்டாம்.',
  newTab: ' (புதிய தாவலில் திறக்கும்)',
  brand: 'Service Valuations',
  title: 'இந்த வீட்டின் மதிப்பு என்ன?',

  searchLabel: 'முகவரி, அஞ்சல் குறியீடு அல்லது கொண்டோ பெயரால் தேடுங்கள்',
  searchPlaceholder: 'எ.கா. 123 Ang Mo Kio Ave 3, 560123, Parc Esta',
  suggestionsLabel: 'பரிந்துரைகள்',
  kind: { address: 'முகவரி', postal_code: 'அஞ்சல் குறியீடு', condo: 'கொண்டோ' },
  noMatches: (query) =>
    `“${query}” என்பதற்குப் பொருத்தம் இல்லை. புளோக்கும் தெருவும் (எ.கா. 123 Ang Mo Kio Ave 3), 6 இலக்க அஞ்சல் குறியீடு அல்லது கொண்டோ பெயரை முயலுங்கள்.`,
  announceSuggestions: (count) =>
    `${count} ${count === 1 ? 'பரிந்துரை' : 'பரிந்துரைகள்'}. தேர்ந்தெடுக்க மேல், கீழ் அம்புக்குறிகளைப் பயன்படுத்துங்கள்.`,

  modeLegend: 'மதிப்பீடு',
  modeValue: (mode) => MODE[mode].value,
  estimateHeading: (mode) => `மதிப்பிடப்பட்ட ${MODE[mode].value}`,
  announceEstimate: (mode, value, count) =>
    `மதிப்பிடப்பட்ட ${MODE[mode].value} ${value}, ${count} பரிவர்த்தனைகளின் அடிப்படையில்.`,
  perMonth: ' / மாதம்',
  range: (low, high) => `பெரும்பாலும் ${low} முதல் ${high} வரை`,
  per: (unit) => `ஒரு ${unit}க்கு`,
  confidence: 'நம்பகத்தன்மை',
  confidenceLevel: { high: 'உயர்வு', medium: 'நடுத்தரம்', low: 'குறைவு' },
  confidenceHint: {
    high: 'அருகிலுள்ள, சமீபத்திய, சீரான பல பரிவர்த்தனைகள்',
    medium: 'பரிவர்த்தனைகளிடையே சிறிது வேறுபாடு',
    low: 'குறைவான அல்லது சிதறிய பரிவர்த்தனைகள்',
  },
  asOf: 'பரிவர்த்தனைகள் வரை',
  basedOn: 'அடிப்படை',
  transactionCount: (count) => `${count} பரிவர்த்தனைகள்`,
  showSquareMetres: 'சதுர மீட்டரில் காட்டு',
  homeType: 'வீட்டு வகை',
  yourHome: 'உங்கள் வீட்டின் தளமும் அளவும்',
  storey: 'தளம்',
  floorArea: (unit) => `தரைப் பரப்பு (${unit})`,
  updateEstimate: 'மதிப்பீட்டைப் புதுப்பி',
  fullValuation: 'முழு மதிப்பீட்டைப் பாருங்கள்',
  loading: 'மதிப்பீடு கணக்கிடப்படுகிறது…',
  propertyType: { hdb: 'HDB', condo: 'கொண்டோ', landed: 'தரை வீடு' },
  unitTypes: {
    '1-room': '1 அறை',
    '2-room': '2 அறை',
    '3-room': '3 அறை',
    '4-room': '4 அறை',
    '5-room': '5 அறை',
    Executive: 'எக்ஸிகியூட்டிவ்',
    'Multi-generation': 'பல தலைமுறை',
    '1-bedroom': '1 படுக்கையறை',
    '2-bedroom': '2 படுக்கையறை',
    '3-bedroom': '3 படுக்கையறை',
    '4-bedroom': '4 படுக்கையறை',
    '5-bedroom': '5 படுக்கையறை',
    Studio: 'ஸ்டுடியோ',
    Terrace: 'வரிசை வீடு',
    'Semi-detached': 'இரட்டை வீடு',
    Detached: 'தனி வீடு',
  },
  postal: (postalCode) => `சிங்கப்பூர் ${postalCode}`,
  unit: { sqft: 'சதுர அடி', sqm: 'ச.மீ.' },
  perUnit: { sqft: 'ஒரு ச.அடிக்கு', sqm: 'ஒரு ச.மீ.க்கு' },
  ...intlDates(locale),

  tableCaption: (count, mode) => `இந்த மதிப்பீட்டிற்குப் பயன்படுத்திய ${count} சமீபத்திய ${MODE[mode].transactions}`,
  column: {
    date: 'தேதி',
    address: 'முகவரி',
    type: 'வகை',
    area: (unit) => `பரப்பளவு (${unit})`,
    price: (mode) => MODE[mode].price,
    distance: 'தூரம்',
  },
  sortBy: 'வரிசைப்படுத்து',
  sortChoice: (choice, mode) =>
    ({
      date: 'புதியவை முதலில்',
      price: mode === 'rent' ? 'அதிக வாடகை முதலில்' : 'அதிக விலை முதலில்',
      perArea: 'அதிக அலகு விலை முதலில்',
      area: 'பெரியவை முதலில்',
      distance: 'அருகிலுள்ளவை முதலில்',
      address: 'முகவரி, A முதல் Z வரை',
    })[choice],
  showAll: (count) => `அனைத்து ${count}-ஐயும் காட்டு`,
  away: (distance) => `${distance} தொலைவில்`,
  distanceUnknown: 'தூரம் தெரியவில்லை',
  widerWithin: (mode, distance, months) =>
    `கடந்த ${months} மாதங்களில் ${distance} தூரத்திற்குள் நடந்த ${MODE[mode].transactions} அடிப்படையில்`,
  widerArea: (mode, months) => `கடந்த ${months} மாதங்களில் இப்பகுதியில் நடந்த ${MODE[mode].transactions} அடிப்படையில்`,
  chartKeyComparables: (mode, perUnit) => `ஒப்பிடத்தக்க ${MODE[mode].transactions}, ${perUnit}`,
  chartKeyEstimate: 'மதிப்பீடும் சாத்தியமான வரம்பும்',
  chartSummary: (count, mode, from, to, min, max, per, estimate) =>
    `${from} முதல் ${to} வரை ${count} ஒப்பிடத்தக்க ${MODE[mode].transactions}, ${per} ${min} முதல் ${max} வரை. மதிப்பீடு ${per} ${estimate}.`,

  tryAgain: 'மீண்டும் முயலுங்கள்',
  notSetUp: 'இந்த மதிப்பீட்டுக் கருவி இன்னும் அமைக்கப்படவில்லை. இணையதள உரிமையாளரிடம் தெரிவியுங்கள்.',
  unreachable: 'மதிப்பீட்டுச் சேவையை அணுக முடியவில்லை. மீண்டும் முயலுங்கள்.',
  offline: 'நீங்கள் இணைப்பில் இல்லை போலத் தெரிகிறது. இணைப்பைச் சரிபார்த்து மீண்டும் முயலுங்கள்.',
  ourSide: 'எங்கள் பக்கம் ஏதோ தவறு நடந்தது. மீண்டும் முயலுங்கள்.',
};
export default ta;
