/**
 * Every state machine the Platform API contract declares (`x-transitions` on a status schema), read
 * once into one table: the stores move their rows by it, the reference draws it, the SDK's types
 * follow it. A status schema given `x-transitions` in the contract is here without a line of code.
 */
import platform from '../../../contract/platform.openapi.json' with { type: 'json' };
import type { components } from '../../../contract/generated/platform.js';

type Schemas = components['schemas'];

/** The status schemas that carry `x-transitions`. */
export type MachineName =
  | 'StandardStatus'
  | 'ViewingStatus'
  | 'IntegrationReviewStatus'
  | 'ShowflatBookingStatus'
  | 'InventoryBatchStatus'
  | 'DistributionStatus'
  | 'MortgageJourneyStatus'
  | 'ServiceOrderStatus'
  | 'ProjectStatus';

/** A machine's moves: from each status, the statuses it may move to. */
export type Transitions<S extends string> = Record<S, S[]>;

const schemas = platform.components.schemas as Record<string, { enum?: string[]; 'x-transitions'?: unknown }>;

export const TRANSITIONS = Object.fromEntries(
  Object.entries(schemas)
    .filter(([, schema]) => schema['x-transitions'])
    .map(([name, schema]) => [name, schema['x-transitions']]),
) as { [M in MachineName]: Transitions<Schemas[M] & string> };
