/**
 * Where a value holds a NUL character, which no text column can keep (PostgreSQL refuses it) and no
 * person means to send: the path of the first string or name holding one (`body.description`,
 * `body.items[2].name`), or undefined. Every surface refuses such input as a bad request naming it.
 */
export function nulPathIn(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPathIn(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object')
    for (const [name, item] of Object.entries(value)) {
      const found = name.includes('\u0000') ? `${path}.${JSON.stringify(name)}` : nulPathIn(item, `${path}.${name}`);
      if (found) return found;
    }
  return undefined;
}

export const NUL_DETAIL = 'must not contain the NUL character (U+0000)';
