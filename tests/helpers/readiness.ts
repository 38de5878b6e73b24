/**
 * Test helpers of the readiness instrument:
 *
 * - `guardNetwork`: the injected DNS + connect step. It resolves only the names it is given and dials only
 *   loopback (127.0.0.1), mapping fake public addresses to loopback fixture ports. Any other resolution or
 *   connection attempt is recorded as a violation and throws, so a defect in the code under test can never
 *   send traffic outside 127.0.0.0/8.
 * - fixture sites served on loopback (agent-ready, bare, SPA shell, challenge, slow, huge, redirect loop…),
 *   each recording the requests it received (to verify the reader's signatures independently).
 * - `measurementLab`: the set-up of a test file that measures fixture sites (a reader key; every fixture closed and
 *   every guard network found clean after the file's tests).
 */
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect as netConnect } from 'node:net';
import type { Duplex } from 'node:stream';
import { after } from 'node:test';
import { type ReaderKey, readerKeyFrom } from '../../functions/readiness/agent/signing.ts';
import { isLoopbackAddress } from '../../functions/readiness/fetch/address.ts';
import type { ConnectTarget, NetworkHooks, ResolvedAddress } from '../../functions/readiness/fetch/network.ts';

export interface GuardNetwork extends NetworkHooks {
  /** Resolutions or connections the guard refused (a test asserts this stays empty, or what it contains). */
  violations: string[];
  resolved: string[];
  connects: ConnectTarget[];
}

/**
 * `names`: host name → address it resolves to (default `localhost` → 127.0.0.1).
 * `routes`: `address:port` → loopback port actually dialed (for fake public addresses).
 */
export function guardNetwork(options: { names?: Record<string, string | string[]>; routes?: Record<string, number> } = {}): GuardNetwork {
  const names: Record<string, string | string[]> = { localhost: '127.0.0.1', ...options.names };
  const routes = options.routes ?? {};
  const violations: string[] = [];
  const resolved: string[] = [];
  const connects: ConnectTarget[] = [];
  return {
    violations,
    resolved,
    connects,
    async resolve(hostname: string): Promise<ResolvedAddress[]> {
      resolved.push(hostname);
      const found = names[hostname];
      if (found === undefined) {
        violations.push(`resolve ${hostname}`);
        throw new Error(`guarda de rede: resolução de ${hostname} não permitida no teste`);
      }
      return (Array.isArray(found) ? found : [found]).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    connect(target: ConnectTarget): Promise<Duplex> {
      connects.push(target);
      const routed = routes[`${target.address}:${target.port}`];
      const port = routed ?? (isLoopbackAddress(target.address) ? target.port : undefined);
      if (port === undefined) {
        violations.push(`connect ${target.address}:${target.port}`);
        return Promise.reject(new Error(`guarda de rede: conexão a ${target.address}:${target.port} não permitida no teste`));
      }
      if (target.tls) {
        violations.push(`tls ${target.address}:${target.port}`);
        return Promise.reject(new Error('guarda de rede: TLS não é usado nos testes'));
      }
      return new Promise((resolve, reject) => {
        // Always the literal loopback address: nothing else can be dialed from here.
        const socket = netConnect({ host: '127.0.0.1', port });
        socket.once('connect', () => resolve(socket));
        socket.once('error', reject);
      });
    },
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export interface Fixture {
  port: number;
  /** `127.0.0.1:<port>` / `localhost:<port>` as the instrument takes them. */
  host: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type FixtureHandler = (req: IncomingMessage, res: ServerResponse, ctx: { origin: string; body: string }) => void | Promise<void>;

export async function startFixture(handler: FixtureHandler): Promise<Fixture> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers });
    res.on('error', () => {});
    try {
      await handler(req, res, { origin: `http://${req.headers.host}`, body: Buffer.concat(chunks).toString('utf8') });
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    host: `localhost:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface MeasurementLab {
  /** A fresh Ed25519 reader key, made for this test file. */
  key: ReaderKey;
  /** Closes `fixture` after the file's tests; returns it. */
  keep<T extends Fixture>(fixture: T): T;
  /** Asserts after the file's tests (once its fixtures are closed) that `network` refused nothing; returns it. */
  watch<T extends GuardNetwork>(network: T): T;
}

/**
 * The set-up of a test file that measures fixture sites, at its top level:
 * `const { key, keep, watch } = await measurementLab('nothing outside the loopback test network');`
 * Registers an `after` that closes every kept fixture, then asserts that every watched network's `violations` is
 * empty (`message` names what that proves). Hooks run in the order they are registered: a file's own `after`
 * registered before this call runs before it.
 */
export async function measurementLab(message?: string): Promise<MeasurementLab> {
  const key = await readerKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey);
  const fixtures: Fixture[] = [];
  const networks: GuardNetwork[] = [];
  after(async () => {
    await Promise.all(fixtures.map((f) => f.close()));
    for (const n of networks) assert.deepEqual(n.violations, [], message);
  });
  return {
    key,
    keep(fixture) {
      fixtures.push(fixture);
      return fixture;
    },
    watch(network) {
      networks.push(network);
      return network;
    },
  };
}

const SECURITY = {
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
};

const LOREM =
  'A Fixture Pronta é um site de teste que publica todas as superfícies que agentes e robôs de IA procuram. ' +
  'Ela tem texto no HTML entregue pelo servidor, versões em markdown de cada página, um llms.txt bem formado, ' +
  'sitemap, dados estruturados, catálogo de APIs, descrição OpenAPI, metadados OAuth, servidor MCP, cartão A2A, ' +
  'habilidades para agentes e ferramentas WebMCP. Serve para provar que a medição dá a nota máxima a quem faz tudo certo, ' +
  'e que cada verificação reconhece o que os padrões pedem, sem depender de nenhum serviço externo durante os testes.';

function page(origin: string, path: string, title: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<title>${title}</title>
<meta name="description" content="${title}: uma página de teste com conteúdo completo para agentes e robôs de IA.">
<link rel="canonical" href="${origin}${path}">
<link rel="alternate" type="text/markdown" href="${path === '/' ? '/index.md' : `${path}.md`}">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Fixture Pronta","url":"${origin}/"},{"@type":"WebSite","name":"Fixture Pronta","url":"${origin}/"}]}</script>
<script type="module" src="/webmcp.js"></script>
</head>
<body>
<header><a href="/">Fixture Pronta</a> <a href="/llms.txt">Índice para agentes</a></header>
<main>
<h1>${title}</h1>
<p>${LOREM}</p>
<img src="/logo.png" alt="Logotipo" width="40" height="40">
<form><label for="q">Busca</label><input id="q" name="q"><button type="submit">Buscar</button></form>
</main>
</body>
</html>`;
}

const SKILL = `---
name: consultar-fixture
description: Como consultar a Fixture Pronta.
---

# Consultar a Fixture Pronta

Use a API em /api/v1 com um token.
`;

/** An ARD v0.91 catalog (AI Catalog 1.0) of the fixture's agentic resources. */
export const fixtureArd = (origin: string) => ({
  specVersion: '1.0',
  host: { displayName: 'Fixture Pronta' },
  entries: [
    { identifier: 'urn:air:localhost:mcp:fixture', displayName: 'Servidor MCP da fixture', type: 'application/mcp-server-card+json', url: `${origin}/.well-known/mcp/server-card.json`, representativeQueries: ['buscar no site da fixture', 'ler a página sobre da fixture'] },
    { identifier: 'urn:air:localhost:a2a:fixture', displayName: 'Agente da fixture', type: 'application/a2a-agent-card+json', url: `${origin}/.well-known/agent-card.json`, representativeQueries: ['perguntar à fixture', 'serviços da fixture'] },
  ],
});

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'public, max-age=300', ...headers });
  res.end(body);
}

/** A site that does everything the checks ask for. */
/**
 * The fixture's MCP server, answered as SSE (as Streamable HTTP servers may). `dual-era`: MCP 2026-07-28's
 * `server/discover` beside `initialize`, with OpenAI's `search`/`fetch`; `legacy`: `initialize` only, one tool.
 */
async function fixtureMcp(req: IncomingMessage, res: ServerResponse, { origin, body }: { origin: string; body: string }, era: 'dual-era' | 'legacy') {
  if (req.method !== 'POST') return send(res, 405, 'application/json', '{}', { allow: 'POST' });
  const message = JSON.parse(body || '{}') as { id?: number; method?: string; params?: { name?: string } };
  if (message.id === undefined) return send(res, 202, 'application/json', '');
  const text = { type: 'object', properties: { query: { type: 'string' }, id: { type: 'string' } } };
  const tools = [
    { name: 'buscar', description: 'Busca no site', inputSchema: { type: 'object' } },
    ...(era === 'dual-era'
      ? [
          { name: 'search', description: 'Busca', inputSchema: { ...text, required: ['query'] }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
          { name: 'fetch', description: 'Lê', inputSchema: { ...text, required: ['id'] }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
        ]
      : []),
  ];
  const found = { results: [{ id: 'sobre', title: 'Sobre', url: `${origin}/sobre` }] };
  let result: Record<string, unknown> | undefined;
  if (message.method === 'initialize') result = { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'fixture-mcp', version: '1.0.0' } };
  else if (message.method === 'server/discover' && era === 'dual-era') result = { resultType: 'complete', supportedVersions: ['2026-07-28', '2025-06-18'], capabilities: { tools: {} } };
  else if (message.method === 'tools/list') result = { tools };
  else if (message.method === 'tools/call' && message.params?.name === 'search' && era === 'dual-era') {
    result = { content: [{ type: 'text', text: JSON.stringify(found) }], structuredContent: found };
  }
  const reply = result ? { jsonrpc: '2.0', id: message.id, result } : { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'não encontrado' } };
  return send(res, 200, 'text/event-stream', `event: message\ndata: ${JSON.stringify(reply)}\n\n`);
}

/** The agent-ready site with a legacy-only MCP server (`initialize`, no `server/discover`, no search/fetch). */
export const legacyMcpSite: FixtureHandler = (req, res, ctx) =>
  (req.url ?? '/').split('?')[0] === '/mcp' ? fixtureMcp(req, res, ctx, 'legacy') : agentReadySite(req, res, ctx);

export const agentReadySite: FixtureHandler = (req, res, { origin, body }) => {
  const url = new URL(req.url ?? '/', origin);
  const path = url.pathname;
  const accept = String(req.headers.accept ?? '');
  const pages: Record<string, string> = { '/': 'Fixture Pronta', '/sobre': 'Sobre a Fixture', '/servicos': 'Serviços da Fixture' };
  const md = (p: string) => `# ${pages[p]}\n\n> Índice para agentes: /llms.txt\n\n${LOREM}\n`;
  const link = '</.well-known/api-catalog>; rel="api-catalog", </llms.txt>; rel="describedby"; type="text/markdown", </openapi.json>; rel="service-desc"';
  if (pages[path] !== undefined) {
    if (accept.includes('text/markdown')) return send(res, 200, 'text/markdown; charset=utf-8', md(path), { vary: 'Accept' });
    return send(res, 200, 'text/html; charset=utf-8', page(origin, path, pages[path] as string), {
      ...SECURITY,
      vary: 'Accept',
      link: `${link}, <${path === '/' ? '/index.md' : `${path}.md`}>; rel="alternate"; type="text/markdown"`,
    });
  }
  const twin = path === '/index.md' ? '/' : path.endsWith('.md') ? path.slice(0, -3) : undefined;
  if (twin !== undefined && pages[twin] !== undefined) return send(res, 200, 'text/markdown; charset=utf-8', md(twin));
  switch (path) {
    case '/robots.txt':
      return send(res, 200, 'text/plain; charset=utf-8', `User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
    case '/sitemap.xml':
      return send(res, 200, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Object.keys(pages).map((p) => `<url><loc>${origin}${p}</loc><lastmod>2026-11-01</lastmod></url>`).join('')}</urlset>`);
    case '/llms.txt':
      return send(res, 200, 'text/markdown; charset=utf-8', `# Fixture Pronta\n\n> Um site de teste com todas as superfícies para agentes.\n\n## Páginas\n\n- [Início](${origin}/index.md): a página inicial\n- [Sobre](${origin}/sobre.md): quem somos\n- [Serviços](${origin}/servicos.md): o que fazemos\n\n## API\n\n- [OpenAPI](${origin}/openapi.json): a descrição da API\n`);
    case '/llms-full.txt':
      return send(res, 200, 'text/markdown; charset=utf-8', `# Fixture Pronta\n\n${Object.keys(pages).map((p) => `## ${pages[p]}\n\n${LOREM}\n`).join('\n')}`);
    case '/webmcp.js':
      return send(res, 200, 'text/javascript', "const mc = document.modelContext; mc?.registerTool({ name: 'buscar', description: 'Busca', inputSchema: { type: 'object' }, execute: async () => ({ content: [] }) });");
    case '/.well-known/api-catalog':
      return send(res, 200, 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"', req.method === 'HEAD' ? '' : JSON.stringify({ linkset: [{ anchor: `${origin}/api/v1/`, 'service-desc': [{ href: `${origin}/openapi.json`, type: 'application/json' }], 'service-doc': [{ href: `${origin}/sobre` }] }] }), { link: '</.well-known/api-catalog>; rel="api-catalog"' });
    case '/openapi.json':
      return send(res, 200, 'application/json', JSON.stringify({ openapi: '3.1.0', info: { title: 'API da Fixture', version: '1.0.0' }, paths: { '/api/v1/itens': { get: { responses: { 200: { description: 'ok' } } } } }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } }));
    case '/.well-known/oauth-protected-resource':
      return send(res, 200, 'application/json', JSON.stringify({ resource: `${origin}/api/v1/`, authorization_servers: [origin], scopes_supported: ['leitura'], bearer_methods_supported: ['header'] }));
    case '/.well-known/oauth-authorization-server':
      return send(res, 200, 'application/json', JSON.stringify({ issuer: origin, token_endpoint: `${origin}/token`, grant_types_supported: ['urn:ietf:params:oauth:grant-type:jwt-bearer'], response_types_supported: [] }));
    case '/.well-known/mcp/server-card.json':
      return send(res, 200, 'application/json', JSON.stringify({ name: 'br.exemplo/fixture', version: '1.0.0', description: 'Servidor MCP da fixture', serverInfo: { name: 'fixture', version: '1.0.0' }, transport: { type: 'streamable-http', endpoint: '/mcp' }, remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }] }));
    case '/mcp':
      return fixtureMcp(req, res, { origin, body }, 'dual-era');
    case '/.well-known/agent-card.json':
      return send(res, 200, 'application/json', JSON.stringify({ name: 'Fixture', description: 'Agente da fixture', version: '1.0.0', supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }], capabilities: { streaming: false }, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'], skills: [{ id: 'buscar', name: 'Buscar', description: 'Busca no site', tags: ['busca'] }] }));
    case '/.well-known/agent-skills/index.json':
      return send(res, 200, 'application/json', JSON.stringify({ skills: [{ name: 'consultar-fixture', type: 'skill-md', description: 'Como consultar a Fixture Pronta.', url: '/.well-known/agent-skills/consultar-fixture/SKILL.md', digest: `sha256:${createHash('sha256').update(SKILL).digest('hex')}` }] }));
    case '/.well-known/ard.json':
      return send(res, 200, 'application/ai-catalog+json', JSON.stringify(fixtureArd(origin)));
    case '/.well-known/agent-skills/consultar-fixture/SKILL.md':
      return send(res, 200, 'text/markdown; charset=utf-8', SKILL);
    default:
      return send(res, 404, 'text/html; charset=utf-8', '<!doctype html><title>Não encontrada</title><h1>Página não encontrada</h1>');
  }
};

/** A bare site: one page with some text, nothing for agents. */
export const bareSite: FixtureHandler = (req, res) => {
  if ((req.url ?? '/') === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><head><title>Site simples</title></head><body><div><p>${LOREM}</p></div></body></html>`);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<html><body>Página</body></html>');
};

/** A client-rendered shell: no text in the server HTML. */
export const spaSite: FixtureHandler = (req, res) => {
  if ((req.url ?? '/') === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html lang="pt-BR"><head><title>App</title><meta name="description" content="Um aplicativo que só renderiza no navegador com JavaScript."></head><body><div id="root"></div><script src="/app.js"></script></body></html>');
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('não encontrado');
};

/** Blocks every AI crawler in robots.txt (otherwise a decent page). */
export const aiBlockedSite: FixtureHandler = (req, res, ctx) => {
  if ((req.url ?? '/') === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('User-agent: *\nDisallow: /\n');
    return;
  }
  return agentReadySite(req, res, ctx);
};

/** A bot challenge (Cloudflare-like) instead of the content. */
export const challengeSite: FixtureHandler = (_req, res) => {
  res.writeHead(403, { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge' });
  res.end('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={cvId:"3"}</script></body></html>');
};

/** Never answers in time. */
export function slowSite(delayMs: number): FixtureHandler {
  return (_req, res) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        if (!res.destroyed) {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html><body>tarde demais</body></html>');
        }
        resolve();
      }, delayMs);
      res.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
}

/** An endless-looking HTML page (stops after `megabytes` or when the client goes away). */
export function hugeSite(megabytes: number): FixtureHandler {
  return (_req, res) =>
    new Promise<void>((resolve) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<!doctype html><html><body>');
      const chunk = `<p>${'x'.repeat(64 * 1024 - 7)}</p>`;
      let sent = 0;
      const total = megabytes * 16;
      const pump = () => {
        while (sent < total && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('</body></html>');
        resolve();
      };
      res.on('close', resolve);
      pump();
    });
}

/** `/` → `/a` → `/` … */
export const redirectLoopSite: FixtureHandler = (req, res) => {
  res.writeHead(302, { location: (req.url ?? '/') === '/' ? '/a' : '/' });
  res.end();
};

/** Redirects the home page to `target`. */
export function redirectTo(target: string): FixtureHandler {
  return (_req, res) => {
    res.writeHead(301, { location: target });
    res.end();
  };
}
