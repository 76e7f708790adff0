/**
 * The deprecation policy (docs/integrators.md, "Versioning"): `/v1` never breaks; an operation
 * that will go is marked `deprecated` in the contract with `x-deprecated-since` and `x-sunset`
 * (at least SUNSET_NOTICE_DAYS apart), and every answer it gives until then says so in the headers
 * RFC 9745 (`Deprecation`) and RFC 8594 (`Sunset`) define, linking to the changelog.
 */
export const SUNSET_NOTICE_DAYS = 180;
const DAY_MS = 86_400_000;

export interface Deprecation {
  /** The day it was deprecated (YYYY-MM-DD). */
  since: string;
  /** The first day it may no longer answer (YYYY-MM-DD). */
  sunset: string;
}

interface MarkedOperation {
  operationId: string;
  deprecated?: boolean;
  'x-deprecated-since'?: string;
  'x-sunset'?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An operation's deprecation, or a sentence saying what its marks lack. */
export function deprecationOf(op: MarkedOperation): Deprecation | undefined | { problem: string } {
  const since = op['x-deprecated-since'];
  const sunset = op['x-sunset'];
  if (!op.deprecated) {
    return since || sunset ? { problem: `${op.operationId} has deprecation dates but is not deprecated.` } : undefined;
  }
  if (!since || !DATE.test(since) || !sunset || !DATE.test(sunset)) {
    return { problem: `${op.operationId} is deprecated: give x-deprecated-since and x-sunset as YYYY-MM-DD.` };
  }
  if (Date.parse(sunset) - Date.parse(since) < SUNSET_NOTICE_DAYS * DAY_MS) {
    return { problem: `${op.operationId}'s sunset is less than ${SUNSET_NOTICE_DAYS} days after its deprecation.` };
  }
  return { since, sunset };
}

/** The headers on every answer of a deprecated operation. */
export function deprecationHeaders({ since, sunset }: Deprecation, changelogUrl: string): Record<string, string> {
  return {
    // RFC 9745: a Structured Field Date, seconds since the epoch.
    Deprecation: `@${Date.parse(since) / 1000}`,
    // RFC 8594: an HTTP-date.
    Sunset: new Date(Date.parse(sunset)).toUTCString(),
    Link: `<${changelogUrl}>; rel="deprecation"; type="text/html", <${changelogUrl}>; rel="sunset"; type="text/html"`,
  };
}
