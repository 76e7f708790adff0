/** One request's answers: its id and gathered headers on every answer, problems as problem+json. */
import { redactKeys } from '../../core/keys/prefixes.js';
import { problem, type Problem, type ProblemCode } from '../../web/problems.js';

export function createReply(requestId: string, referenceUrl: string) {
  let headers: Record<string, string> = { 'Request-Id': requestId, 'Cache-Control': 'no-store' };
  const send = (status: number, body: unknown, type = 'application/json') =>
    new Response(JSON.stringify(body), { status, headers: { ...headers, 'Content-Type': `${type}; charset=utf-8` } });
  return {
    requestId,
    headers: (more: Record<string, string>) => void (headers = { ...headers, ...more }),
    send,
    fail(code: ProblemCode, detail: string, extra: Partial<Problem> = {}, more: Record<string, string> = {}) {
      headers = { ...headers, ...more };
      const body = problem(code, redactKeys(detail), requestId, referenceUrl, extra);
      return send(body.status, body, 'application/problem+json');
    },
  };
}

export type Reply = ReturnType<typeof createReply>;
