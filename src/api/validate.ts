/**
 * The building blocks of the answer checks that `npm run generate` writes from the contract
 * (src/api/generated/checks.ts): one per JSON Schema type, each taking that type's keywords.
 * A check returns the JSON path of the first value that breaks the contract
 * (`$.suggestions[0].text`), or `undefined` when the whole value conforms. The path is what a site
 * owner or the service needs to find the fault; the rule is in the contract at that path (keeping
 * the rule's words in every page cost the widget about 100 B brotli).
 */
export type Check = (value: unknown, path?: string) => string | undefined;

const within = (size: number, min: number, max: number) => size >= min && size <= max;

export const string =
  (minLength = 0, maxLength = Infinity, pattern?: RegExp): Check =>
  (value, path = '$') =>
    typeof value === 'string' && within(value.length, minLength, maxLength) && (!pattern || pattern.test(value))
      ? undefined
      : path;

/** `integer` also rejects fractions; both reject NaN and the infinities, which JSON cannot carry. */
export const number =
  (minimum = -Infinity, maximum = Infinity, type: 'number' | 'integer' = 'number'): Check =>
  (value, path = '$') =>
    (type === 'integer' ? Number.isInteger(value) : Number.isFinite(value)) && within(value as number, minimum, maximum)
      ? undefined
      : path;

/** `enum`, or `const` as an enum of one value. */
export const oneOf =
  (values: unknown[]): Check =>
  (value, path = '$') =>
    values.includes(value) ? undefined : path;

export const array =
  (items: Check, minItems = 0, maxItems = Infinity): Check =>
  (value, path = '$') => {
    if (!Array.isArray(value) || !within(value.length, minItems, maxItems)) return path;
    let found: string | undefined;
    for (let i = 0; !found && i < value.length; i++) found = items(value[i], `${path}[${i}]`);
    return found;
  };

/** Every property is required except those named in `optional`. */
export const object =
  (properties: Record<string, Check>, optional: string[] = []): Check =>
  (value, path = '$') => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return path;
    for (const [key, check] of Object.entries(properties)) {
      const at = `${path}.${key}`;
      const found = Object.hasOwn(value, key)
        ? check((value as Record<string, unknown>)[key], at)
        : optional.includes(key)
          ? undefined
          : at;
      if (found) return found;
    }
    return undefined;
  };
