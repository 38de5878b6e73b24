/**
 * The `mcp-revisao` check on sites served in memory (tests/helpers/readiness-memory.ts: a fake fetch behind the real
 * measurement context): our own dual-era server (`atual`, with search/fetch), a legacy-only server (`legado`, with
 * the migration note), stale and broken servers (`invalido`), a site without MCP, and a card pointing to another
 * origin (never followed). The verdicts are the shared ones of revision.ts, for the `mcp` row of the standards
 * table.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { app } from '../../../functions/app.ts';
import { MODERN_VERSION } from '../../../functions/mcp/protocol.ts';
import { LEGACY_CREDIT, revisionOf } from '../../../functions/readiness/revision.ts';
import { MIGRATION_NOTE, mcpRevisao, readMcpRevision } from '../../../functions/readiness/checks/mcp-revisao.ts';
import { standardById } from '../../../src/model/agent-standards.ts';
import { MEMORY_ORIGIN as ORIGIN, memorySite as site, type Route } from '../../helpers/readiness-memory.ts';
import { testContext, testServices } from '../../helpers/services.ts';

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
  test('the revision the standards table declares for MCP is the one our servers and the check speak', () => {
    assert.equal(standardById('mcp').revisao, MODERN_VERSION);
    assert.ok(standardById('mcp').verificacoes.includes('mcp-revisao'));
  });

  test('our own dual-era server: atual (2026-07-28), with search and fetch in the connector shape', async () => {
    const services = testServices({ SITE_URL: ORIGIN });
    const { ctx, requests } = await site({ '/mcp': (request) => app.fetch(request, testContext(services)) });
    const reading = await readMcpRevision(ctx);
    assert.equal(reading.verdict, 'atual');
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
    assert.deepEqual(outcome.revisao, revisionOf('mcp', 'atual'));
    assert.match(outcome.detalhe, /^MCP atual em “\/mcp”: server\/discover respondeu 200 .* Oferece search e fetch no formato dos conectores da OpenAI\. Forma atual \(MCP \(Model Context Protocol\) 2026-07-28\)\.$/);
    // The deciding request first: the search call, then tools/list, then server/discover.
    assert.deepEqual(outcome.evidencias?.map((e) => e.pedido.metodo), ['POST', 'POST', 'POST']);
    assert.match(outcome.evidencias?.[2]?.pedido.corpo ?? '', /"method":"server\/discover"/);
  });

  test('a legacy-only server: legado (the revision it answered), ¾ of the weight and the migration note, not a failure', async () => {
    const { ctx } = await site({ '/mcp': legacyServer('2025-06-18') });
    const reading = await readMcpRevision(ctx);
    assert.equal(reading.verdict, 'legado');
    assert.equal(reading.revision, '2025-06-18');
    assert.match(reading.decidedBy, /server\/discover respondeu 200 com o erro JSON-RPC -32601; initialize respondeu com protocolVersion 2025-06-18/);
    assert.deepEqual(reading.connector, { search: false, fetch: false, shape: false, detail: 'tools/list (1 ferramenta) não tem search nem fetch' });
    const outcome = await mcpRevisao.run(ctx);
    assert.equal(outcome.status, 'parcial');
    // The shared legacy credit, times the share kept without the connector pair.
    assert.equal(outcome.credito, LEGACY_CREDIT * 0.8);
    assert.deepEqual(outcome.revisao, revisionOf('mcp', 'legado', { forma: '2025-06-18, pelo handshake initialize', migracao: MIGRATION_NOTE }));
    assert.match(outcome.detalhe, /^MCP legado em “\/mcp”: .*initialize respondeu com protocolVersion 2025-06-18\. .*Forma anterior aceita \(2025-06-18, pelo handshake initialize\); a atual é MCP \(Model Context Protocol\) 2026-07-28\.$/);
    assert.equal(outcome.titulo, 'O servidor MCP só fala a revisão legada (initialize)');
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
    assert.equal(outcome.credito, LEGACY_CREDIT);
    assert.match(outcome.detalhe, /Oferece search e fetch/);
    assert.equal(outcome.comoCorrigir, MIGRATION_NOTE);
  });

  test('invalido: a pre-2025-03-26 revision, a discover without 2026-07-28, a JSON-RPC error to initialize', async () => {
    const cases: [Record<string, Route>, RegExp, string][] = [
      [{ '/mcp': legacyServer('2024-11-05') }, /initialize respondeu com protocolVersion 2024-11-05, revisão anterior/, '2024-11-05, pelo handshake initialize'],
      [
        {
          '/mcp': async (request) => {
            const { id } = (await request.json()) as { id: number };
            return json({ jsonrpc: '2.0', id, result: { supportedVersions: ['2025-11-25'], capabilities: {} } });
          },
        },
        /supportedVersions \["2025-11-25"\] não nomeia 2026-07-28/,
        'server/discover só com 2025-11-25',
      ],
      [
        {
          '/mcp': async (request) => {
            const { id } = (await request.json()) as { id: number };
            return json({ jsonrpc: '2.0', id, error: { code: -32603, message: 'quebrado' } }, 500);
          },
        },
        /initialize respondeu JSON-RPC com o erro -32603 sem protocolVersion e serverInfo válidos/,
        'initialize sem protocolVersion e serverInfo válidos',
      ],
    ];
    for (const [routes, decided, forma] of cases) {
      const { ctx } = await site(routes);
      const reading = await readMcpRevision(ctx);
      assert.equal(reading.verdict, 'invalido');
      assert.match(reading.decidedBy, decided);
      const outcome = await mcpRevisao.run(ctx);
      assert.equal(outcome.status, 'falhou');
      assert.deepEqual(outcome.revisao, revisionOf('mcp', 'invalido', { forma, migracao: MIGRATION_NOTE }));
      assert.match(outcome.detalhe, /^MCP obsoleto ou inválido .*Forma inválida ou obsoleta para MCP \(Model Context Protocol\) 2026-07-28/);
      assert.ok(outcome.evidencias?.length, 'the requests that decided');
    }
  });

  test('no MCP server (404, or an HTML page for every POST): not applicable without interface signals', async () => {
    for (const routes of [{}, { '/mcp': () => new Response('<html>app</html>', { headers: { 'content-type': 'text/html' } }) }] as Record<string, Route>[]) {
      const { ctx } = await site(routes);
      const reading = await readMcpRevision(ctx);
      assert.equal(reading.verdict, undefined);
      assert.deepEqual(reading.requests.map((r) => r.method), ['server/discover', 'initialize']);
      const outcome = await mcpRevisao.run(ctx);
      assert.equal(outcome.status, 'nao_se_aplica');
      assert.equal(outcome.revisao, undefined);
      assert.match(outcome.detalhe, /^Nenhum servidor MCP em “\/mcp”: /);
      assert.equal(outcome.evidencias?.length, 2);
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
    assert.equal(reading.verdict, 'atual');
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
