/**
 * The `mcp-revisao` check on sites served in memory (a fake fetch behind the real measurement context): our own
 * dual-era server (current, with search/fetch), a legacy-only server (legacy, with the migration note), stale
 * and broken servers, a site without MCP, and a card pointing to another origin (never followed).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { app } from '../../../functions/app.ts';
import { MODERN_VERSION } from '../../../functions/mcp/protocol.ts';
import { createContext, type MeasurementContext } from '../../../functions/readiness/context.ts';
import { createDeadline } from '../../../functions/readiness/deadline.ts';
import type { FetchedResponse, FetchOptions } from '../../../functions/readiness/fetch/safe-fetch.ts';
import { MIGRATION_NOTE, mcpRevisao, readMcpRevision } from '../../../functions/readiness/checks/mcp-revisao.ts';
import { testContext, testServices } from '../../helpers/services.ts';

const ORIGIN = 'https://exemplo.com.br';

type Route = (request: Request) => Promise<Response> | Response;

interface Site {
  ctx: MeasurementContext;
  /** Every request the check made: method, URL and JSON-RPC method. */
  requests: { method: string; url: string; rpc?: string }[];
}

async function toFetched(url: string, response: Response): Promise<FetchedResponse> {
  const body = await response.text();
  return {
    url,
    finalUrl: url,
    status: response.status,
    headers: response.headers,
    contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
    body,
    bytes: body.length,
    truncated: false,
    skippedBody: false,
    redirects: [],
    ttfbMs: 1,
    durationMs: 1,
  };
}

/** A site whose paths answer with `routes` (404 elsewhere), measured through the real context. */
async function site(routes: Record<string, Route>): Promise<Site> {
  const requests: Site['requests'] = [];
  const fetch = async (url: string, options: FetchOptions = {}): Promise<FetchedResponse> => {
    const method = options.method ?? 'GET';
    const rpc = options.body ? (JSON.parse(options.body) as { method?: string }).method : undefined;
    requests.push({ method, url, ...(rpc ? { rpc } : {}) });
    const route = routes[new URL(url).pathname];
    const request = new Request(url, { method, headers: options.headers, body: options.body });
    return toFetched(url, route ? await route(request) : new Response('não encontrado', { status: 404 }));
  };
  const home = await toFetched(`${ORIGIN}/`, new Response('<html><head><title>Exemplo Consultoria</title></head><body>oi</body></html>', { headers: { 'content-type': 'text/html' } }));
  const ctx = await createContext({ domain: 'exemplo.com.br', home, userAgent: 'LeitorDeTeste/1.0', fetch, loopback: false, httpFallback: false, deadline: createDeadline(20_000) });
  return { ctx, requests };
}

const json = (value: unknown, status = 200) => Response.json(value, { status });

/** A legacy-only MCP server (as an SDK 1.x server answers): initialize with `version`, no server/discover, these tools. */
const legacyServer =
  (version: string, tools: { name: string }[] = [{ name: 'buscar' }]): Route =>
  async (request) => {
    const message = (await request.json()) as { id: number; method: string };
    if (message.method === 'initialize') return json({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 'legado', version: '1' } } });
    if (message.method === 'tools/list') return json({ jsonrpc: '2.0', id: message.id, result: { tools: tools.map((t) => ({ inputSchema: { type: 'object' }, ...t })) } });
    return json({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  };

describe('mcp-revisao', () => {
  test('our own dual-era server: current (2026-07-28), with search and fetch in the connector shape', async () => {
    const services = testServices({ SITE_URL: ORIGIN });
    const { ctx, requests } = await site({ '/mcp': (request) => app.fetch(request, testContext(services)) });
    const reading = await readMcpRevision(ctx);
    assert.equal(reading.verdict, 'current');
    assert.equal(reading.revision, MODERN_VERSION);
    assert.match(reading.decidedBy, /server\/discover respondeu 200 com supportedVersions \["2026-07-28","2025-11-25","2025-06-18","2025-03-26"\]/);
    assert.deepEqual(reading.connector, { search: true, fetch: true, shape: true, detail: 'search e fetch no formato dos conectores da OpenAI' });
    assert.deepEqual(
      reading.requests.map((r) => [r.method, r.url, r.status]),
      [
        ['server/discover', `${ORIGIN}/mcp`, 200],
        ['tools/list', `${ORIGIN}/mcp`, 200],
        ['tools/call search', `${ORIGIN}/mcp`, 200],
      ],
    );
    // One read-only tool call, and nothing but the site's own origin.
    assert.deepEqual(requests.filter((r) => r.rpc === 'tools/call').length, 1);
    assert.ok(requests.every((r) => r.url.startsWith(`${ORIGIN}/`)), JSON.stringify(requests));
    const outcome = await mcpRevisao.run(ctx);
    assert.equal(outcome.status, 'passou');
    assert.match(outcome.detalhe, /^MCP atual em https:\/\/exemplo\.com\.br\/mcp: .* Revisão testada: 2026-07-28; respondida: 2026-07-28\. Oferece search e fetch/);
  });

  test('a legacy-only server: legacy (the revision it answered), partial credit and the migration note, not a failure', async () => {
    const { ctx } = await site({ '/mcp': legacyServer('2025-06-18') });
    const reading = await readMcpRevision(ctx);
    assert.equal(reading.verdict, 'legacy');
    assert.equal(reading.revision, '2025-06-18');
    assert.match(reading.decidedBy, /server\/discover respondeu 200 com o erro JSON-RPC -32601; initialize respondeu com protocolVersion 2025-06-18/);
    assert.deepEqual(reading.connector, { search: false, fetch: false, shape: false, detail: 'tools/list (1 ferramenta) não tem search nem fetch' });
    const outcome = await mcpRevisao.run(ctx);
    assert.equal(outcome.status, 'parcial');
    assert.equal(outcome.credito, 0.6 * 0.8);
    assert.match(outcome.detalhe, /^MCP legado em .*Revisão testada: 2026-07-28; respondida: 2025-06-18\./);
    assert.ok(outcome.comoCorrigir?.startsWith(MIGRATION_NOTE));
    assert.match(outcome.comoCorrigir ?? '', /search\(query\)/);
  });

  test('a legacy server with search and fetch keeps the credit of the legacy verdict', async () => {
    const tools = [
      { name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' } } }, outputSchema: { type: 'object' } },
      { name: 'fetch', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, outputSchema: { type: 'object' } },
    ];
    const server: Route = async (request) => {
      const message = (await request.clone().json()) as { id: number; method: string };
      if (message.method === 'tools/call') {
        const results = { results: [{ id: 'a', title: 'A', url: `${ORIGIN}/a` }] };
        return json({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: JSON.stringify(results) }], structuredContent: results } });
      }
      return legacyServer('2025-11-25', tools)(request);
    };
    const { ctx } = await site({ '/mcp': server });
    const outcome = await mcpRevisao.run(ctx);
    assert.equal(outcome.status, 'parcial');
    assert.equal(outcome.credito, 0.6);
    assert.match(outcome.detalhe, /Oferece search e fetch/);
  });

  test('stale or invalid: a pre-2025-03-26 revision, a discover without 2026-07-28, a JSON-RPC error to initialize', async () => {
    const cases: [Record<string, Route>, RegExp][] = [
      [{ '/mcp': legacyServer('2024-11-05') }, /initialize respondeu com protocolVersion 2024-11-05, revisão anterior/],
      [
        {
          '/mcp': async (request) => {
            const { id } = (await request.json()) as { id: number };
            return json({ jsonrpc: '2.0', id, result: { supportedVersions: ['2025-11-25'], capabilities: {} } });
          },
        },
        /supportedVersions \["2025-11-25"\] não nomeia 2026-07-28/,
      ],
      [
        {
          '/mcp': async (request) => {
            const { id } = (await request.json()) as { id: number };
            return json({ jsonrpc: '2.0', id, error: { code: -32603, message: 'quebrado' } }, 500);
          },
        },
        /initialize respondeu JSON-RPC com o erro -32603 sem protocolVersion e serverInfo válidos/,
      ],
    ];
    for (const [routes, decided] of cases) {
      const { ctx } = await site(routes);
      const reading = await readMcpRevision(ctx);
      assert.equal(reading.verdict, 'stale-invalid');
      assert.match(reading.decidedBy, decided);
      const outcome = await mcpRevisao.run(ctx);
      assert.equal(outcome.status, 'falhou');
      assert.match(outcome.detalhe, /^MCP obsoleto ou inválido/);
    }
  });

  test('no MCP server (404, or an HTML page for every POST): not applicable without interface signals', async () => {
    for (const routes of [{}, { '/mcp': () => new Response('<html>app</html>', { headers: { 'content-type': 'text/html' } }) }] as Record<string, Route>[]) {
      const { ctx } = await site(routes);
      const reading = await readMcpRevision(ctx);
      assert.equal(reading.verdict, 'absent');
      assert.deepEqual(reading.requests.map((r) => r.method), ['server/discover', 'initialize']);
      const outcome = await mcpRevisao.run(ctx);
      assert.equal(outcome.status, 'nao_se_aplica');
    }
  });

  test('a card pointing to another origin is reported and not followed', async () => {
    const card = { name: 'x/y', version: '1', remotes: [{ type: 'streamable-http', url: 'https://atacante.example/mcp' }] };
    const services = testServices({ SITE_URL: ORIGIN });
    const { ctx, requests } = await site({
      '/.well-known/mcp/server-card.json': () => json(card),
      '/mcp': (request) => app.fetch(request, testContext(services)),
    });
    const reading = await readMcpRevision(ctx);
    assert.equal(reading.offOrigin, 'https://atacante.example/mcp');
    assert.equal(reading.url, `${ORIGIN}/mcp`);
    assert.equal(reading.verdict, 'current');
    assert.ok(requests.every((r) => new URL(r.url).origin === ORIGIN), JSON.stringify(requests));
    assert.match((await mcpRevisao.run(ctx)).detalhe, /o cartão aponta para “https:\/\/atacante\.example\/mcp”, outra origem: não seguido/);
  });

  test('search is not called when the server does not declare it read-only', async () => {
    const tools = [
      { name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' } } }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: false } },
      { name: 'fetch', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, outputSchema: { type: 'object' } },
    ];
    const { ctx, requests } = await site({ '/mcp': legacyServer('2025-11-25', tools) });
    const reading = await readMcpRevision(ctx);
    assert.equal(reading.connector.shape, false);
    assert.match(reading.connector.detail, /não se declara somente leitura/);
    assert.ok(!requests.some((r) => r.rpc === 'tools/call'));
  });
});
