/**
 * One document per API with no cross-file references, for converters (Postman, code generators)
 * that cannot follow `./widget-host.openapi.json#/…`: the widget host's schemas the platform
 * contract names are copied into its own `components.schemas`, with every schema they name in turn.
 */
type Json = unknown;
interface Document {
  components: { schemas: Record<string, Json> };
  [key: string]: Json;
}

const WIDGET_HOST_REF = './widget-host.openapi.json#/components/schemas/';
const LOCAL_REF = '#/components/schemas/';

/** The names `$ref`s point at under `prefix`, anywhere in `value`. */
function refsIn(value: Json, prefix: string, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, prefix, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(prefix))
        found.add(inner.slice(prefix.length));
      else refsIn(inner, prefix, found);
    }
  }
  return found;
}

/** `value` with every `$ref` under `from` pointing under `to` instead. */
function rewritten(value: Json, from: string, to: string): Json {
  if (Array.isArray(value)) return value.map((item) => rewritten(item, from, to));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith(from)
        ? to + inner.slice(from.length)
        : rewritten(inner, from, to),
    ]),
  );
}

export function bundled(platform: Document, widgetHost: Document): Document {
  const wanted = [...refsIn(platform, WIDGET_HOST_REF)];
  const copied = new Map<string, Json>();
  while (wanted.length) {
    const name = wanted.pop()!;
    if (copied.has(name)) continue;
    const schema = widgetHost.components.schemas[name];
    if (schema === undefined) throw new Error(`The widget host's contract has no schema ${name}.`);
    copied.set(name, schema);
    wanted.push(...refsIn(schema, LOCAL_REF));
  }
  const document = rewritten(platform, WIDGET_HOST_REF, LOCAL_REF) as Document;
  for (const [name, schema] of copied) {
    const own = document.components.schemas[name];
    if (own !== undefined && JSON.stringify(own) !== JSON.stringify(schema)) {
      throw new Error(`Both contracts define ${name} differently: rename one before bundling.`);
    }
    document.components.schemas[name] = schema;
  }
  return document;
}

/** Every `$ref` in a document that leaves it (a bundled document has none). */
export const externalRefsIn = (document: Json): string[] =>
  [...refsIn(document, '')].filter((ref) => !ref.startsWith('#'));
