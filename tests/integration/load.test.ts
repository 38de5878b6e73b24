/**
 * Load: 200 concurrent keep-alive clients for 30 s against the local server (run in a child process so its
 * memory is measured alone), closed loop, no think time, with the contract's default quotas.
 *
 * - 180 "mixed" clients, each with its own registration and its own loopback source address
 *   (127.0.<n>.<m>, so the per-address quota `v1-public` is per client): pages, markdown twins (by suffix
 *   and by `Accept`), `llms.txt`, `GET /api`, `/api/v1` pages and search with the client's token, sandbox
 *   search, `/ask` (GET and POST).
 * - 20 "hammer" clients, 5 per registration on 4 registrations, only `GET /api/v1/busca`.
 *
 * Asserted: no 5xx, no socket error or timeout, every status one the route may answer (200, or 429 once a
 * quota is spent); memory bounded (see MEMORY_* below); and the quotas counted as the contract allows — per
 * registration at most 120 successful v1 answers in the window (plus at most the registration's concurrency,
 * the approximation the contract tolerates) and at least 120 when the demand was higher; the same for
 * `v1-public` (60) per client address, `GET /api` and the sandbox drawing on one counter in the configured store.
 * The whole run lasts less than one 60 s window, so each key has exactly one window.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { siteData } from '../../functions/content/site-data.ts';
import { JWT_BEARER } from '../helpers/api-tokens.ts';

const CLIENTS = 200;
const HAMMERS = 20;
const PER_HAMMERED_REGISTRATION = 5;
const DURATION_MS = Number(process.env.LOAD_DURATION_MS ?? 30_000);
// Generous: a hang is what this catches, not a slow answer on a machine shared with other suites.
const REQUEST_TIMEOUT_MS = 30_000;
const V1_QUOTA = 120;
const PUBLIC_QUOTA = 60;
/**
 * Memory bounds of the server process. Everything that grows with traffic is capped (static misses 10 000
 * paths, API body cache 5 000 entries, token cache 10 000, store 100 000 keys); what remains is V8's heap
 * breathing and the 200 sockets' buffers. So: the heap after a full GC may grow by at most 32 MB between the
 * warm-up and the end (a leak of even 200 bytes per request would exceed it at this request count), and the
 * RSS may not exceed 512 MB at any sample (it settles around 150–250 MB here).
 */
const MEMORY_HEAP_GROWTH_BYTES = 32 * 1024 * 1024;
const MEMORY_RSS_PEAK_BYTES = 512 * 1024 * 1024;

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  /** Sockets the server still has open. */
  connections: number;
}

let child: ChildProcess;
let port = 0;

function memory(gc = false): Promise<Memory> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string } & Memory) => {
      if (message.type !== 'memory') return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ type: 'memory', gc });
  });
}

before(async () => {
  child = fork(fileURLToPath(new URL('../helpers/load-server.ts', import.meta.url)), [], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, RATE_LIMIT_V1: '', RATE_LIMIT_PUBLIC: '', UPSTASH_REDIS_REST_URL: '', UPSTASH_REDIS_REST_TOKEN: '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`servidor filho saiu (${code})`)));
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'ready' && message.port) resolve(message.port);
    });
  });
});

after(() => {
  child?.removeAllListeners('exit');
  child?.kill('SIGTERM');
});

interface Result {
  status: number;
  ms: number;
}

type Kind = 'page' | 'twin' | 'api' | 'v1' | 'sandbox' | 'ask';

interface Step {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request on a client's own keep-alive socket, body read to the end. */
function send(agent: Agent, localAddress: string, step: Step): Promise<Result | { error: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...step.headers };
    if (step.body !== undefined) headers['content-length'] = String(Buffer.byteLength(step.body));
    const req = httpRequest({ host: '127.0.0.1', port, method: step.method, path: step.path, headers, agent, localAddress }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on('error', (error) => resolve({ error: `${step.path}: ${error.message}` }));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('tempo esgotado')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: `${step.path}: ${error.code ?? ''} ${error.message}` }));
    req.end(step.body);
  });
}

async function register(localAddress: string): Promise<{ id: string; token: string }> {
  const agent = new Agent({ keepAlive: false });
  const post = (path: string, type: string, body: string) =>
    new Promise<any>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': type }, agent, localAddress }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${path}: ${res.statusCode} ${text}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  const registration = await post('/agent/identity', 'application/json', '{"type":"anonymous"}');
  const token = await post('/agent/token', 'application/x-www-form-urlencoded', new URLSearchParams({ grant_type: JWT_BEARER, assertion: registration.identity_assertion }).toString());
  return { id: registration.registration_id, token: token.access_token };
}

/** A distinct loopback source address per client (Linux answers the whole 127.0.0.0/8). */
const addressOf = (client: number): string => `127.0.${10 + Math.floor(client / 200)}.${(client % 200) + 10}`;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

test(`load: ${CLIENTS} concurrent clients for ${DURATION_MS / 1000} s`, { timeout: DURATION_MS + 120_000 }, async () => {
  const routes = siteData.paginas.map((p) => p.rota).filter((r) => r !== 'index');
  const terms = ['visibilidade', 'agentes', 'preço', 'seo técnico', 'llms.txt', 'dados estruturados', 'auditoria'];
  const mixed = CLIENTS - HAMMERS;

  // Registrations: one per mixed client, four shared by the hammers.
  const mixedRegs = await Promise.all(Array.from({ length: mixed }, (_, i) => register(addressOf(i))));
  const hammerRegs = await Promise.all(Array.from({ length: HAMMERS / PER_HAMMERED_REGISTRATION }, (_, i) => register(addressOf(mixed + i))));

  const plan = (client: number): Step[] => {
    if (client >= mixed) {
      const reg = hammerRegs[Math.floor((client - mixed) / PER_HAMMERED_REGISTRATION)]!;
      return [{ kind: 'v1', method: 'GET', path: `/api/v1/busca?q=${encodeURIComponent(terms[client % terms.length]!)}`, headers: { authorization: `Bearer ${reg.token}` } }];
    }
    const auth = { authorization: `Bearer ${mixedRegs[client]!.token}` };
    const route = routes[client % routes.length]!;
    const term = encodeURIComponent(terms[client % terms.length]!);
    return [
      { kind: 'page', method: 'GET', path: '/' },
      { kind: 'page', method: 'GET', path: `/${route}` },
      { kind: 'twin', method: 'GET', path: `/${route}.md` },
      { kind: 'twin', method: 'GET', path: `/${route}`, headers: { accept: 'text/markdown' } },
      { kind: 'api', method: 'GET', path: '/api' },
      { kind: 'v1', method: 'GET', path: `/api/v1/paginas/${route}`, headers: auth },
      { kind: 'v1', method: 'GET', path: `/api/v1/busca?q=${term}`, headers: auth },
      { kind: 'sandbox', method: 'GET', path: `/api/v1/sandbox/busca?q=${term}` },
      { kind: 'ask', method: 'GET', path: `/ask?query=${term}&streaming=false` },
      { kind: 'ask', method: 'POST', path: '/ask', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: { text: decodeURIComponent(term) }, prefer: { streaming: false } }) },
      { kind: 'page', method: 'GET', path: '/llms.txt' },
      { kind: 'v1', method: 'GET', path: '/api/v1/solucoes', headers: auth },
    ];
  };

  // Warm-up (other source addresses, other registrations): caches filled, JIT warm, then the baseline.
  const warm = await register('127.0.9.1');
  const warmAgent = new Agent({ keepAlive: true, maxSockets: 8 });
  for (let round = 0; round < 3; round++) {
    await Promise.all(plan(0).map((step) => send(warmAgent, '127.0.9.1', step.kind === 'v1' ? { ...step, headers: { authorization: `Bearer ${warm.token}` } } : step)));
  }
  warmAgent.destroy();
  const baseline = await memory(true);

  const errors: string[] = [];
  const unexpected: string[] = [];
  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  const latenciesByKind = new Map<Kind, number[]>();
  const okByRegistration = new Map<string, number>();
  const demandByRegistration = new Map<string, number>();
  const okByAddress = new Map<string, number>();
  const demandByAddress = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let peakRss = baseline.rss;
  const rssSamples: number[] = [];
  const sampler = setInterval(() => {
    void memory().then((m) => {
      rssSamples.push(m.rss);
      peakRss = Math.max(peakRss, m.rss);
    });
  }, 1_000);

  const started = performance.now();
  const deadline = started + DURATION_MS;
  const client = async (index: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const address = addressOf(index);
    const steps = plan(index);
    const registration = index >= mixed ? hammerRegs[Math.floor((index - mixed) / PER_HAMMERED_REGISTRATION)]!.id : mixedRegs[index]!.id;
    for (let i = index; performance.now() < deadline; i++) {
      const step = steps[i % steps.length]!;
      const result = await send(agent, address, step);
      if ('error' in result) {
        errors.push(result.error);
        continue;
      }
      latencies.push(result.ms);
      let byKind = latenciesByKind.get(step.kind);
      if (!byKind) latenciesByKind.set(step.kind, (byKind = []));
      byKind.push(result.ms);
      count(statuses, `${step.kind}:${result.status}`);
      const limited = result.status === 429;
      if (result.status >= 500 || (result.status !== 200 && !(limited && step.kind !== 'page' && step.kind !== 'twin' && step.kind !== 'ask'))) {
        unexpected.push(`${step.method} ${step.path} → ${result.status}`);
      }
      if (step.kind === 'v1') {
        count(demandByRegistration, registration);
        if (!limited) count(okByRegistration, registration);
      } else if (step.kind === 'api' || step.kind === 'sandbox') {
        // One `v1-public` counter per client: GET /api and the sandbox draw on the same one (quota table).
        const key = `v1-public:${address}`;
        count(demandByAddress, key);
        if (!limited) count(okByAddress, key);
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  // The final measurement once the server has closed the 200 sockets (after a full GC).
  const closing = Date.now() + 10_000;
  while ((await memory()).connections > 0) assert.ok(Date.now() < closing, 'o servidor fechou os sockets da carga');
  await memory(true);
  const end = await memory(true);

  const total = latencies.length;
  latencies.sort((a, b) => a - b);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(`[carga] ${total} respostas em ${seconds.toFixed(1)} s (${Math.round(total / seconds)} req/s), p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, máx ${(latencies.at(-1) ?? 0).toFixed(0)} ms`);
  console.log(`[carga] latência por tipo (p50/p99 ms): ${[...latenciesByKind.entries()].map(([k, v]) => { v.sort((a, b) => a - b); return `${k} ${percentile(v, 50).toFixed(0)}/${percentile(v, 99).toFixed(0)}`; }).join(', ')}`);
  console.log(`[carga] status por tipo: ${[...statuses.entries()].sort().map(([k, n]) => `${k}=${n}`).join(' ')}`);
  console.log(`[carga] memória do servidor: RSS ${mb(baseline.rss)} → pico ${mb(peakRss)} → fim ${mb(end.rss)}; heap após GC ${mb(baseline.heapUsed)} → ${mb(end.heapUsed)}`);

  assert.deepEqual(errors.slice(0, 10), [], `${errors.length} erros de socket ou tempo esgotado`);
  assert.deepEqual(unexpected.slice(0, 10), [], `${unexpected.length} status inesperados`);
  assert.ok(total > CLIENTS * 10, `só ${total} respostas`);

  // Memory bounded.
  assert.ok(rssSamples.length >= Math.floor(DURATION_MS / 1000) - 3, 'amostras de memória durante a carga');
  assert.ok(peakRss < MEMORY_RSS_PEAK_BYTES, `pico de RSS ${mb(peakRss)}`);
  assert.ok(end.heapUsed - baseline.heapUsed < MEMORY_HEAP_GROWTH_BYTES, `heap cresceu ${mb(end.heapUsed - baseline.heapUsed)}`);

  // Quotas: per registration (v1, 120) and per address (v1-public 60, /api and the sandbox on one counter).
  const quota = (ok: Map<string, number>, demand: Map<string, number>, limit: number, concurrency: (key: string) => number, label: string) => {
    for (const [key, asked] of demand) {
      const served = ok.get(key) ?? 0;
      assert.ok(served <= limit + concurrency(key), `${label} ${key}: ${served} respostas servidas (cota ${limit})`);
      assert.ok(served >= Math.min(asked, limit), `${label} ${key}: só ${served} de ${asked} pedidos servidos (cota ${limit})`);
    }
  };
  const hammered = new Set(hammerRegs.map((r) => r.id));
  quota(okByRegistration, demandByRegistration, V1_QUOTA, (id) => (hammered.has(id) ? PER_HAMMERED_REGISTRATION : 1), 'v1');
  quota(okByAddress, demandByAddress, PUBLIC_QUOTA, () => 1, 'v1-public');
  for (const reg of hammerRegs) {
    assert.ok((demandByRegistration.get(reg.id) ?? 0) > V1_QUOTA * 2, 'os clientes insistentes pediram bem mais que a cota');
    console.log(`[carga] registro insistente ${reg.id}: ${okByRegistration.get(reg.id)} servidas de ${demandByRegistration.get(reg.id)} pedidas (cota ${V1_QUOTA})`);
  }
});
