/**
 * Netlify parity, emulator half: the route checks of tests/parity/route-checks.ts under `@netlify/dev`
 * (Netlify's own emulator: netlify.toml, `_headers`/`_redirects`, the generated function adapters and the
 * edge function in Deno; tests/helpers/netlify-dev.ts), and each outcome compared with the local server's
 * for the same check: status, the headers the project decides, and the body where it is deterministic.
 * Any difference is a bug in the shared code, not in this test.
 *
 * One emulator instance, checks in sequence; each function is bundled once, when the emulator registers it, and
 * that bundle answers every request (tests/helpers/netlify-dev.ts). Under CI the suite never skips: without a
 * working Deno it fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { type NetlifyDevServer, requireDeno, startNetlifyDev } from '../helpers/netlify-dev.ts';
import { compareOutcomes, ROUTE_CHECKS, runRouteCheck } from '../parity/route-checks.ts';

const skip = requireDeno();
let netlify: NetlifyDevServer | undefined;
let local: LocalServer | undefined;

describe('route checks under @netlify/dev, compared with the local server', { skip }, () => {
  before(async () => {
    netlify = await startNetlifyDev();
    local = await startLocalServer({ port: 0 });
  }, { timeout: 180_000 });
  after(async () => {
    await local?.close();
    await netlify?.close();
  });

  for (const check of ROUTE_CHECKS) {
    test(`${check.method} ${check.path}: ${check.name}`, { todo: check.pending, timeout: 120_000 }, async () => {
      assert.ok(netlify && local, 'servidores iniciados');
      const origin = siteOrigin();
      const onNetlify = await runRouteCheck(check, { baseUrl: netlify.url, origin });
      assert.deepEqual(onNetlify.problems, [], `@netlify/dev: ${check.method} ${check.path}\n  ${onNetlify.problems.join('\n  ')}`);
      const onLocal = await runRouteCheck(check, { baseUrl: local.url, origin });
      const differences = compareOutcomes(check, onNetlify, onLocal);
      assert.deepEqual(differences, [], `@netlify/dev ≠ servidor local: ${check.method} ${check.path}\n  ${differences.join('\n  ')}`);
    });
  }
});
