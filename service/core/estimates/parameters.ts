/** Parameters every surface takes, read once, with one answer for a bad value everywhere. */
import type { components } from '../../../contract/generated/widget-host.js';

export type Mode = components['schemas']['Mode'];
export const MODES: readonly Mode[] = ['sale', 'rent'];

/** `mode` as sent: absent means a sale estimate; anything but sale or rent is refused, never guessed. */
export function readMode(value: unknown): { mode: Mode } | { problem: string } {
  if (value === undefined || value === null) return { mode: 'sale' };
  return value === 'sale' || value === 'rent' ? { mode: value } : { problem: 'mode must be sale or rent.' };
}

/** The floor areas (m²) a home of typical area `typical` may be valued at: half to twice it, rounded inwards. */
export const areaRange = (typical: number) => ({ min: Math.ceil(typical / 2), max: Math.floor(typical * 2) });

/** What a visitor may say of their home beyond its id: its storey and floor area (m²). */
export interface HomeAsked {
  storey?: number;
  floorAreaSqm?: number;
}

const LIMITS = { storey: { min: 1, max: 80, whole: true }, floorAreaSqm: { min: 10, max: 5000, whole: false } };

/**
 * `storey` and `floorAreaSqm` as sent (a query's text or a tool's number): absent is fine; anything else
 * must be a number in the contract's range (a whole one for a storey), or it is refused with the reason.
 */
export function readHome(given: {
  storey?: unknown;
  floorAreaSqm?: unknown;
}): { home: HomeAsked } | { problem: string; parameter: string } {
  const home: HomeAsked = {};
  for (const name of ['storey', 'floorAreaSqm'] as const) {
    const raw = given[name];
    if (raw === undefined || raw === null || raw === '') continue;
    const value =
      typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
    const { min, max, whole } = LIMITS[name];
    if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value)))
      return {
        parameter: name,
        problem: `${name} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max.toLocaleString('en')}${name === 'floorAreaSqm' ? ' (m²)' : ''}.`,
      };
    home[name] = value;
  }
  return { home };
}
