/**
 * Text in the format of URA's downloaded CSVs (core/datasets/official/ura-download.ts reads it): its
 * header, thousands separators inside quotes, `Apr-23` months, `-` for no nett price, CRLF. For tests
 * and the bench, which write small files in the official formats.
 */
import { URA_RENTALS_COLUMNS, URA_SALES_COLUMNS } from '../../core/datasets/official/ura-download.js';

export interface DownloadSale {
  project: string;
  street: string;
  /** YYYY-MM */
  month: string;
  sqm: number;
  price: number;
  type?: 'New Sale' | 'Sub Sale' | 'Resale';
  floors?: string;
  units?: number;
  district?: string;
  propertyType?: string;
  tenure?: string;
}

export interface DownloadRental {
  project: string;
  street: string;
  month: string;
  bedrooms: number | 'NA';
  /** A range as URA writes it: `100 to 110`. */
  sqm: string;
  rent: number;
  district?: string;
}

const NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthText = (month: string) => `${NAMES[Number(month.slice(5, 7)) - 1]}-${month.slice(2, 4)}`;
const thousands = (n: number) => `"${Math.round(n).toLocaleString('en')}"`;
const SQFT = 10.7639;
const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

export const downloadSalesText = (sales: DownloadSale[]) =>
  crlf([
    URA_SALES_COLUMNS.join(','),
    ...sales.map((s) =>
      [
        s.project,
        thousands(s.price),
        (s.sqm * SQFT).toFixed(2),
        thousands(s.price / (s.sqm * SQFT)),
        monthText(s.month),
        s.street,
        s.type ?? 'Resale',
        'Strata',
        String(s.sqm),
        thousands(s.price / s.sqm),
        '-',
        s.propertyType ?? 'Condominium',
        String(s.units ?? 1),
        s.tenure ?? '99 yrs lease commencing from 2015',
        s.district ?? '15',
        'Outside Central Region',
        s.floors ?? '06 to 10',
      ].join(','),
    ),
  ]);

export const downloadRentalsText = (rentals: DownloadRental[]) =>
  crlf([
    URA_RENTALS_COLUMNS.join(','),
    ...rentals.map((r) => {
      const [low, high] = r.sqm.split(' to ').map(Number);
      return [
        r.project,
        r.street,
        r.district ?? '15',
        'Condominium',
        String(r.bedrooms),
        thousands(r.rent),
        r.sqm,
        `${Math.round(low * SQFT)} to ${Math.round((high ?? low) * SQFT)}`,
        monthText(r.month),
      ].join(',');
    }),
  ]);
