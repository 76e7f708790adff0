/**
 * How many of the homes the data holds each surface values: every home (an HDB block's flat type, a
 * condo project's bedroom count, a landed street's house type) asked for its sale and its rent through
 * the engine's own `estimate`, the function the widget host, the Platform API, MCP and the valuation
 * page call. A refusal is counted by its reason, so that a shortfall says where it comes from.
 */
import type { EstimateEngine } from './engine.js';
import type { PropertyRecord } from './homes.js';
import type { Mode } from './parameters.js';

export interface Share {
  homes: number;
  valued: number;
  /** Refusals by reason (refusals.ts), and `invalid_home` where the home's own figures are refused. */
  refused: Record<string, number>;
}

export type Coverage = Record<`${PropertyRecord['propertyType']} ${Mode}`, Share>;

export function coverageOf(engine: Pick<EstimateEngine, 'estimate' | 'homes'>): Coverage {
  const coverage = {} as Coverage;
  for (const home of engine.homes.properties)
    for (const mode of ['sale', 'rent'] as const) {
      const share = (coverage[`${home.propertyType} ${mode}`] ??= { homes: 0, valued: 0, refused: {} });
      share.homes++;
      const outcome = engine.estimate(home.id, mode);
      if ('estimate' in outcome) share.valued++;
      else {
        const reason = outcome.problem === 'no_comparables' ? outcome.reason : outcome.problem;
        share.refused[reason] = (share.refused[reason] ?? 0) + 1;
      }
    }
  return coverage;
}

/**
 * The share valued of HDB homes, or of private ones (condos and landed), in `mode`s given; undefined
 * where none are loaded: no such home, or none with a transaction of that mode to value it from.
 */
export function shareValued(
  coverage: Coverage,
  kind: 'hdb' | 'private',
  modes: Mode[] = ['sale', 'rent'],
): number | undefined {
  let homes = 0;
  let valued = 0;
  let unloaded = 0;
  for (const [key, share] of Object.entries(coverage)) {
    const [type, mode] = key.split(' ');
    if ((kind === 'hdb') !== (type === 'hdb') || !modes.includes(mode as Mode)) continue;
    homes += share.homes;
    valued += share.valued;
    unloaded += share.refused.no_data_for_mode ?? 0;
  }
  return homes && unloaded < homes ? valued / homes : undefined;
}

/** The coverage as a table of text, one line a kind and mode, with the reasons for what was refused. */
export function coverageTable(coverage: Coverage): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  const lines = [`${'home'.padEnd(12)} ${'homes'.padStart(7)} ${'valued'.padStart(7)} ${'share'.padStart(8)}  refused`];
  for (const [key, share] of Object.entries(coverage).sort(([a], [b]) => a.localeCompare(b))) {
    const refused = Object.entries(share.refused)
      .map(([reason, count]) => `${count} ${reason}`)
      .join(', ');
    lines.push(
      `${key.padEnd(12)} ${String(share.homes).padStart(7)} ${String(share.valued).padStart(7)} ${percent(share.valued / share.homes).padStart(8)}  ${refused}`.trimEnd(),
    );
  }
  const said = (kind: 'hdb' | 'private', mode: Mode) => {
    const share = shareValued(coverage, kind, [mode]);
    return `${mode} ${share === undefined ? 'none loaded' : percent(share)}`;
  };
  lines.push(
    `HDB homes valued: ${said('hdb', 'sale')}, ${said('hdb', 'rent')}; private homes: ${said('private', 'sale')}, ${said('private', 'rent')}.`,
  );
  return lines.join('\n');
}
