/**
 * Lighthouse (npm `lighthouse`, Debian's Chromium) on the home page, a solution, an article, the
 * measurement page and the contact page (its form), through the local server over the built dist/ (real `_headers`: the page CSP, HSTS …).
 * Lighthouse's defaults: mobile form factor and simulated throttling (Lantern), so the performance score does
 * not depend on this machine's real network. Each page is run 3 times and each category's median is held to
 * performance ≥ 98, accessibility, best practices and SEO = 100. One Chromium serves every run.
 * The reports (JSON and HTML, one per run) and a summary land in test-results/lighthouse/.
 *
 * The pages are opened at http://localhost:<port>: Lighthouse counts localhost as a secure context, so the
 * HTTPS audits (is-on-https, redirects-http) judge it as they would the HTTPS site.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { LaunchedChrome } from 'chrome-launcher';
import type { Result as LighthouseResult } from 'lighthouse';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { firstPublished } from '../helpers/published.ts';
import { CHROMIUM, CHROMIUM_ARGS, requireSystem } from '../helpers/system.ts';

const skip = requireSystem(CHROMIUM, 'chromium');
const root = new URL('../../', import.meta.url);
const REPORTS = fileURLToPath(new URL('test-results/lighthouse/', root));
const RUNS = 3;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const MINIMUM: Record<Category, number> = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };


const pages: { name: string; path: string }[] = skip
  ? []
  : [
      { name: 'inicio', path: '/' },
      { name: 'solucao', path: `/${firstPublished('solucoes/').rota}` },
      { name: 'artigo', path: `/${firstPublished('blog/').rota}` },
      { name: 'medicao', path: '/diagnostico-de-visibilidade-cognitiva' },
      { name: 'contato', path: '/contato' },
      { name: 'precos', path: '/precos' },
    ];

let server: LocalServer;
let chrome: LaunchedChrome;
const summary: Record<string, { path: string; runs: Record<Category, number>[]; median: Record<Category, number> }> = {};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const score = (lhr: LighthouseResult, category: Category): number => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The audits that cost a category points in one run, for a failure message that says what to fix. */
function losses(lhr: LighthouseResult, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''}): ${audit.title}`);
}

type Lighthouse = typeof import('lighthouse').default;

/**
 * One Lighthouse run. A run that Lighthouse itself reports as broken (a `runtimeError` such as NO_NAVSTART,
 * a trace it failed to record on this loaded machine) measured nothing: it is repeated, at most twice.
 * Scores are never retried.
 */
async function audit(lighthouse: Lighthouse, url: string): Promise<{ lhr: LighthouseResult; report: string | string[] }> {
  const errors: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Only the report's element thumbnails use it; no audit score does. Saves ~2.5 s a run.
      disableFullPageScreenshot: true,
    });
    assert.ok(result, `o Lighthouse não devolveu resultado para ${url}`);
    if (!result.lhr.runtimeError) return result;
    errors.push(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  }
  assert.fail(`o Lighthouse falhou 3 vezes em ${url}: ${errors.join(' | ')}`);
}

describe('Lighthouse: performance, accessibility, best practices and SEO', { skip }, () => {
  before(async () => {
    const { launch } = await import('chrome-launcher');
    server = await startLocalServer({ port: 0 });
    chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
      logLevel: 'error',
    });
    await mkdir(REPORTS, { recursive: true });
  });

  after(async () => {
    if (Object.keys(summary).length) await writeFile(`${REPORTS}resumo.json`, `${JSON.stringify(summary, null, 2)}\n`);
    chrome?.kill();
    await server?.close();
  });

  for (const page of pages) {
    test(`${page.name} (${page.path}): median of ${RUNS} runs`, { timeout: 300_000 }, async (t) => {
      const { default: lighthouse } = await import('lighthouse');
      const url = `http://localhost:${server.port}${page.path}`;
      const runs: LighthouseResult[] = [];
      for (let i = 1; i <= RUNS; i++) {
        const { lhr, report } = await audit(lighthouse, url);
        // A host CPU slower than Lighthouse's baseline is the machine, not the page (the scores still count).
        const warnings = lhr.runWarnings.filter((w) => !/slower CPU/i.test(w));
        assert.deepEqual(warnings, [], `avisos do Lighthouse em ${url}`);
        const [json, html] = report as string[];
        await writeFile(`${REPORTS}${page.name}-${i}.report.json`, json!);
        await writeFile(`${REPORTS}${page.name}-${i}.report.html`, html!);
        runs.push(lhr);
      }

      const scores = runs.map((lhr) => Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])) as Record<Category, number>);
      const medians = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores.map((s) => s[c]))])) as Record<Category, number>;
      summary[page.name] = { path: page.path, runs: scores, median: medians };
      t.diagnostic(`medianas: ${CATEGORIES.map((c) => `${c} ${medians[c]} (${scores.map((s) => s[c]).join('/')})`).join(', ')}`);

      const failures: string[] = [];
      for (const category of CATEGORIES) {
        if (medians[category] >= MINIMUM[category]) continue;
        // Explain with the run whose score is the median.
        const run = runs[scores.findIndex((s) => s[category] === medians[category])]!;
        failures.push(`${category}: mediana ${medians[category]} < ${MINIMUM[category]} (${scores.map((s) => s[category]).join(', ')}) → ${losses(run, category).join(' | ')}`);
      }
      assert.deepEqual(failures, [], `${page.path}: notas abaixo do mínimo (relatórios em test-results/lighthouse/${page.name}-*.report.html)`);
    });
  }
});
