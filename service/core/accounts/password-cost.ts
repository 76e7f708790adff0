/**
 * What one password hash costs. Production's is OWASP's scrypt, N = 2^17, r = 8, p = 1 (128 MiB, 0.3 to
 * 0.5 s a hash here). The test suites make a few hundred hashes a run, so an explicit switch,
 * `SERVICE_PASSWORD_COST=test`, set by `npm run test:node` and Playwright's server only, makes one cost
 * N = 2^10 (1 MiB, about a millisecond). The stored hash names its parameters, so hashes of either
 * cost verify under either setting and nothing needs a migration.
 *
 * The switch is refused wherever real people's passwords could be kept: with live served
 * (SERVICE_LIVE=on, as start:live sets it) or on a PostgreSQL server (DATABASE_URL, as every deployment
 * of more than one process has it).
 */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

export const PRODUCTION_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 };
export const TEST_COST: PasswordCost = { N: 2 ** 10, r: 8, p: 1 };

export class TestPasswordCostRefused extends Error {
  override name = 'TestPasswordCostRefused';
}

/** The cost `env` asks for; throws where the test cost is asked for where it must not be. */
export function passwordCostFrom(env: NodeJS.ProcessEnv): PasswordCost {
  const asked = env.SERVICE_PASSWORD_COST;
  if (!asked || asked === 'production') return PRODUCTION_COST;
  if (asked !== 'test')
    throw new TestPasswordCostRefused(`SERVICE_PASSWORD_COST is 'test' (for test runs only) or unset, not '${asked}'.`);
  const where = env.SERVICE_LIVE === 'on' ? 'live is served' : env.DATABASE_URL ? 'DATABASE_URL is set' : undefined;
  if (where)
    throw new TestPasswordCostRefused(
      `SERVICE_PASSWORD_COST=test is for test runs only, and ${where}: unset it, so that passwords are hashed at production cost.`,
    );
  return TEST_COST;
}
