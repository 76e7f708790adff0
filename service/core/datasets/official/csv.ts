/**
 * Comma-separated files as data.gov.sg publishes them: a header line, then one record a line. Fields
 * may be quoted (RFC 4180: commas and doubled quotes inside); a line break inside a quoted field is not
 * supported (no official file has one), and such a record reads as two bad rows.
 */

/** Splits one line into fields; a quoted field may hold commas and doubled quotes. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Longer than any row of the official files by far: such a line is reported, never split. */
export const MAX_LINE = 65_536;

/** Each record of a CSV file's lines with its line number (the header is line 1); blank lines are passed over. */
export async function* csvLines(
  lines: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<{ line: number; fields: string[]; tooLong?: true }> {
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.length > MAX_LINE) yield { line, fields: [], tooLong: true };
    else {
      const clean = line === 1 ? text.replace(/^\uFEFF/, '') : text;
      if (clean.trim()) yield { line, fields: splitCsvLine(clean) };
    }
  }
}
