/**
 * What a home is, read from the official files' words: its kind as the service's catalogues name it
 * ("4 ROOM" is `4-room`), a private home's bedrooms from its floor area (URA's sales give none), and
 * an id every surface can carry (lower-case letters, digits and hyphens, at most 64). Safe in a page.
 */
/** HDB's flat types as the catalogues name them: "4 ROOM" → `4-room`, "EXECUTIVE" → `Executive`. */
export function hdbUnitType(flatType: string): string {
  const rooms = /^([1-5]) ROOM$/.exec(flatType);
  if (rooms) return `${rooms[1]}-room`;
  return flatType.charAt(0) + flatType.slice(1).toLowerCase();
}

/**
 * A condo unit's bedrooms from its floor area, where URA's sales say nothing of them: the bands the
 * market reads sizes by (to 55 m², 85 m², 120 m² and 160 m²), checked against URA's rental contracts,
 * which give both.
 */
export function bedroomsOf(floorAreaSqm: number): string {
  const bands = [55, 85, 120, 160];
  const index = bands.findIndex((top) => floorAreaSqm <= top);
  return `${index === -1 ? 5 : index + 1}-bedroom`;
}

/** URA's landed types as the catalogues name them: "Semi-detached House" → `Semi-detached`. */
export function landedUnitType(kind: string): string {
  const bare = kind.replace(/^strata /i, '').replace(/ house$/i, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1).toLowerCase();
}

const MAX_ID = 64;

/** An id from its parts: `hdb-560406-4-room`; one that would run past 64 characters ends in a hash of the whole. */
export function homeId(...parts: string[]): string {
  const id = parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (id.length <= MAX_ID) return id;
  const hash =
    fnv1a(id, 0x811c9dc5).toString(16).padStart(8, '0').slice(0, 5) +
    fnv1a(id, 0x01000193).toString(16).padStart(8, '0').slice(0, 5);
  return `${id.slice(0, MAX_ID - hash.length - 1).replace(/-$/, '')}-${hash}`;
}

/** FNV-1a over the id's characters from `basis`: a short, stable tag for an id cut to length (not a secret). */
function fnv1a(text: string, basis: number): number {
  let hash = basis;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}
