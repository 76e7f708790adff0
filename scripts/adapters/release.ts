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
  const changes = other
    .filter((c) => c.type === 'non-breaking' || c.type === 'deprecated')
    .map(({ description, type }) => ({ description, type }));
  return { release: { version: current.info.version, date, summary, changes } };
}
