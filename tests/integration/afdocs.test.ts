/**
 * The site as afdocs (the Agent-Friendly Documentation Spec's reference checker) sees it, run in-process against the
 * local server: the score must stay at 95 or more, the /llms.txt pointer must sit near the top of every page and twin,
 * and the root llms.txt must keep what is not a page (endpoints, JSON, JSON Lines, OpenAPI) in its `## Optional` section.
 * Why the remaining warnings are accepted: docs/afdocs.md.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { type CheckResult, computeScore, runChecks } from 'afdocs';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import type { IndexEntry } from '../../src/model/site-data.ts';
import { llmsLinks, validateLlmsTxt } from '../helpers/llms-txt.ts';

let server: LocalServer;
/** Paths of the site's pages (from the published index), to tell them from the endpoints afdocs also samples. */
let pagePaths: Set<string>;
const origin = siteOrigin();

before(async () => {
  server = await startLocalServer({ port: 0 });
  const index: { paginas: IndexEntry[] } = JSON.parse(await readFile(new URL('../../dist/agentes/indice.json', import.meta.url), 'utf8'));
  pagePaths = new Set(index.paginas.map((p) => new URL(p.url).pathname));
});
after(() => server.close());

/** `## Title` blocks of an llms.txt, with their links. */
const sections = (text: string) =>
  text.split(/^## /m).slice(1).map((block) => ({ titulo: block.slice(0, block.indexOf('\n')), links: llmsLinks(block) }));

describe('llms.txt: pages apart from what is not a page', () => {
  test('outside `## Optional` every link is a markdown page; MCP, /ask, JSON, JSON Lines and OpenAPI are in `## Optional`', async () => {
    const text = await (await fetch(`${server.url}/llms.txt`)).text();
    assert.deepEqual(validateLlmsTxt(text), []);
    const all = sections(text);
    assert.equal(all.at(-1)?.titulo, 'Optional', 'Optional is the last section');
    for (const s of all.slice(0, -1)) {
      for (const url of s.links) assert.match(url, /\.md$/, `${s.titulo}: ${url} is not a markdown page`);
    }
    const optional = all.at(-1)!.links.map((u) => new URL(u).pathname);
    for (const path of ['/mcp', '/mcp/docs', '/ask', '/api/openapi.json', '/agentes/indice.json', '/agentes/catalogo.json', '/feeds/solucoes.jsonl', '/feeds/artigos.jsonl']) {
      assert.ok(optional.includes(path), `${path} in Optional`);
    }
    assert.ok(!optional.some((p) => p.endsWith('.md')), 'no page in Optional');
  });
});

describe('the /llms.txt pointer in the HTML', () => {
  test('every page links /llms.txt in its head and in a line of the header before the navigation (shown when a keyboard reaches it)', async () => {
    for (const path of [...pagePaths, '/pagina-que-nao-existe']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      assert.ok(html.includes('<link rel="describedby" href="/llms.txt" type="text/plain"'), `${path}: <link rel="describedby">`);
      const hint = html.indexOf('<p class="agent-hint">');
      assert.ok(hint > html.indexOf('<body') && hint < html.indexOf('<nav'), `${path}: linha para agentes antes do menu`);
      assert.match(html.slice(hint, html.indexOf('</p>', hint)), /<a href="\/llms\.txt">índice do site em \/llms\.txt<\/a>/, path);
    }
  });
});

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
