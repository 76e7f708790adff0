/**
 * The Zapier integration: its definitions come from the contract (generated/operations.json, which
 * `npm run adapters` writes); this file only puts them together.
 */
import zapier, { defineApp } from 'zapier-platform-core';
import operations from './generated/operations.json' with { type: 'json' };
import { createsOf, searchesOf } from './lib/actions.js';
import { authentication } from './lib/authentication.js';
import { problemsAsErrors, withBearer } from './lib/http.js';
import { triggersOf } from './lib/triggers.js';
import pkg from './package.json' with { type: 'json' };

export default defineApp({
  version: pkg.version,
  platformVersion: zapier.version,
  authentication,
  beforeRequest: [withBearer],
  afterResponse: [problemsAsErrors],
  triggers: triggersOf(operations),
  creates: createsOf(operations),
  searches: searchesOf(operations),
});
