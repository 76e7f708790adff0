/**
 * The engine a deployment serves from, replaced whole when new data are imported (a scheduled fetch,
 * an operator's import, another process's): every surface holds this one object, and each read
 * reaches the engine built from the newest data. A request already running finishes on the engine it
 * started with; nothing is half-replaced, since an engine is built in full before it is swapped in.
 */
import { createEstimateEngine, type EngineOptions, type EstimateEngine } from './engine.js';

export type EngineData = Pick<EngineOptions, 'homes' | 'hdb' | 'sources'>;
export type ReplaceableEngine = EstimateEngine & {
  /** Builds the engine from `data` and serves from it from now on. */
  replace(data: EngineData): void;
};

export function replaceableEngine(options: EngineOptions): ReplaceableEngine {
  let current = createEstimateEngine(options);
  const engine = {} as ReplaceableEngine;
  for (const key of Object.keys(current) as (keyof EstimateEngine)[])
    Object.defineProperty(engine, key, { get: () => current[key], enumerable: true });
  engine.replace = (data) => {
    current = createEstimateEngine({ ...options, ...data });
  };
  return engine;
}
