import { tellSiteOwner } from '../internal/console.js';
import { httpUrl } from '../internal/links.js';
import { ownBase } from './own-base.js';

/** The widget host API this code was served from. */
export const ownBaseUrl = ownBase;

/** Resolves the API base a page or the loader gave against the page, falling back to this script's own. */
export function resolveApiBase(apiBase: string): string {
  const url = httpUrl(apiBase || ownBaseUrl(), document.baseURI);
  if (!url) tellSiteOwner(`data-api-base "${apiBase}" is not an http(s) URL.`, 'api_base', ownBaseUrl());
  const href = url?.href ?? ownBaseUrl();
  return href.endsWith('/') ? href : `${href}/`;
}
