/**
 * The site as afdocs (the Agent-Friendly Documentation Spec's reference checker) sees it, run in-process against the
 * local server: the score must stay at 95 or more and the /llms.txt pointer must sit near the top of every page and
 * twin. Why the remaining warnings are accepted: docs/afdocs.md. It reads every page with a third-party parser (about
 * 5 s of CPU), so only `npm test` runs it; tests/integration/llms-txt-pointer.test.ts checks the pointer and the root
 * llms.txt's `## Optional` section on every fast run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CheckResult, computeScore, runChecks } from 'afdocs';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { publishedPages } from '../helpers/published.ts';

let server: LocalServer;
/** Paths of the site's pages (from the published index), to tell them from the endpoints afdocs also samples. */
const pagePaths = new Set(publishedPages().map((p) => new URL(p.url).pathname));
const origin = siteOrigin();

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(() => server.close());

describe('afdocs', () => {
  let results: Map<string, CheckResult>;
  let score: ReturnType<typeof computeScore>;

  before(async () => {
    // Every page, in a reproducible order (no random sample), without the CLI's politeness delay. The links of the
    // build point at its origin (SITE_URL); afdocs rewrites that origin to the test server's, as for a preview deploy.
    const report = await runChecks(server.url, {
      canonicalOrigin: origin,
      samplingStrategy: 'deterministic',
      maxLinksToTest: 500,
      requestDelay: 0,
      maxConcurrency: 4,
    });
    results = new Map(report.results.map((r) => [r.id, r]));
    score = computeScore(report);
  });

  test('scores 95 or more', () => {
    const lost = Object.entries(score.checkScores)
      .filter(([, c]) => c.proportion < 1)
      .map(([id, c]) => `${id} ${c.proportion.toFixed(2)}`);
    assert.ok(score.overall >= 95, `afdocs ${score.overall} (${score.grade}); abaixo de 100%: ${lost.join(', ')}`);
  });

  test('the /llms.txt pointer is near the top of every HTML page and every twin', () => {
    for (const id of ['llms-txt-directive-html', 'llms-txt-directive-md'] as const) {
      const pages = (results.get(id)?.details?.pageResults ?? []) as { url: string; found: boolean; positionPercent?: number; error?: string }[];
      const html = pages.filter((p) => !p.error && pagePaths.has(new URL(p.url).pathname));
      assert.equal(html.length, pagePaths.size, `${id}: every page tested`);
      for (const p of html) {
        assert.ok(p.found, `${id}: no /llms.txt pointer in ${p.url}`);
        assert.ok((p.positionPercent ?? 1) <= 0.15, `${id}: pointer at ${Math.round((p.positionPercent ?? 1) * 100)}% of ${p.url}`);
      }
    }
  });
});
