/**
 * The Platform API's routes and request checks, read from contract/platform.openapi.json at start:
 * paths, methods, operation ids, the scope each needs (`x-required-scope`), and every parameter's
 * schema compiled by a JSON Schema 2020-12 validator (schemas shared with the widget contract are
 * resolved from it). Nothing here restates the contract.
 */
import { type Deprecation, deprecationOf } from './deprecation.js';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import platform from '../../contract/platform.openapi.json' with { type: 'json' };
import widgetHost from '../../contract/widget-host.openapi.json' with { type: 'json' };

const BASE = 'https://contract.service.example/';
const PLATFORM_ID = `${BASE}platform.openapi.json`;

/** Both documents in one validator, so `./widget-host.openapi.json#/…` references resolve. */
export const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, verbose: true });
ajv.addSchema({ ...widgetHost, $id: `${BASE}widget-host.openapi.json` });
ajv.addSchema({ ...platform, $id: PLATFORM_ID });

/** A reference as the validator knows it: into the widget host's document, or the platform's. */
const absolute = (ref: string) =>
  ref.startsWith('./widget-host.openapi.json#')
    ? `${BASE}widget-host.openapi.json${ref.slice(ref.indexOf('#'))}`
    : `${PLATFORM_ID}${ref}`;

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
  /** Validates the value after coercion from text (integers and numbers are read as numbers). */
  validate: ValidateFunction;
  /** The schema's type where text is read as a number. */
  numeric?: 'integer' | 'number';
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
  /** When the operation was deprecated and when it goes (web/deprecation.ts). */
  deprecation?: Deprecation;
}

type Operation = {
  operationId: string;
  deprecated?: boolean;
  'x-deprecated-since'?: string;
  'x-sunset'?: string;
  'x-required-scope': string;
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { content?: Record<string, unknown> };
};

type Document = { components: Record<string, Record<string, unknown>> };
const WIDGET_HOST_FILE = './widget-host.openapi.json';

/** What a `$ref` names, in the platform contract or (`./widget-host.openapi.json#/…`) the widget host's, and that document. */
function resolve(ref: string, from: Document): { value: unknown; document: Document } {
  const [file, pointer] = ref.split('#');
  const document = file === WIDGET_HOST_FILE ? (widgetHost as unknown as Document) : file ? undefined : from;
  if (!document) throw new Error(`The contract refers to ${ref}, which is in neither document.`);
  const [, section, name] = pointer.split('/').slice(1);
  return { value: document.components[section][name], document };
}

const resolveParameter = (
  p: ParameterObject | { $ref: string },
): { parameter: ParameterObject; document: Document } => {
  if (!('$ref' in p)) return { parameter: p, document: platform as unknown as Document };
  const { value, document } = resolve(p.$ref, platform as unknown as Document);
  return { parameter: value as ParameterObject, document };
};

/** `integer` or `number` where a parameter's schema (followed through its references) is one. */
function numericType(schema: object, document: Document): Parameter['numeric'] {
  if ('$ref' in schema) {
    const next = resolve(String(schema.$ref), document);
    return numericType(next.value as object, next.document);
  }
  const { type } = schema as { type?: string };
  return type === 'integer' || type === 'number' ? type : undefined;
}

export const routes: Route[] = Object.entries(platform.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []).map((given, i) => {
        const { parameter: p, document } = resolveParameter(given);
        const pointer =
          '$ref' in given
            ? given.$ref
            : `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/parameters/${i}`;
        return {
          name: p.name,
          in: p.in as 'query' | 'path',
          required: Boolean(p.required),
          numeric: numericType(p.schema, document),
          validate: ajv.compile({ $ref: `${absolute(pointer)}/schema` }),
        };
      });
      const pattern = new RegExp(`^${path.replace(/\{([^}]+)\}/g, '(?<$1>[^/]+)')}$`);
      const pointer = `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}`;
      const body = operation.requestBody?.content?.['application/json']
        ? validatorFor(`${pointer}/requestBody/content/application~1json/schema`)
        : undefined;
      const routePath = path.replace(/\{([^}]+)\}/g, ':$1');
      const deprecation = deprecationOf(operation);
      // A deprecation without its dates is the contract's mistake: the service does not start with it.
      if (deprecation && 'problem' in deprecation) throw new Error(deprecation.problem);
      return {
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        scope: operation['x-required-scope'],
        parameters,
        body,
        pattern,
        routePath,
        ...(deprecation ? { deprecation } : {}),
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
