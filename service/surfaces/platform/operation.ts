/** What an operation of the Platform API is: the words every area's handlers and the registry share. */
import type { operations as ContractOperations } from '../../../contract/generated/platform.js';
import type { StoredKey } from '../../core/keys/platform-keys.js';
import type { OrganizationRecord } from '../../core/directory/directory.js';
import type { Problem, ProblemCode } from '../../web/problems.js';

export interface OperationContext {
  key: StoredKey;
  org: OrganizationRecord;
  /** Query and path parameters, checked against the contract. */
  params: Record<string, string | number | undefined>;
  /** The JSON body, checked against the contract (operations that take one). */
  body?: unknown;
}

export type Answer =
  | { body: unknown; status?: number }
  | { problem: ProblemCode; detail: string; extra?: Partial<Problem>; headers?: Record<string, string> };
export type Operation = (ctx: OperationContext) => Answer | Promise<Answer>;
export type OperationId = keyof ContractOperations;
