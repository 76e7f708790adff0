/** The same estimate on every surface, on the sandbox's generated world (same-estimate-checks.ts). */
import { sameEstimateEverywhere } from './same-estimate-checks.js';

sameEstimateEverywhere('sandbox', async () => ({ origins: {} }));
