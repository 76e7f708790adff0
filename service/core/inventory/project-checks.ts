/**
 * What the inventory stores ask of a developer's project (a sandbox fixture): that it exists, that it
 * takes buyers, and that a unit type is its own. Each answer names the body field it is about.
 */
import type { components } from '../../../contract/generated/platform.js';

export type Project = components['schemas']['Project'];
export interface FieldError {
  parameter: string;
  detail: string;
}

/** Projects that take buyers and visitors. */
export const SELLING: Project['status'][] = ['preview', 'launched'];

export const noSuchProject = (parameter = 'body.projectId'): FieldError => ({
  parameter,
  detail: 'no project of this developer has this id (GET /developers/current/projects lists them)',
});

/** Why `unitType` is not one of the project's, or undefined. */
export function problemInUnitType(project: Project, unitType: string, parameter: string): FieldError | undefined {
  if (project.unitTypes.some((u) => u.name === unitType)) return undefined;
  return {
    parameter,
    detail: `must be one of ${project.name}'s unit types: ${project.unitTypes.map((u) => u.name).join(', ')}`,
  };
}
