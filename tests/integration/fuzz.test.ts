/**
 * Bad-input fuzzing through the local server: at least 20,000 generated requests (seeded and repeatable,
 * tests/helpers/fuzz.ts) across every route — methods, paths (encodings, traversal, very long, unicode),
 * query strings, headers, bodies (malformed, oversized, wrong types, deeply nested, binary) and tokens —
 * sent as written over `node:http` (keep-alive) or a bare socket.
 *
 * Every response must satisfy:
 * - no 5xx, except the contract's readiness 503 (with `Retry-After`);
 * - every error of a function route (`/api…`, `/agent/…`, `/ask`, the measurement and key directory) is the
 *   contract's JSON error body `{ error, error_description }` with the catalogue's status (readiness may
 *   answer its envelope; the no-JS measurement form may answer an HTML page); MCP answers valid JSON-RPC;
 * - no stack trace or server file path in any body;
 * and afterwards the server still answers normal requests.
 *
 * The readiness instrument never reaches the network: DNS and connect are replaced by a hook that answers
 * locally and refuses everything (a connect attempt fails the suite).
 *
 * Seed: FUZZ_SEED (default below, printed); count: FUZZ_COUNT (default 20,000, never less in CI).
 * Reproduce one request: FUZZ_SEED=<seed> FUZZ_ONLY=<index> npm exec -- node --test tests/integration/fuzz.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Agent } from 'node:http';
import { siteData } from '../../functions/content/site-data.ts';
import { loadConfig } from '../../functions/config.ts';
import { ERROR_STATUS } from '../../functions/http/errors.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { type ConnectTarget, defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { FUNCTION_ROUTES, matchFunctionRoute } from '../../functions/routes.ts';
import { RESULT_PREFIX } from '../../src/model/measurement.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { registerAndExchange, signAccessToken } from '../helpers/api-tokens.ts';
import { type FuzzMaterial, type FuzzRequest, type FuzzResponse, type SendResult, generate, headBytes, keepAliveAgent, sendHttp, sendRaw } from '../helpers/fuzz.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const DEFAULT_SEED = 0x5eed_2026;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : DEFAULT_SEED;
const COUNT = Math.max(process.env.CI ? 20_000 : 1, Number(process.env.FUZZ_COUNT ?? 20_000));
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
const CONCURRENCY = 12;
const TIMEOUT_MS = 15_000;

let server: LocalServer;
let agent: Agent;
const connects: ConnectTarget[] = [];
const resolved: string[] = [];

before(async () => {
  resetServices(services, {
    config: loadConfig({ ...process.env, RATE_LIMIT_V1: '100000000', RATE_LIMIT_PUBLIC: '100000000', READINESS_ALLOW_LOOPBACK: '', READINESS_PAUSED: '', READINESS_GATE_PER_MINUTE: '100000000', READINESS_MEASUREMENTS_PER_DAY: '100000000' }),
    store: new MemoryStore(),
  });
  // The instrument's network: answered here, nothing leaves the process.
  services.network = {
    async resolve(hostname) {
      resolved.push(hostname);
      throw new Error(`rede do fuzz: ${hostname} não resolve`);
    },
    connect(target) {
      connects.push(target);
      return Promise.reject(new Error('rede do fuzz: nenhuma conexão é permitida'));
    },
  };
  server = await startLocalServer({ port: 0, services });
  agent = keepAliveAgent(CONCURRENCY);
});

after(async () => {
  agent?.destroy();
  await server?.close();
  services.network = defaultNetwork;
  resetServices(services);
});

// ---------------------------------------------------------------------------------------------------------
// What a response may look like

type Area = 'mcp' | 'measurement' | 'contact' | 'page' | 'reading' | 'function' | 'static';

/** The function (route table name) or 'static' that a request reaches. */
function routeOf(r: FuzzRequest): string {
  try {
    return matchFunctionRoute(new URL(r.path, 'http://127.0.0.1').pathname)?.name ?? 'static';
  } catch {
    return 'invalid';
  }
}

/** The area of a request as the server routes it (same URL resolution as server/local.ts). */
function areaOf(r: FuzzRequest): Area {
  let pathname: string;
  try {
    // The server reads the request-target as a path (`//x/api` is the path `//x/api`, never host x).
    pathname = (r.path.startsWith('/') ? new URL(`http://127.0.0.1${r.path}`) : new URL(r.path, 'http://127.0.0.1')).pathname;
  } catch {
    return 'function'; // the server answers 400 itself: it must be the JSON error body
  }
  const route = matchFunctionRoute(pathname);
  if (!route) return 'static';
  // JSON-RPC endpoints: MCP and the A2A agent answer JSON-RPC error objects, not the contract's error body.
  if (route.name === 'mcp' || route.name === 'a2a') return 'mcp';
  // The per-domain result pages are pages for people (an unmeasured domain is a 404 page that offers to measure it).
  if (route.name === 'readiness' && pathname.startsWith(RESULT_PREFIX)) return 'page';
  if (route.name === 'readiness') return 'measurement';
  // The contact form, the follow-up's request and links, the report by e-mail: forms for people, whose errors may be pages.
  if (route.name === 'contact' || route.name === 'follow' || route.name === 'report') return 'contact';
  // The search page is a page for people: its refusals (a query too long, another method) are pages too.
  if (route.name === 'search') return 'page';
  if (pathname === '/api/ia/leitura' || /^\/api\/v1\/prontidao\//.test(pathname)) return 'reading';
  return 'function';
}

const STACK = [
  /^\s+at .+\(.+:\d+:\d+\)\s*$/m, // V8 stack frame
  /\bat (?:async )?[\w.$<>\[\] ]+ \((?:file:|node:|\/)/,
  /\/work\/|node_modules|file:\/\/\//,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|ERR_[A-Z_]{4,})\b/,
];

const header = (r: FuzzRequest, name: string): string => r.headers.filter(([n]) => n === name).map(([, v]) => v).join(', ');

function errorBodyProblem(res: FuzzResponse, text: string): string | undefined {
  const type = res.headers['content-type'] ?? '';
  if (!/^application\/json\b/.test(type)) return `erro sem JSON (content-type ${JSON.stringify(type)})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'erro com JSON ilegível';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'erro: corpo não é objeto';
  const b = body as Record<string, unknown>;
  if (typeof b.error !== 'string' || typeof b.error_description !== 'string' || b.error_description.trim() === '') return 'erro sem error/error_description';
  const extra = Object.keys(b).filter((k) => !['error', 'error_description', 'auth', 'sandbox'].includes(k));
  if (extra.length) return `erro com membros fora do contrato: ${extra.join(', ')}`;
  if (!(b.error in ERROR_STATUS)) return `código fora do catálogo: ${b.error}`;
  const expected = ERROR_STATUS[b.error as keyof typeof ERROR_STATUS];
  // 431: the HTTP parser's own limit on header size (protocol level, before any route).
  if (expected !== res.status && !(res.status === 431 && b.error === 'invalid_request')) return `status ${res.status} com código ${b.error} (catálogo: ${expected})`;
  if (res.status === 429 && !/^\d+$/.test(res.headers['retry-after'] ?? '')) return '429 sem Retry-After';
  return undefined;
}

function envelopeProblem(res: FuzzResponse, text: string): string | undefined {
  try {
    const envelope = envelopeSchema.parse(JSON.parse(text));
    if ((res.status === 429 || res.status === 503) && !/^[1-9]\d*$/.test(res.headers['retry-after'] ?? '')) return `envelope ${envelope.estado} sem Retry-After`;
    return undefined;
  } catch {
    return 'nem corpo de erro nem envelope';
  }
}

/**
 * A refusal by the HTTP layer before any route ran (Node's parser, CONNECT, a request the adapter cannot turn
 * into a URL): the contract's error body, closing the connection.
 */
function protocolRefusal(res: FuzzResponse, text: string): boolean {
  return [400, 405, 408, 431].includes(res.status) && res.headers.connection === 'close' && errorBodyProblem(res, text) === undefined;
}

function rpcProblem(res: FuzzResponse, text: string): string | undefined {
  if (text === '' && (res.status === 202 || res.status === 204)) return undefined;
  if (protocolRefusal(res, text)) return undefined;
  // A2A SendStreamingMessage: a 200 event stream whose events are JSON-RPC responses.
  if (res.status === 200 && /^text\/event-stream\b/.test(res.headers['content-type'] ?? '')) {
    const events = text.split('\n\n').filter((block) => block.startsWith('data: '));
    if (events.length === 0) return 'fluxo SSE sem eventos';
    return events.map((block) => rpcProblem({ ...res, headers: { ...res.headers, 'content-type': 'application/json' } }, block.slice(6))).find(Boolean);
  }
  // A2A answers in `application/a2a+json` when the request came in it (A2A 1.0.1 prefers the A2A media type).
  if (!/^application\/(?:a2a\+)?json\b/.test(res.headers['content-type'] ?? '')) return `MCP sem JSON (${res.headers['content-type']})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'MCP: JSON ilegível';
  }
  for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
    if (!m || typeof m !== 'object') return 'MCP: mensagem não é objeto';
    const msg = m as Record<string, unknown>;
    if (msg.jsonrpc !== '2.0') return 'MCP: sem jsonrpc 2.0';
    if (!(typeof msg.id === 'string' || typeof msg.id === 'number' || msg.id === null)) return 'MCP: id inválido';
    if ('error' in msg) {
      const e = msg.error as Record<string, unknown> | null;
      if (!e || !Number.isInteger(e.code) || typeof e.message !== 'string') return 'MCP: objeto de erro inválido';
    } else if (!('result' in msg)) return 'MCP: nem result nem error';
    if (res.status >= 400 && !('error' in msg)) return `MCP: ${res.status} sem objeto de erro`;
  }
  return undefined;
}

function problemsOf(r: FuzzRequest, res: FuzzResponse): string[] {
  const problems: string[] = [];
  const area = areaOf(r);
  const text = res.body.toString('utf8');
  const stack = STACK.find((re) => re.test(text));
  if (stack) problems.push(`rastro de pilha ou caminho interno (${stack})`);
  if (res.status >= 500) {
    const contract503 = res.status === 503 && (area === 'measurement' || area === 'reading') && /^[1-9]\d*$/.test(res.headers['retry-after'] ?? '');
    if (!contract503) problems.push(`5xx: ${res.status}`);
  }
  if (res.status < 100 || res.status > 599) problems.push(`status impossível ${res.status}`);
  const head = r.method === 'HEAD' && (!r.rawBytes || r.rawBytes.subarray(0, 5).toString('latin1') === 'HEAD ');
  if (area === 'static' || head) return problems;

  if (area === 'mcp') {
    const p = rpcProblem(res, text);
    if (p) problems.push(p);
    return problems;
  }
  if (res.status >= 400) {
    if (text === '') {
      problems.push(`erro ${res.status} sem corpo`);
      return problems;
    }
    const type = res.headers['content-type'] ?? '';
    // The forms posted without JavaScript answer their errors as pages.
    if ((area === 'measurement' || area === 'contact') && type.startsWith('text/html') && header(r, 'accept').toLowerCase().includes('text/html')) return problems;
    // A page for people answers its refusals as a page (HTML, or markdown at its twin's address).
    if (area === 'page' && (type.startsWith('text/html') || type.startsWith('text/markdown'))) return problems;
    const asError = errorBodyProblem(res, text);
    if (asError && (area === 'measurement' || area === 'reading')) {
      const asEnvelope = envelopeProblem(res, text);
      if (asEnvelope) problems.push(`${asError}; ${asEnvelope}`);
    } else if (asError) problems.push(asError);
  } else if (/^application\/json\b/.test(res.headers['content-type'] ?? '')) {
    try {
      JSON.parse(text);
    } catch {
      problems.push('200 com JSON ilegível');
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------
// The run

const describe = (r: FuzzRequest): string => {
  const visible = (v: string) => JSON.stringify(v).slice(1, -1);
  const line = visible(`${r.method} ${r.path}`);
  const hs = r.headers.map(([n, v]) => `${n}: ${visible(v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v)}`);
  const body = r.body ? ` corpo ${r.body.length} B: ${JSON.stringify(r.body.subarray(0, 80).toString('latin1'))}` : '';
  const rawBytes = r.rawBytes ? ` bytes crus: ${JSON.stringify(r.rawBytes.subarray(0, 120).toString('latin1'))}` : '';
  return `#${r.index} [${r.notes.join(',')}]${rawBytes} ${line.length > 160 ? `${line.slice(0, 160)}…(${line.length})` : line} {${hs.join(' | ')}}${body}`;
};

test(`fuzz: ${COUNT} requisições geradas (semente ${SEED})`, { timeout: 300_000 }, async () => {
  console.log(`[fuzz] semente ${SEED} (FUZZ_SEED=${SEED} para repetir), ${COUNT} requisições, ${CONCURRENCY} em paralelo`);
  const flows = await Promise.all([0, 1, 2].map(() => registerAndExchange(server.url)));
  const assertions: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${server.url}/agent/identity`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"anonymous"}' });
    assertions.push(((await res.json()) as { identity_assertion: string }).identity_assertion);
  }
  const material: FuzzMaterial = {
    accessTokens: [...flows.map((f) => f.token), await signAccessToken({ sandbox: true }), await signAccessToken({ scope: 'site.read' }), await signAccessToken({ expiresIn: -10 })],
    assertions,
    pageRoutes: siteData.paginas.map((p) => p.rota),
    origin: siteOrigin(),
  };

  const errors: unknown[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' '));
  };

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const areas = new Map<string, number>();
  let raw = 0;
  let protocol = 0;
  const reached = new Map<string, number>();
  const byRoute = new Map<string, number>();
  let sent = 0;
  let slowest = { ms: 0, index: -1 };
  const indices = ONLY === undefined ? Array.from({ length: COUNT }, (_, i) => i) : [ONLY];
  let next = 0;
  const started = performance.now();

  const worker = async () => {
    for (;;) {
      const index = indices[next++];
      if (index === undefined) return;
      const r = generate(SEED, index, material);
      const result: SendResult = r.raw ? await sendRaw(server.port, r, TIMEOUT_MS) : await sendHttp(server.port, agent, r, TIMEOUT_MS);
      sent++;
      if (r.raw) raw++;
      const area = areaOf(r);
      areas.set(area, (areas.get(area) ?? 0) + 1);
      if (result.ms > slowest.ms) slowest = { ms: result.ms, index };
      if (!result.ok) {
        // Over Node's 16 KB head limit the server answers 431 and closes; a client still writing may see the
        // reset before the answer. Anything else is a failure.
        if (headBytes(r) > 16 * 1024 - 512 && /ECONNRESET|EPIPE|sem resposta/.test(result.error)) {
          statuses.set(431, (statuses.get(431) ?? 0) + 1);
          continue;
        }
        failures.push(`${describe(r)}\n    → falha de transporte: ${result.error}`);
        continue;
      }
      const { response } = result;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (protocolRefusal(response, response.body.toString('utf8'))) protocol++;
      else {
        reached.set(area, (reached.get(area) ?? 0) + 1);
        const route = routeOf(r);
        byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
      }
      const problems = problemsOf(r, response);
      if (problems.length) {
        failures.push(`${describe(r)}\n    → ${response.status} ${problems.join('; ')}: ${JSON.stringify(response.body.subarray(0, 240).toString('utf8'))}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    console.error = originalError;
  }
  const seconds = (performance.now() - started) / 1000;

  const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(' ');
  console.log(`[fuzz] ${sent} requisições (${raw} por socket cru) em ${seconds.toFixed(1)} s (${Math.round(sent / seconds)} req/s); mais lenta #${slowest.index} ${slowest.ms.toFixed(0)} ms`);
  console.log(`[fuzz] áreas: ${[...areas.entries()].map(([a, n]) => `${a}:${n}`).join(' ')}`);
  console.log(`[fuzz] status: ${histogram}`);
  console.log(`[fuzz] recusadas pela camada HTTP antes de qualquer rota: ${protocol}; respondidas pelas rotas: ${[...reached.entries()].map(([a, n]) => `${a}:${n}`).join(' ')}`);
  console.log(`[fuzz] respostas de cada função: ${[...byRoute.entries()].map(([n, c]) => `${n}:${c}`).join(' ')}`);
  console.log(`[fuzz] resoluções de nomes recusadas pela rede do teste: ${resolved.length}; conexões tentadas: ${connects.length}`);
  if (failures.length) console.log(`[fuzz] ${failures.length} falhas (primeiras 25):\n${failures.slice(0, 25).join('\n')}`);
  if (errors.length) console.log(`[fuzz] ${errors.length} mensagens em console.error (primeiras 10):\n${errors.slice(0, 10).join('\n')}`);

  assert.equal(sent, indices.length);
  if (ONLY === undefined && COUNT >= 20_000) {
    // Every function and the static site answered a good share of the traffic themselves.
    for (const name of [...FUNCTION_ROUTES.map((route) => route.name), 'static']) {
      assert.ok((byRoute.get(name) ?? 0) >= 300, `a rota ${name} respondeu só ${byRoute.get(name) ?? 0} requisições`);
    }
  }
  assert.deepEqual(connects, [], 'o instrumento nunca tenta conectar durante o fuzz');
  assert.equal(failures.length, 0, `${failures.length} respostas fora do contrato (semente ${SEED})`);
  assert.deepEqual(errors, [], 'nenhum erro interno registrado durante o fuzz');

  // The server still answers normal requests.
  assert.equal((await fetch(`${server.url}/`)).status, 200);
  assert.equal((await fetch(`${server.url}/api`)).status, 200);
  const fresh = await registerAndExchange(server.url);
  const pages = await fetch(`${server.url}/api/v1/paginas`, { headers: { authorization: `Bearer ${fresh.token}` } });
  assert.equal(pages.status, 200);
  assert.ok(((await pages.json()) as { total: number }).total > 0);
  const mcp = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  assert.equal(mcp.status, 200);
  assert.ok(((await mcp.json()) as { result: { tools: unknown[] } }).result.tools.length > 0);
  const ask = await fetch(`${server.url}/ask?query=seo&streaming=false`);
  assert.equal(ask.status, 200);
});
