import type { components } from '../../contract/generated/widget-host.js';

export type Suggestion = components['schemas']['Suggestion'];
export type SuggestionList = components['schemas']['SuggestionList'];
export type Estimate = components['schemas']['Estimate'];
export type Comparable = components['schemas']['Comparable'];
export type Mode = components['schemas']['Mode'];
export type HomeType = components['schemas']['HomeType'];
export type Language = components['schemas']['Language'];
export type HostErrorCode = components['schemas']['ErrorCode'];
export type HostError = components['schemas']['Error'];
export type AreaUnit = components['schemas']['AreaUnit'];
/** What a visitor may say of their home beyond its id: its storey and floor area (m²). */
export type HomeAsked = { storey?: number; floorAreaSqm?: number };
