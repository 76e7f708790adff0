/**
 * Which sandbox organization runs which folder of the Postman collection: the agency (every scope)
 * the most, the developer its projects' routes, a partner site its feed. Each has an environment with
 * its sandbox key, and docs/integrators.md gives the `newman run` line for each; the project's own
 * Newman test runs exactly these.
 */
import { EXAMPLE_KEYS, type ExampleKind, exampleKind } from '../../service/surfaces/docs/example-keys.js';

/** Each kind of organization with its article, as the folders and environments name it. */
export const AS_A: Record<ExampleKind, string> = {
  agency: 'an agency',
  developer: 'a developer',
  partner_site: 'a partner site',
};

/** A tag's folder holds the operations of the kind most of them are for; the others go to a folder of their kind. */
export function folderOf(tag: string, path: string, tagKind: ExampleKind): string {
  const kind = exampleKind(path);
  return kind === tagKind ? tag : `${tag}: as ${AS_A[kind]}`;
}

/** The kind most of a tag's operations are for. */
export function kindOfTag(paths: string[]): ExampleKind {
  const counts = new Map<ExampleKind, number>();
  for (const path of paths) counts.set(exampleKind(path), (counts.get(exampleKind(path)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

export const environmentFile = (kind: ExampleKind) => `sandbox-${kind.replace('_', '-')}.postman_environment.json`;

/** The runs a first try of the collection makes: each kind's folders under its own environment. */
export function postmanRuns(folders: { name: string; kind: ExampleKind }[]) {
  return (Object.keys(EXAMPLE_KEYS) as ExampleKind[]).map((kind) => ({
    kind,
    environment: environmentFile(kind),
    folders: folders.filter((f) => f.kind === kind).map((f) => f.name),
  }));
}

/** The `newman run` line for a run, from the repository's root. */
export const newmanLine = (run: ReturnType<typeof postmanRuns>[number]) =>
  `npx newman run contract/postman/platform.postman_collection.json -e contract/postman/${run.environment} ${run.folders
    .map((folder) => `--folder ${/\s/.test(folder) ? `"${folder}"` : folder}`)
    .join(' ')}`;
