/**
 * Security headers graded by the MDN HTTP Observatory's own analyzers and grader (tests/helpers/observatory.ts)
 * on responses of the local server, which serves the `_headers` Netlify gets and the functions' own headers:
 * pages must grade A+ (score 100 or more) and every API and data response must pass every Observatory test.
 * Each security header has exactly one value on every response (no doubled or contradictory values).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { DATA_CSP, DATA_SECURITY_HEADERS, PAGE_CSP, PAGE_SECURITY_HEADERS } from '../../src/model/security-headers.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { matchesPattern, parseHeadersFile } from '../../server/netlify-rules.ts';
import { siteOrigin } from '../../src/config/site.ts';
import type { IndexEntry } from '../../src/model/site-data.ts';
import { PROTOCOL_REFUSAL_CASES } from '../attacks/protocol-refusal-cases.ts';
import { sendRaw } from '../helpers/fuzz.ts';
import { describeGrade, gradeResponse, observe, type ObservedResponse } from '../helpers/observatory.ts';

let server: LocalServer;
let pages: IndexEntry[];
const host = new URL(siteOrigin()).host;

before(async () => {
  server = await startLocalServer({ port: 0 });
  pages = JSON.parse(await readFile(new URL('../../dist/agentes/indice.json', import.meta.url), 'utf8')).paginas;
});
after(() => server.close());

/** The headers both sets share, with their single expected value; CSP is one of the two policies. */
const COMMON_NAMES = Object.keys(PAGE_SECURITY_HEADERS).filter((n) => n !== 'Content-Security-Policy');

function assertSingleValues(label: string, response: ObservedResponse, csp: string): void {
  for (const name of COMMON_NAMES) {
    assert.equal(response.headers.get(name), PAGE_SECURITY_HEADERS[name], `${label}: ${name}`);
    assert.equal(DATA_SECURITY_HEADERS[name], PAGE_SECURITY_HEADERS[name]);
  }
  assert.equal(response.headers.get('content-security-policy'), csp, `${label}: Content-Security-Policy`);
}

const article = () => {
  const entry = pages.find((p) => p.rota.startsWith('blog/') && p.rota !== 'blog');
  assert.ok(entry, 'um artigo');
  return `/${entry.rota}`;
};

interface Case {
  label: string;
  path: () => string;
  init?: RequestInit;
  status: number;
  /** Content-Security-Policy this response must carry. */
  csp: string;
  html: boolean;
}

const CASES: Case[] = [
  { label: 'página inicial', path: () => '/', status: 200, csp: PAGE_CSP, html: true },
  { label: 'artigo', path: article, status: 200, csp: PAGE_CSP, html: true },
  { label: 'página de medição', path: () => '/diagnostico-de-visibilidade-cognitiva', status: 200, csp: PAGE_CSP, html: true },
  { label: 'página 404', path: () => '/nao-existe-esta-pagina', status: 404, csp: PAGE_CSP, html: true },
  { label: 'gêmeo markdown', path: () => `${article()}.md`, status: 200, csp: PAGE_CSP, html: false },
  { label: 'markdown negociado', path: () => '/', init: { headers: { accept: 'text/markdown' } }, status: 200, csp: PAGE_CSP, html: false },
  { label: '/llms.txt', path: () => '/llms.txt', status: 200, csp: PAGE_CSP, html: false },
  { label: '/.well-known/api-catalog', path: () => '/.well-known/api-catalog', status: 200, csp: PAGE_CSP, html: false },
  { label: 'GET /api', path: () => '/api', status: 200, csp: DATA_CSP, html: false },
  { label: 'sandbox', path: () => '/api/v1/sandbox/paginas', status: 200, csp: DATA_CSP, html: false },
  { label: 'v1 sem token (401)', path: () => '/api/v1/paginas', status: 401, csp: DATA_CSP, html: false },
  { label: 'GET /agent/identity (405)', path: () => '/agent/identity', status: 405, csp: DATA_CSP, html: false },
  { label: 'GET /mcp (405)', path: () => '/mcp', status: 405, csp: DATA_CSP, html: false },
  { label: 'GET /a2a (405)', path: () => '/a2a', status: 405, csp: DATA_CSP, html: false },
  { label: '/ask', path: () => '/ask?query=seo&streaming=false', status: 200, csp: DATA_CSP, html: false },
];

describe('MDN HTTP Observatory grade', () => {
  for (const c of CASES) {
    test(`${c.label}: ${c.html ? 'A+' : 'every test passes'}`, async () => {
      const response = await observe(server.url, c.path(), c.init);
      assert.equal(response.status, c.status, `${c.label}: status`);
      assertSingleValues(c.label, response, c.csp);
      const grade = gradeResponse(host, response);
      assert.ok(grade.score >= 100 && grade.grade === 'A+', `${c.label}: ${describeGrade(grade)}`);
      // On pages, the only test allowed not to pass would be one the site cannot act on; there is none.
      for (const [name, t] of Object.entries(grade.tests)) assert.ok(t.pass, `${c.label}: ${name} ${t.result}\n${describeGrade(grade)}`);
      // The best results the Observatory knows for what the site controls.
      assert.equal(grade.tests['content-security-policy']?.result, 'csp-implemented-with-no-unsafe-default-src-none');
      assert.equal(grade.tests['x-frame-options']?.result, 'x-frame-options-implemented-via-csp');
      assert.equal(grade.tests['strict-transport-security']?.result, 'hsts-implemented-max-age-at-least-six-months');
      assert.equal(grade.tests['referrer-policy']?.result, 'referrer-policy-private');
      assert.equal(grade.tests['cross-origin-resource-policy']?.result, 'corp-implemented-with-same-origin');
      assert.equal(grade.tests['x-content-type-options']?.result, 'x-content-type-options-nosniff');
    });
  }

  test('every page of the site grades A+', async () => {
    for (const p of pages) {
      const path = p.rota === 'index' ? '/' : `/${p.rota}`;
      const res = await fetch(`${server.url}${path}`);
      const response: ObservedResponse = { path, status: res.status, headers: res.headers, body: await res.text(), preflight: null };
      assert.equal(response.status, 200, path);
      assertSingleValues(path, response, PAGE_CSP);
      const grade = gradeResponse(host, response);
      assert.ok(grade.grade === 'A+' && Object.values(grade.tests).every((t) => t.pass), `${path}: ${describeGrade(grade)}`);
    }
  });
});

describe('the _headers the build wrote', () => {
  test('no header is named by two rules that match the same path', async () => {
    const rules = parseHeadersFile(await readFile(new URL('../../dist/_headers', import.meta.url), 'utf8'));
    const paths = [...new Set([...rules.map((r) => r.pattern.replace(/\*$/, 'x')), '/', '/nao-existe', ...pages.map((p) => `/${p.rota}`)])];
    for (const path of paths) {
      const seen = new Map<string, string>();
      for (const rule of rules.filter((r) => matchesPattern(r.pattern, path))) {
        for (const [name] of rule.headers) {
          const key = name.toLowerCase();
          assert.ok(!seen.has(key), `${path}: ${name} em ${seen.get(key)} e em ${rule.pattern}`);
          seen.set(key, rule.pattern);
        }
      }
    }
  });
});

describe('the local server’s own refusals (issue 18, item 14)', () => {
  for (const c of PROTOCOL_REFUSAL_CASES) {
    test(`${c.name} → ${c.status} with every security header`, async () => {
      const rawBytes = Buffer.from(c.raw.replaceAll('{host}', `127.0.0.1:${server.port}`), 'latin1');
      const result = await sendRaw(server.port, { index: 0, method: '', path: '', headers: [], raw: true, rawBytes, notes: [] }, 10_000);
      assert.ok(result.ok, result.ok ? '' : result.error);
      const { response } = result;
      assert.equal(response.status, c.status, response.body.toString('utf8').slice(0, 200));
      const body = JSON.parse(response.body.toString('utf8')) as { error: string; error_description: string };
      assert.equal(typeof body.error, 'string');
      assert.ok(body.error_description.length > 10);
      const observed: ObservedResponse = { path: '/', status: response.status, headers: new Headers(response.headers), body: response.body.toString('utf8'), preflight: null };
      assertSingleValues(c.name, observed, DATA_CSP);
      const grade = gradeResponse(host, observed);
      for (const [name, t] of Object.entries(grade.tests)) assert.ok(t.pass, `${c.name}: ${name} ${t.result}\n${describeGrade(grade)}`);
    });
  }
});
