/** Parameters every surface takes, read once, with one answer for a bad value everywhere. */
import type { components } from '../../../contract/generated/widget-host.js';

export type Mode = components['schemas']['Mode'];
export const MODES: readonly Mode[] = ['sale', 'rent'];

/** `mode` as sent: absent means a sale estimate; anything but sale or rent is refused, never guessed. */
export function readMode(value: unknown): { mode: Mode } | { problem: string } {
  if (value === undefined || value === null) return { mode: 'sale' };
  return value === 'sale' || value === 'rent' ? { mode: value } : { problem: 'mode must be sale or rent.' };
}
