/**
 * The building blocks of the answer checks that `npm run generate` writes from the contract
 * (src/api/generated/checks.ts): one per JSON Schema type, each taking that type's keywords.
 * A check returns the first problem as `path: keyword expected`, in JSON Schema's own words
 * (`$.suggestions[0].text: maxLength 200`), or `undefined` when the value conforms.
 */
export type Check = (value: unknown, path?: string) => string | undefined;

const problem = (path: string, keyword: string, expected: unknown) => `${path}: ${keyword} ${expected}`;

function outOf(path: string, size: number, [minKeyword, min]: [string, number], [maxKeyword, max]: [string, number]) {
  if (size < min) return problem(path, minKeyword, min);
  if (size > max) return problem(path, maxKeyword, max);
  return undefined;
}

export const string =
  (minLength = 0, maxLength = Infinity, pattern?: RegExp): Check =>
  (value, path = '$') => {
    if (typeof value !== 'string') return problem(path, 'type', 'string');
    const found = outOf(path, value.length, ['minLength', minLength], ['maxLength', maxLength]);
    return found ?? (pattern && !pattern.test(value) ? problem(path, 'pattern', pattern.source) : undefined);
  };

/** `integer` also rejects fractions; both reject NaN and the infinities, which JSON cannot carry. */
export const number =
  (minimum = -Infinity, maximum = Infinity, type: 'number' | 'integer' = 'number'): Check =>
  (value, path = '$') => {
    if (!(type === 'integer' ? Number.isInteger(value) : Number.isFinite(value))) return problem(path, 'type', type);
    return outOf(path, value as number, ['minimum', minimum], ['maximum', maximum]);
  };

/** `enum`, or `const` for a single value. */
export const oneOf =
  (values: unknown[], keyword: 'enum' | 'const' = 'enum'): Check =>
  (value, path = '$') =>
    values.includes(value) ? undefined : problem(path, keyword, values);

export const array =
  (items: Check, minItems = 0, maxItems = Infinity): Check =>
  (value, path = '$') => {
    if (!Array.isArray(value)) return problem(path, 'type', 'array');
    let found = outOf(path, value.length, ['minItems', minItems], ['maxItems', maxItems]);
    for (let i = 0; !found && i < value.length; i++) found = items(value[i], `${path}[${i}]`);
    return found;
  };

/** Every property is required except those named in `optional`. */
export const object =
  (properties: Record<string, Check>, optional: string[] = []): Check =>
  (value, path = '$') => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return problem(path, 'type', 'object');
    for (const [key, check] of Object.entries(properties)) {
      if (!Object.hasOwn(value, key)) {
        if (optional.includes(key)) continue;
        return `${path}.${key}: required`;
      }
      const found = check((value as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  };
