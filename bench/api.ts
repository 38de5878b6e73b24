/**
 * The v1 API under load, and the search in-process.
 *
 * HTTP (autocannon, 32 connections, loopback): authenticated `GET /api/v1/paginas/{rota}` and
 * `GET /api/v1/busca` on the local server (embedded store, quotas raised by environment), next to two
 * baselines measured in the same run: the same server serving a static file (the page's markdown twin) and
 * a bare node:http server answering the same JSON body. The servers run in child processes; the load
 * generator shares the machine's cores with them (as the targets assume).
 *
 * In-process: search latency p50/p95 (real index, and 5,000 synthetic pages; uncached, snippets included)
 * and index load time (serialized index → ready) at 1,000 and 5,000 pages, plus the build time.
 *
 * BENCH_API_SECONDS sets the duration of each HTTP measurement (default 10).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { app } from '../functions/app.ts';
import { honoSearch } from './lib/hono-pipeline.ts';
import { issueAccessToken, newRegistrationId } from '../functions/auth/tokens.ts';
import { loadConfig } from '../functions/config.ts';
import { createServices, requestContext } from '../functions/services.ts';
import { MemoryStore } from '../functions/store/memory.ts';
import { siteData } from '../functions/content/site-data.ts';
import { createSearchIndex, loadSearchIndex, serializeSearchIndex, siteSearch } from '../functions/search/index.ts';
import { syntheticPages } from './lib/synthetic.ts';
import { RELEVANCE_QUERIES } from './tools/search-compare.ts';
import type { BenchRow } from './types.ts';

const AREA = 'api';
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const PAGE = 'solucoes/seo-tecnico';

function start(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, url: (message as { url: string }).url }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} saiu com código ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.disconnect();
    setTimeout(() => child.kill(), 2_000).unref();
  });
}

interface Load {
  perSecond: number;
  p50: number;
  p99: number;
}

async function load(url: string, paths: string[], headers: Record<string, string> = {}, seconds = SECONDS): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${paths[0]}: ${result.non2xx} respostas não-2xx, ${result.errors} erros, ${result.timeouts} timeouts`);
  }
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function searchLatency(search: (q: string) => unknown, rounds: number): { p50: number; p95: number } {
  for (const { q } of RELEVANCE_QUERIES) search(q); // warm-up
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const { q } of RELEVANCE_QUERIES) {
      const t0 = performance.now();
      search(q);
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Median of three: parse the serialized JSON text and load it (what a cold function pays). */
function loadTime(pages: ReturnType<typeof syntheticPages>): { load: number; build: number } {
  const text = JSON.stringify(serializeSearchIndex(pages));
  const loads: number[] = [];
  const builds: number[] = [];
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    let t0 = performance.now();
    if (!loadSearchIndex(JSON.parse(text), pages)) throw new Error('índice serializado recusado');
    loads.push(performance.now() - t0);
    t0 = performance.now();
    createSearchIndex(pages);
    builds.push(performance.now() - t0);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  return { load: median(loads), build: median(builds) };
}

async function http(): Promise<BenchRow[]> {
  const env = { RATE_LIMIT_V1: '1000000000', RATE_LIMIT_PUBLIC: '1000000000', AGENT_JWT_SECRET: randomBytes(32).toString('base64url') };
  const api = await start('./lib/api-server.ts', [], env);
  const dir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  let bare: { child: ChildProcess; url: string } | undefined;
  let dressed: { child: ChildProcess; url: string } | undefined;
  try {
    const identity = await fetch(`${api.url}/agent/identity`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"anonymous"}' });
    const { identity_assertion } = (await identity.json()) as { identity_assertion: string };
    const exchange = await fetch(`${api.url}/agent/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: identity_assertion }),
    });
    const { access_token } = (await exchange.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };

    const pagePath = `/api/v1/paginas/${PAGE}`;
    const page = await fetch(`${api.url}${pagePath}`, { headers });
    if (page.status !== 200) throw new Error(`${pagePath}: ${page.status}`);
    const body = Buffer.from(await page.arrayBuffer());
    const bodyFile = join(dir, 'body.json');
    await writeFile(bodyFile, body);
    // The same header lines as the v1 answer (rate limits, CORS, security headers), for the third baseline.
    const linesFile = join(dir, 'lines.json');
    await writeFile(linesFile, JSON.stringify([...page.headers].flatMap(([name, value]) => (['date', 'connection', 'keep-alive'].includes(name) ? [] : [name, value]))));
    bare = await start('./lib/bare-server.ts', [bodyFile]);
    dressed = await start('./lib/bare-server.ts', [bodyFile, linesFile]);

    const searchPaths = RELEVANCE_QUERIES.map(({ q }) => `/api/v1/busca?q=${encodeURIComponent(q)}`);
    // Warm-up (JIT, caches) before measuring.
    await load(api.url, [pagePath], headers, 2);
    await load(api.url, searchPaths, headers, 2);
    await load(bare.url, ['/'], {}, 2);
    await load(api.url, [`/${PAGE}.md`], {}, 2);

    const pages = await load(api.url, [pagePath], headers);
    const search = await load(api.url, searchPaths, headers);
    const staticFile = await load(api.url, [`/${PAGE}.md`]);
    const ceiling = await load(bare.url, ['/']);
    const sameHeaders = await load(dressed.url, ['/']);

    const rows: BenchRow[] = [];
    const v1 = (name: string, r: Load) => {
      rows.push(
        { area: AREA, metric: `${name}: vazão (32 conexões)`, value: r.perSecond, unit: 'req/s', target: '≥ 8000', ok: r.perSecond >= 8000 },
        { area: AREA, metric: `${name}: p50`, value: r.p50, unit: 'ms' },
        { area: AREA, metric: `${name}: p99`, value: r.p99, unit: 'ms', target: '≤ 5', ok: r.p99 <= 5 },
        {
          area: AREA,
          metric: `${name}: fração do node:http puro`,
          value: r.perSecond / ceiling.perSecond,
          unit: '×',
          target: '≥ 0.3',
          ok: r.perSecond / ceiling.perSecond >= 0.3,
        },
        { area: AREA, metric: `${name}: fração do node:http com os mesmos cabeçalhos`, value: r.perSecond / sameHeaders.perSecond, unit: '×' },
      );
    };
    v1(`GET /api/v1/paginas/{rota} autenticado (${body.length} B)`, pages);
    v1('GET /api/v1/busca autenticado (30 consultas)', search);
    rows.push(
      { area: AREA, metric: `arquivo estático no mesmo servidor (/${PAGE}.md, da memória): vazão`, value: staticFile.perSecond, unit: 'req/s' },
      { area: AREA, metric: 'arquivo estático: p50 / p99', value: staticFile.p50, unit: `ms (p99 ${staticFile.p99} ms)` },
      {
        area: AREA,
        metric: 'arquivo estático: fração do node:http puro',
        value: staticFile.perSecond / ceiling.perSecond,
        unit: '×',
        target: '≥ 0.5',
        ok: staticFile.perSecond / ceiling.perSecond >= 0.5,
      },
      { area: AREA, metric: 'base: node:http puro, mesmo corpo JSON, vazão', value: ceiling.perSecond, unit: 'req/s' },
      { area: AREA, metric: 'base: node:http puro, p50 / p99', value: ceiling.p50, unit: `ms (p99 ${ceiling.p99} ms)` },
      { area: AREA, metric: 'base: node:http com os cabeçalhos da resposta v1 (mesmo corpo), vazão', value: sameHeaders.perSecond, unit: 'req/s' },
    );
    return rows;
  } finally {
    if (bare) await stop(bare.child);
    if (dressed) await stop(dressed.child);
    await stop(api.child);
    await rm(dir, { recursive: true, force: true });
  }
}

function inProcess(): BenchRow[] {
  const rows: BenchRow[] = [];
  const site = siteSearch();
  const real = searchLatency((q) => site.search(q, { limite: 8 }), 30);
  rows.push(
    { area: AREA, metric: `busca em processo, índice real (${site.size} páginas): p50`, value: real.p50, unit: 'ms' },
    { area: AREA, metric: `busca em processo, índice real (${site.size} páginas): p95`, value: real.p95, unit: 'ms', target: '≤ 2', ok: real.p95 <= 2 },
  );
  const p5000 = syntheticPages(siteData.paginas, 5_000);
  const big = loadSearchIndex(JSON.parse(JSON.stringify(serializeSearchIndex(p5000))), p5000)!;
  const synthetic = searchLatency((q) => big.search(q, { limite: 8 }), 10);
  rows.push(
    { area: AREA, metric: 'busca em processo, 5.000 páginas sintéticas: p50', value: synthetic.p50, unit: 'ms' },
    { area: AREA, metric: 'busca em processo, 5.000 páginas sintéticas: p95', value: synthetic.p95, unit: 'ms', target: '≤ 2', ok: synthetic.p95 <= 2 },
  );
  for (const count of [1_000, 5_000]) {
    const { load, build } = loadTime(count === 5_000 ? p5000 : syntheticPages(siteData.paginas, count));
    rows.push(
      {
        area: AREA,
        metric: `carga do índice serializado, ${count.toLocaleString('pt-BR')} páginas`,
        value: load,
        unit: 'ms',
        ...(count === 5_000 ? { target: '≤ 100', ok: load <= 100 } : {}),
      },
      { area: AREA, metric: `construção do índice (no build), ${count.toLocaleString('pt-BR')} páginas`, value: build, unit: 'ms' },
    );
  }
  return rows;
}

/** Calls per second of `call` over about `ms` (after a warm-up). */
async function rate(call: () => Promise<void>, ms = 2_000): Promise<number> {
  for (let i = 0; i < 2_000; i++) await call();
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (let j = 0; j < 100; j++) await call();
    n += 100;
  }
  return n / ((performance.now() - started) / 1000);
}

/**
 * The app alone (no HTTP, no adapter): what the pipeline and the handler cost per request; and the same v1 search
 * route mounted in Hono (bench/lib/hono-pipeline.ts: the same steps and domain code, Hono's router, `compose` and
 * context), measured in turns, so both see the same moment of the machine.
 */
async function handlerOnly(): Promise<BenchRow[]> {
  const config = loadConfig({ ...process.env, RATE_LIMIT_V1: '1000000000', AGENT_JWT_SECRET: randomBytes(32).toString('base64url') });
  const context = requestContext(createServices(process.env, { config, store: new MemoryStore() }), '127.0.0.1');
  const { token } = await issueAccessToken({ origin: config.origin, secret: config.jwtSecret!, now: Date.now(), sandbox: false }, newRegistrationId());
  const headers = { authorization: `Bearer ${token}` };
  const through = (fetch: (request: Request) => Response | Promise<Response>, path: string) => async () => {
    const response = await fetch(new Request(`${config.origin}${path}`, { headers }));
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  };
  const ours = (request: Request) => app.fetch(request, context);
  const hono = (request: Request) => honoSearch.fetch(request, context);
  const rows: BenchRow[] = [];
  rows.push({ area: AREA, metric: 'GET /api/v1/paginas/{rota}: só o app, em processo (sem HTTP)', value: await rate(through(ours, `/api/v1/paginas/${PAGE}`)), unit: 'req/s' });
  const search = '/api/v1/busca?q=dados+estruturados';
  const own: number[] = [];
  const other: number[] = [];
  for (let turn = 0; turn < 3; turn++) {
    own.push(await rate(through(ours, search), 1_000));
    other.push(await rate(through(hono, search), 1_000));
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  rows.push(
    { area: AREA, metric: 'GET /api/v1/busca: só o app (pipeline próprio), em processo', value: median(own), unit: 'req/s' },
    { area: AREA, metric: 'GET /api/v1/busca: a mesma rota no Hono 4 (roteador, compose e contexto do Hono), em processo', value: median(other), unit: 'req/s' },
    { area: AREA, metric: 'pipeline próprio ÷ Hono, mesma rota (mediana de 3 turnos)', value: median(own) / median(other), unit: '×' },
  );
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  return [...inProcess(), ...(await handlerOnly()), ...(await http())];
}

if (import.meta.main) {
  for (const row of await run()) console.log(`${row.metric}: ${row.value.toFixed(3)} ${row.unit}${row.target ? ` (meta ${row.target}: ${row.ok ? 'ok' : 'NÃO'})` : ''}`);
}
