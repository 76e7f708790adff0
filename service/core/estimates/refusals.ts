/**
 * Why a home could not be valued, so each surface says the real reason to the person who can act on
 * it: no transactions of the mode are loaded at all (an operator imported no rental file), none of the
 * home's kind in its area, or too few near it to compare with.
 */
import type { Homes, PropertyRecord } from './homes.js';
import type { Mode } from './parameters.js';

export type Refusal = 'no_data_for_mode' | 'none_of_kind_in_area' | 'too_few_nearby';

const kindInArea = (mode: Mode, p: PropertyRecord) => `${mode}|${p.propertyType}|${p.unitType}|${p.town}`;

/** The reason `subject` was refused in `mode`, read from which transactions the homes hold (indexed once). */
export function refusalsOf(homes: Homes): (subject: PropertyRecord, mode: Mode) => Refusal {
  const traded = new Set<string>();
  for (const transaction of homes.transactions) {
    const property = homes.byId.get(transaction.propertyId);
    traded.add(transaction.mode);
    if (property) traded.add(kindInArea(transaction.mode, property));
  }
  return (subject, mode) =>
    !traded.has(mode)
      ? 'no_data_for_mode'
      : !traded.has(kindInArea(mode, subject))
        ? 'none_of_kind_in_area'
        : 'too_few_nearby';
}

/** The reason in English, for a site owner's console, an integrator's problem and an AI client's text. */
export function refusalInEnglish(refusal: Refusal, mode: Mode, subject?: PropertyRecord): string {
  const what = mode === 'rent' ? 'rental' : 'sale';
  const kind = subject
    ? `${subject.unitType} ${subject.propertyType === 'hdb' ? 'HDB flat' : subject.propertyType}`
    : 'home';
  switch (refusal) {
    case 'no_data_for_mode':
      return `No ${what} transactions are loaded, so no ${mode === 'rent' ? 'rent' : 'price'} can be estimated: import the ${mode === 'rent' ? 'rental' : 'resale'} dataset (npm run data:import).`;
    case 'none_of_kind_in_area':
      return `No ${kind} ${mode === 'rent' ? 'was rented' : 'sold'} in ${subject?.town ?? 'its area'} in the data loaded, so this one cannot be valued${mode === 'rent' ? '; its sale estimate may be' : ''}.`;
    case 'too_few_nearby':
      return 'Too few comparable transactions nearby to estimate this property.';
  }
}
