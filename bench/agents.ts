/**
 * Agent surfaces on loopback through the local server (the built dist/ and the real function cores):
 *  - MCP `tools/call` of `search_site` (one stateless JSON-RPC POST per call, new server per request): p50/p99;
 *  - `/ask` JSON (`GET /ask?query=…&streaming=false`): p50/p99;
 *  - cold start of every function of functions/routes.ts: a fresh `node` process (the project's Node,
 *    `process.execPath`) that imports the handler and answers one request, timed from spawn to the first
 *    response (median of 5 runs). Two forms: the esbuild bundle, as Netlify deploys the function (one ESM
 *    file, no TypeScript; the ≤ 300 ms target of the MCP function applies here), and the .ts module imported
 *    directly, as `npm start` runs it (Node strips the types of every file while loading).
 * Standalone: node bench/agents.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalServer } from '../server/local.ts';
import { FUNCTION_ROUTES } from '../functions/routes.ts';
import type { BenchRow } from './types.ts';

const AREA = 'agentes';
const QUERIES = ['dados estruturados', 'preço do diagnóstico', 'robots.txt crawlers de IA', 'seo local', 'llms.txt', 'otimização para motores generativos', 'token da api', 'migração de site'];

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]): number => percentile([...values].sort((a, b) => a - b), 50);

async function latencies(n: number, warmup: number, op: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await op(i);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await op(i);
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

/** The request each function answers in the cold-start run (its most typical first call). */
const COLD_REQUESTS: Record<string, { path: string; init: RequestInit }> = {
  mcp: {
    path: '/mcp',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { consulta: 'dados estruturados' } } }),
    },
  },
  ask: { path: '/ask?query=dados%20estruturados&streaming=false', init: { method: 'GET' } },
  api: { path: '/api', init: { method: 'GET' } },
  'agent-auth': { path: '/agent/identity', init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"anonymous"}' } },
  readiness: { path: '/api/ia/medicao', init: { method: 'OPTIONS' } },
};

/**
 * The script of the fresh process, as a generated adapter does it: imports the handler, builds the process's
 * services from the environment, and answers one request.
 */
function entryScript(name: string, handlerSpecifier: string, appSpecifier: string, request: { path: string; init: RequestInit }): string {
  const servicesSpecifier = appSpecifier.replace(/app\.ts$/, 'services.ts');
  return `
    import routes from ${JSON.stringify(handlerSpecifier)};
    import { functionApp } from ${JSON.stringify(appSpecifier)};
    import { createServices, requestContext } from ${JSON.stringify(servicesSpecifier)};
    const app = functionApp(${JSON.stringify(name)}, routes);
    const init = ${JSON.stringify(request.init)};
    const context = requestContext(createServices(process.env), '127.0.0.1');
    const res = await app.fetch(new Request('http://localhost:8888' + ${JSON.stringify(request.path)}, init), context);
    await res.arrayBuffer();
    const cpu = process.cpuUsage();
    process.stdout.write('status=' + res.status + ' cpu=' + Math.round((cpu.user + cpu.system) / 1000) + '\\n');
  `;
}

/**
 * The function as Netlify deploys it: one ESM file bundled by esbuild (no TypeScript left, JSON inlined).
 * Returns the bundle path.
 */
async function bundle(name: string, module: string, request: { path: string; init: RequestInit }, dir: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(dir, `${name}.mjs`);
  await build({
    stdin: { contents: entryScript(name, `./functions/${module}`, './functions/app.ts', request), resolveDir: fileURLToPath(new URL('../', import.meta.url)), loader: 'ts', sourcefile: `${name}-entry.ts` },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    logLevel: 'error',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return outfile;
}

/** Spawns a fresh Node on `args`; ms from spawn to the first response line. */
function coldStart(args: string[]): Promise<{ ms: number; status: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--no-warnings', ...args], {
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let answered: { ms: number; status: number; cpu: number } | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /status=(\d+) cpu=(\d+)/.exec(out);
      if (m && !answered) answered = { ms: performance.now() - started, status: Number(m[1]), cpu: Number(m[2]) };
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (answered ? resolve(answered) : reject(new Error(`exit ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`))));
  });
}

/** Medians of 5 runs (wall time from spawn, and the child's CPU time) after one unmeasured run (OS file cache). */
async function medianColdStart(args: string[]): Promise<{ ms: number; status: number; cpu: number }> {
  await coldStart(args);
  const runs: number[] = [];
  const cpus: number[] = [];
  let status = 0;
  for (let i = 0; i < 5; i++) {
    const r = await coldStart(args);
    runs.push(r.ms);
    cpus.push(r.cpu);
    status = r.status;
  }
  return { ms: median(runs), status, cpu: median(cpus) };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const server = await startLocalServer({ port: 0 });
  try {
    let id = 0;
    const mcpCall = async (i: number) => {
      const res = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name: 'search_site', arguments: { consulta: QUERIES[i % QUERIES.length], limite: 8 } } }),
      });
      const body = (await res.json()) as { result?: { isError?: boolean } };
      if (res.status !== 200 || !body.result || body.result.isError) throw new Error(`search_site falhou: HTTP ${res.status}`);
    };
    const mcp = await latencies(2000, 200, mcpCall);
    rows.push(
      { area: AREA, metric: 'MCP tools/call search_site p50', value: percentile(mcp, 50), unit: 'ms' },
      { area: AREA, metric: 'MCP tools/call search_site p99', value: percentile(mcp, 99), unit: 'ms', target: '≤ 20 ms', ok: percentile(mcp, 99) <= 20 },
    );

    const askCall = async (i: number) => {
      const res = await fetch(`${server.url}/ask?query=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}&streaming=false`);
      const body = (await res.json()) as { results?: unknown[] };
      if (res.status !== 200 || !Array.isArray(body.results)) throw new Error(`/ask falhou: HTTP ${res.status}`);
    };
    const ask = await latencies(2000, 200, askCall);
    rows.push(
      { area: AREA, metric: '/ask JSON p50', value: percentile(ask, 50), unit: 'ms' },
      { area: AREA, metric: '/ask JSON p99', value: percentile(ask, 99), unit: 'ms' },
    );
  } finally {
    await server.close();
  }

  const dir = await mkdtemp(join(tmpdir(), 'bench-agentes-'));
  try {
    for (const route of FUNCTION_ROUTES) {
      const request = COLD_REQUESTS[route.name] ?? { path: route.paths[0]!, init: { method: 'GET' } };
      const label = `${request.init.method} ${request.path.split('?')[0]}`;
      const isMcp = route.name === 'mcp';
      // As deployed: the esbuild bundle Netlify runs (the target applies to this form).
      try {
        const file = await bundle(route.name, route.module, request, dir);
        const { ms, status, cpu } = await medianColdStart([file]);
        rows.push({ area: AREA, metric: `partida a frio (bundle esbuild): ${route.name} (${label} → ${status}; CPU ${cpu} ms)`, value: ms, unit: 'ms', ...(isMcp ? { target: '≤ 300 ms', ok: ms <= 300 } : {}) });
      } catch (error) {
        rows.push({ area: AREA, metric: `partida a frio (bundle esbuild): ${route.name}`, value: Number.NaN, unit: String((error as Error).message).slice(0, 80), ok: false });
      }
      // As `npm start` runs it: the .ts module imported directly (Node strips the types while loading).
      try {
        const handlerUrl = new URL(`../functions/${route.module}`, import.meta.url).href;
        const appUrl = new URL('../functions/app.ts', import.meta.url).href;
        const { ms, status, cpu } = await medianColdStart(['--input-type=module', '-e', entryScript(route.name, handlerUrl, appUrl, request)]);
        rows.push({ area: AREA, metric: `partida a frio (módulo .ts): ${route.name} (${label} → ${status}; CPU ${cpu} ms)`, value: ms, unit: 'ms' });
      } catch (error) {
        rows.push({ area: AREA, metric: `partida a frio (módulo .ts): ${route.name}`, value: Number.NaN, unit: String((error as Error).message).slice(0, 80), ok: false });
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await run()) console.log(`${row.metric}: ${Number.isNaN(row.value) ? '—' : row.value.toFixed(2)} ${row.unit}${row.target ? ` (meta ${row.target}: ${row.ok ? 'ok' : 'NÃO'})` : ''}`);
}
