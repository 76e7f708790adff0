/**
 * The Platform API's routes and request checks, read from contract/platform.openapi.json at start:
 * paths, methods, operation ids, the scope each needs (`x-required-scope`), and every parameter's
 * schema compiled by a JSON Schema 2020-12 validator (schemas shared with the widget contract are
 * resolved from it). Nothing here restates the contract.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import platform from '../../contract/platform.openapi.json' with { type: 'json' };
import widgetHost from '../../contract/widget-host.openapi.json' with { type: 'json' };

const BASE = 'https://contract.service.example/';
const PLATFORM_ID = `${BASE}platform.openapi.json`;

/** Both documents in one validator, so `./widget-host.openapi.json#/…` references resolve. */
export const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, verbose: true });
ajv.addSchema({ ...widgetHost, $id: `${BASE}widget-host.openapi.json` });
ajv.addSchema({ ...platform, $id: PLATFORM_ID });

/** A validator for a JSON pointer into the platform contract, e.g. `#/components/schemas/Problem`. */
export const validatorFor = (pointer: string): ValidateFunction => ajv.compile({ $ref: `${PLATFORM_ID}${pointer}` });

interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: object;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  /** Validates the value after coercion from text (integers are read as numbers). */
  validate: ValidateFunction;
  integer: boolean;
}

export interface Route {
  method: string;
  path: string;
  operationId: string;
  scope: string;
  parameters: Parameter[];
  /** The JSON body's schema, for an operation that takes one. */
  body?: ValidateFunction;
  pattern: RegExp;
  /** The path in Hono's route syntax (`/valuations/:propertyId`). */
  routePath: string;
}

type Operation = {
  operationId: string;
  'x-required-scope': string;
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { content?: Record<string, unknown> };
};

const resolveParameter = (p: ParameterObject | { $ref: string }): ParameterObject =>
  '$ref' in p ? (platform.components.parameters as Record<string, ParameterObject>)[p.$ref.split('/').pop()!] : p;

function isInteger(schema: object): boolean {
  return (schema as { type?: string }).type === 'integer';
}

export const routes: Route[] = Object.entries(platform.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []).map((given, i) => {
        const p = resolveParameter(given);
        const pointer =
          '$ref' in given
            ? given.$ref
            : `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/parameters/${i}`;
        return {
          name: p.name,
          in: p.in as 'query' | 'path',
          required: Boolean(p.required),
          integer: isInteger(p.schema),
          validate: validatorFor(`${pointer}/schema`),
        };
      });
      const pattern = new RegExp(`^${path.replace(/\{([^}]+)\}/g, '(?<$1>[^/]+)')}$`);
      const pointer = `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}`;
      const body = operation.requestBody?.content?.['application/json']
        ? validatorFor(`${pointer}/requestBody/content/application~1json/schema`)
        : undefined;
      const routePath = path.replace(/\{([^}]+)\}/g, ':$1');
      return {
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        scope: operation['x-required-scope'],
        parameters,
        body,
        pattern,
        routePath,
      };
    }),
);

export type RouteMatch = { route: Route; pathParams: Record<string, string> } | { allowed: string[] } | undefined;

/** The route for a method and a path under the base URL; `{ allowed }` when only the method is wrong. */
export function matchRoute(method: string, path: string): RouteMatch {
  const matching = routes.filter((route) => route.pattern.test(path));
  if (matching.length === 0) return undefined;
  const route = matching.find((r) => r.method === method);
  if (!route) return { allowed: matching.map((r) => r.method) };
  return { route, pathParams: { ...route.pattern.exec(path)!.groups } };
}

export const contractDocument = platform;
