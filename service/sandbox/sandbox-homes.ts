/** The sandbox's generated world, made once a process: the same from the same seed. Safe in a page (MSW). */
import type { Homes } from '../core/estimates/homes.js';
import { generateFixtures } from './fixtures/generate.js';

let world: Homes | undefined;
export const sandboxHomes = () => (world ??= generateFixtures());
