/**
 * Hands a request, with what the pipeline found, to the routes of the environment its session shows:
 * each environment's routes are built once on that environment's parts (environment-console.ts). The
 * server's own bindings (the connection, for the client's address) go along.
 */
import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Environment } from '../../../db/environments.js';
import type { ConsoleEnv, ConsoleVariables } from '../context.js';

export const handOn = (routes: Map<Environment, Hono<ConsoleEnv>>) =>
  createMiddleware<ConsoleEnv>(async (c) =>
    routes.get(c.var.shown.services.environment.name)!.fetch(c.req.raw, { ...c.env, handedOn: c.var }),
  );

/** The receiving end: what was found is the request's again. */
export const takeHandedOn = createMiddleware<ConsoleEnv>(async (c, next) => {
  for (const [key, value] of Object.entries(c.env.handedOn ?? {})) c.set(key as keyof ConsoleVariables, value as never);
  await next();
});
