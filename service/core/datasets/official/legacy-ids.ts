/** The ids homes had before, still answered (imported-homes.ts adds them to the homes' look-up). */
import type { Homes, PropertyRecord } from '../../estimates/homes.js';
import { homeId } from './imported-home-keys.js';

/**
 * A condo's id named its project without its street until a project became its name on its street
 * (`condo-the-sail-marina-bay-2br`): a listing, a mortgage journey or a link saved with such an id still
 * finds the home, where the old id names one home alone and no home has it as its own.
 */
export function answerLegacyIds(homes: Homes): void {
  const legacy = new Map<string, PropertyRecord | null>();
  for (const home of homes.properties) {
    if (home.propertyType !== 'condo' || !home.project) continue;
    const old = homeId('condo', home.project, home.unitType.replace('-bedroom', 'br'));
    legacy.set(old, legacy.has(old) ? null : home);
  }
  for (const [old, home] of legacy) if (home && !homes.byId.has(old)) homes.byId.set(old, home);
}
