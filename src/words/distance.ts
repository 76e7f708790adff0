import type { Comparable } from '../api/types.js';
import { formatDistance } from '../format/format.js';
import type { Words } from './en.js';

/** How far a comparable is, in `words`: "1.2 km away", or "Distance unknown" where a place is not in the data. */
export const distanceAway = (words: Pick<Words, 'away' | 'distanceUnknown'>, c: Comparable) =>
  c.distanceKnown === false ? words.distanceUnknown : words.away(formatDistance(c.distanceM));
