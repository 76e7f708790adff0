import { tellSiteOwner } from '../internal/console.js';
import { httpUrl } from '../internal/links.js';
import { ownBase } from './own-base.js';

/** Resolves the API base a page or the loader gave against the page, falling back to this script's own. */
export function resolveApiBase(apiBase: string): string {
  const url = httpUrl(apiBase || ownBase(), document.baseURI);
  if (!url) tellSiteOwner(`data-api-base "${apiBase}" is not an http(s) URL.`, 'api_base', ownBase());
  const href = url?.href ?? ownBase();
  return href.endsWith('/') ? href : `${href}/`;
}
