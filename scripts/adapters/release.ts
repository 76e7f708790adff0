/**
 * A release of the contract: the changelog's next entry, made from what changed since the last
 * released contract (contract/released/), or the reasons it cannot be one: a breaking change to
 * `/v1`, or a version that does not move forward.
 */
import { compared, type Change } from './compatibility.js';

export interface Release {
  version: string;
  date: string;
  summary: string;
  changes: { description: string; type: string }[];
}

/** A change as the changelog says it, or nothing for one the others imply (a new operation's schemas, its copies in each answer). */
export function changelogLine({ segments, action, after, type, description }: Change): string | undefined {
  const [root, name, inner, kind, field] = segments;
  if (type === 'deprecated') return `Deprecated: ${description}`;
  if (action !== 'add') return undefined;
  if (root === 'paths' && segments.length === 3) return `New operation ${inner!.toUpperCase()} /v1${name}`;
  if (root === 'webhooks' && segments.length === 2) return `New webhook event ${name}`;
  if (root === 'tags' && segments.length === 2) return `New area: ${(after as { name: string }).name}`;
  if (root === 'components' && name === 'schemas' && segments.length === 5) {
    if (kind === 'enum') return `${inner} takes ${JSON.stringify(after)}`;
    if (kind === 'properties') return `New field ${field} of ${inner}`;
  }
  return undefined;
}

const parts = (version: string) => version.split(/[.-]/).slice(0, 3).map(Number);
const isAfter = (next: string, last: string) => {
  const [a, b] = [parts(next), parts(last)];
  const i = a.findIndex((n, at) => n !== b[at]);
  return i >= 0 && a[i] > b[i];
};

export function releaseOf(
  released: { info: { version: string } },
  current: { info: { version: string } },
  date: string,
  summary: string,
): { release: Release } | { refused: string[]; breaking: Change[] } {
  const { breaking, other } = compared(released, current);
  const refused = [
    ...(isAfter(current.info.version, released.info.version)
      ? []
      : [`info.version ${current.info.version} must come after the released ${released.info.version}.`]),
    ...breaking.map((c) => `Breaking: ${c.description} (${c.path})`),
  ];
  if (refused.length) return { refused, breaking };
  const changes = other.flatMap((c) => {
    const line = changelogLine(c);
    return line ? [{ description: line, type: c.type === 'deprecated' ? 'deprecated' : 'added' }] : [];
  });
  return { release: { version: current.info.version, date, summary, changes } };
}
