/**
 * Every attribute a site owner may write, and the values each takes: the one list that the loader,
 * the element, the React typing, custom-elements.json and the console's snippet builder follow (a
 * test holds the manifest to it; the type system holds the others).
 */
import type { Language, Mode } from './types.js';

/** What the loader copies from a container to the element it mounts. */
export const FORWARDED_ATTRIBUTES = ['data-embed-key', 'data-theme', 'data-mode', 'data-query', 'data-lang'] as const;
/** The loader sets `data-api-base` itself; a bundled element needs it written. */
export const PUBLIC_ATTRIBUTES = [...FORWARDED_ATTRIBUTES, 'data-api-base'] as const;
export type PublicAttribute = (typeof PUBLIC_ATTRIBUTES)[number];

/** The values each attribute takes (any attribute added to the list is at least a string). */
export interface PublicAttributeValues extends Record<PublicAttribute, string> {
  /** The site's publishable widget key, `svce_test_…` or `svce_live_…`. */
  'data-embed-key': string;
  /** The widget host, e.g. `https://<widget host>/`: a bundled element cannot know it. */
  'data-api-base': string;
  /** `auto` follows the visitor's system. */
  'data-theme': 'light' | 'dark' | 'auto';
  'data-mode': Mode;
  /** A search to fill in, e.g. a listing's postal code. */
  'data-query': string;
  /** `auto` takes the page's `<html lang>` when the panel speaks it. */
  'data-lang': Language | 'auto';
}
