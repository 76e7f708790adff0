/** Writes the sandbox's URA answers (ura-text.ts) to disk. */
import { writeFile } from 'node:fs/promises';
import { uraTexts, type UraTextOptions } from './ura-text.js';

export interface UraFilesOptions extends UraTextOptions {
  transactionsPath: string;
  rentalsPath: string;
}

/** Writes both answers; resolves with how many transactions and rental contracts each holds. */
export async function writeUraFiles(options: UraFilesOptions): Promise<{ sales: number; rentals: number }> {
  const { transactions, rentalContracts, sales, rentals } = uraTexts(options);
  await writeFile(options.transactionsPath, transactions);
  await writeFile(options.rentalsPath, rentalContracts);
  return { sales, rentals };
}
