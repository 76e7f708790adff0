/**
 * The data a deployment serves now: the ones it started with until the imports change, then the ones
 * loaded again (settings.ts `reload`), swapped into the one engine whole. Every process of a cluster
 * checks for itself (workers/data-reloader.ts), so an import in one reaches them all.
 */
import type { ReplaceableEngine } from '../estimates/replaceable-engine.js';
import type { DeploymentData } from './settings.js';

export function currentData(initial: DeploymentData, engine: ReplaceableEngine) {
  let data = initial;
  let loading: Promise<boolean> | undefined;
  const refresh = async (): Promise<boolean> => {
    const reload = data.reload;
    if (!reload || (await reload.fingerprint()) === reload.seen) return false;
    const next = await reload.load();
    engine.replace(next);
    data = next;
    return true;
  };
  return {
    now: () => data,
    /** Why the data cannot serve yet (live with nothing imported), or undefined. */
    notReady: () => data.notReady,
    /** Loads the data again if the imports changed since: true when they did. One load at a time. */
    refresh(): Promise<boolean> {
      loading ??= refresh().finally(() => (loading = undefined));
      return loading;
    },
  };
}
