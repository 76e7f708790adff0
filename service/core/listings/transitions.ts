/**
 * The listing and viewing state machines, read from the Platform API contract (`x-transitions` of
 * `StandardStatus` and `ViewingStatus`), so the reference, the SDK's types and the checks here are
 * one description.
 */
import { TRANSITIONS } from '../state-machines/transitions.js';
import type { components } from '../../../contract/generated/platform.js';

export type StandardStatus = components['schemas']['StandardStatus'];
export type ViewingStatus = components['schemas']['ViewingStatus'];

export const LISTING_TRANSITIONS = TRANSITIONS.StandardStatus;
export const VIEWING_TRANSITIONS = TRANSITIONS.ViewingStatus;

/** Statuses in which a listing takes viewings, and those in which its open viewings end. */
export const VIEWABLE: StandardStatus[] = ['active', 'active_under_contract'];
export const OFF_MARKET: StandardStatus[] = ['withdrawn', 'expired', 'closed', 'canceled'];
/** Viewings that hold their slot. */
export const HOLDS_SLOT: ViewingStatus[] = ['requested', 'confirmed'];

/** A refused move: where the resource is, and where it may go from there. */
export interface Refusal<S extends string> {
  refused: { from: S; allowed: S[] };
}
