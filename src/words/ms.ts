/** Malay, as written in Singapore. To be reviewed by a native speaker before live use (docs/integrators.md). */
import type { Mode } from '../api/types.js';
import type { Words } from './en.js';
import { intlDates } from './intl-dates.js';

const MODE: Record<Mode, { value: string; transactions: string; price: string }> = {
  sale: { value: 'Harga jualan', transactions: 'jualan', price: 'Harga' },
  rent: { value: 'Sewa bulanan', transactions: 'sewaan', price: 'Sewa / bulan' },
};

/** The locale its dates are written in. */
const locale = 'ms-SG';

const ms: Words = {
  lang: 'ms',
  attribution: 'Penilaian oleh Service Valuations',
  disclaimer:
    'Anggaran dibuat secara automatik daripada urus niaga terkini. Ia bukan penilaian atau taksiran; jangan bergantung padanya untuk membeli, menjual, menyewa atau meminjam.',
  newTab: ' (dibuka dalam tab baharu)',
  brand: 'Service Valuations',
  title: 'Berapakah nilai rumah ini?',

  searchLabel: 'Cari mengikut alamat, poskod atau nama kondo',
  searchPlaceholder: 'cth. 123 Ang Mo Kio Ave 3, 560123, Parc Esta',
  suggestionsLabel: 'Cadangan',
  kind: { address: 'Alamat', postal_code: 'Poskod', condo: 'Kondo' },
  noMatches: (query) =>
    `Tiada padanan untuk “${query}”. Cuba blok dan jalan (cth. 123 Ang Mo Kio Ave 3), poskod 6 digit atau nama kondo.`,
  announceSuggestions: (count) => `${count} cadangan. Gunakan anak panah atas dan bawah untuk memilih.`,

  modeLegend: 'Anggaran',
  modeValue: (mode) => MODE[mode].value,
  estimateHeading: (mode) => `Anggaran ${MODE[mode].value.toLowerCase()}`,
  announceEstimate: (mode, value, count) =>
    `Anggaran ${MODE[mode].value.toLowerCase()} ${value}, daripada ${count} urus niaga.`,
  perMonth: ' / bulan',
  range: (low, high) => `Mungkin antara ${low} dan ${high}`,
  per: (unit) => `Per ${unit}`,
  confidence: 'Keyakinan',
  confidenceLevel: { high: 'Tinggi', medium: 'Sederhana', low: 'Rendah' },
  confidenceHint: {
    high: 'banyak urus niaga berdekatan, terkini dan konsisten',
    medium: 'terdapat sedikit perbezaan antara urus niaga',
    low: 'urus niaga sedikit atau berselerak',
  },
  asOf: 'Transaksi hingga',
  basedOn: 'Berdasarkan',
  transactionCount: (count) => `${count} urus niaga`,
  showSquareMetres: 'Tunjukkan meter persegi',
  homeType: 'Jenis rumah',
  yourHome: 'Tingkat dan saiz rumah anda',
  storey: 'Tingkat',
  floorArea: (unit) => `Keluasan lantai (${unit})`,
  updateEstimate: 'Kemas kini anggaran',
  fullValuation: 'Lihat penilaian penuh',
  loading: 'Sedang mengira anggaran…',
  propertyType: { hdb: 'HDB', condo: 'Kondo', landed: 'Rumah bertanah' },
  unitTypes: {
    '1-room': '1 bilik',
    '2-room': '2 bilik',
    '3-room': '3 bilik',
    '4-room': '4 bilik',
    '5-room': '5 bilik',
    Executive: 'Eksekutif',
    'Multi-generation': 'Pelbagai generasi',
    '1-bedroom': '1 bilik tidur',
    '2-bedroom': '2 bilik tidur',
    '3-bedroom': '3 bilik tidur',
    '4-bedroom': '4 bilik tidur',
    '5-bedroom': '5 bilik tidur',
    Studio: 'Studio',
    Terrace: 'Teres',
    'Semi-detached': 'Berkembar',
    Detached: 'Banglo',
  },
  postal: (postalCode) => `Singapura ${postalCode}`,
  unit: { sqft: 'kaki persegi', sqm: 'm²' },
  perUnit: { sqft: 'sekaki persegi', sqm: 'semeter persegi' },
  ...intlDates(locale),

  tableCaption: (count, mode) => `${count} ${MODE[mode].transactions} terkini yang digunakan untuk anggaran ini`,
  column: {
    date: 'Tarikh',
    address: 'Alamat',
    type: 'Jenis',
    area: (unit) => `Keluasan (${unit})`,
    price: (mode) => MODE[mode].price,
    distance: 'Jarak',
  },
  sortBy: 'Isih mengikut',
  sortChoice: (choice, mode) =>
    ({
      date: 'Terbaru dahulu',
      price: mode === 'rent' ? 'Sewa tertinggi dahulu' : 'Harga tertinggi dahulu',
      perArea: 'Harga seunit keluasan tertinggi dahulu',
      area: 'Terluas dahulu',
      distance: 'Terdekat dahulu',
      address: 'Alamat, A hingga Z',
    })[choice],
  showAll: (count) => `Tunjukkan semua ${count}`,
  away: (distance) => `${distance} jauhnya`,
  distanceUnknown: 'Jarak tidak diketahui',
  widerWithin: (mode, distance, months) =>
    `Daripada ${MODE[mode].transactions} dalam lingkungan ${distance} sepanjang ${months} bulan lalu`,
  widerArea: (mode, months) => `Daripada ${MODE[mode].transactions} di kawasan ini sepanjang ${months} bulan lalu`,
  chartKeyComparables: (mode, perUnit) =>
    `${MODE[mode].transactions[0].toUpperCase()}${MODE[mode].transactions.slice(1)} setanding, ${perUnit}`,
  chartKeyEstimate: 'Anggaran dan julat kemungkinan',
  chartSummary: (count, mode, from, to, min, max, per, estimate) =>
    `${count} ${MODE[mode].transactions} setanding dari ${from} hingga ${to}, antara ${min} dan ${max} ${per}. Anggarannya ${estimate} ${per}.`,

  tryAgain: 'Cuba lagi',
  notSetUp: 'Widget penilaian ini belum disediakan. Sila maklumkan kepada pemilik laman web.',
  unreachable: 'Perkhidmatan penilaian tidak dapat dihubungi. Sila cuba lagi.',
  offline: 'Anda kelihatan berada di luar talian. Semak sambungan anda dan cuba lagi.',
  ourSide: 'Berlaku masalah di pihak kami. Sila cuba lagi.',
};
export default ms;
