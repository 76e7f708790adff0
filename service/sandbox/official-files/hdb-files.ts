/** Writes the sandbox's HDB files (hdb-text.ts) to disk, a month at a time, as large as asked. */
import { createWriteStream } from 'node:fs';
import { hdbFileChunks, type HdbFilesOptions } from './hdb-text.js';

export type { HdbFilesOptions } from './hdb-text.js';

/** Writes the files; resolves with how many lines each has. */
export async function writeHdbFiles(options: HdbFilesOptions): Promise<{ sales: number; rentals: number }> {
  const resale = createWriteStream(options.resalePath);
  const rental = options.rentalPath ? createWriteStream(options.rentalPath) : undefined;
  const write = async (stream: NodeJS.WritableStream, text: string) => {
    if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
  };
  let sales = 0;
  let rentals = 0;
  for (const chunk of hdbFileChunks({ ...options, rentals: Boolean(rental) })) {
    await write(resale, chunk.resale);
    if (rental) await write(rental, chunk.rental);
    sales += chunk.sales;
    rentals += chunk.rentals;
  }
  await Promise.all([resale, ...(rental ? [rental] : [])].map((s) => new Promise((resolve) => s.end(resolve))));
  return { sales, rentals };
}
