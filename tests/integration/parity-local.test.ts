/**
 * Netlify parity, local half: the route checks of tests/parity/route-checks.ts against the local server
 * (`startLocalServer`). tests/integration/parity-netlify.test.ts runs the same checks under `@netlify/dev`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { ROUTE_CHECKS, runRouteCheck } from '../parity/route-checks.ts';

let server: LocalServer;

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(() => server.close());

describe('route checks on the local server', () => {
  for (const check of ROUTE_CHECKS) {
    test(`${check.method} ${check.path}: ${check.name}`, { todo: check.pending }, async () => {
      const outcome = await runRouteCheck(check, { baseUrl: server.url, origin: siteOrigin() });
      assert.deepEqual(outcome.problems, [], `${check.method} ${check.path}\n  ${outcome.problems.join('\n  ')}`);
    });
  }
});
