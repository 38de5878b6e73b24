/**
 * Cores of the agent surfaces, called directly: the MCP tool registries (through the SDK's client over an
 * in-memory transport, with stand-in readings), input normalizers, the NLWeb core of /ask, the Origin rule of
 * the MCP handler, and the discovery builders (cards, skills and their digests).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { answer, belowStreamVersion, clampResults, flagValue, schemaTypeOf, sseBody, toResults } from '../../functions/ask/nlweb.ts';
import { askAnswerSchema, askCompleteEventSchema, askResultEventSchema, askStartEventSchema } from '../../functions/ask/schemas.ts';
import { siteData } from '../../functions/content/site-data.ts';
import { docFiles, docSearchEntries, findDoc, llmsBlocks } from '../../functions/mcp/docs-tools.ts';
import { hostAllowed, originAllowed } from '../../functions/mcp/origin.ts';
import { routeOf } from '../../functions/mcp/product-tools.ts';
import type { ToolSources } from '../../functions/mcp/registry.ts';
import type { ReadingOutcome } from '../../functions/readiness/read-reading.ts';
import type { RpcMessage } from '../../functions/mcp/protocol.ts';
import { serveMessage } from '../../functions/mcp/server.ts';
import { MCP_RUNTIME } from '../../functions/mcp/servers.ts';
import { MCP_SERVERS } from '../../src/model/mcp.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { matchFunctionRoute } from '../../functions/routes.ts';
import { createSearchIndex } from '../../functions/search/engine.ts';
import { searchFor } from '../../functions/search/index.ts';
import type { SearchResult } from '../../functions/search/types.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { agentCard } from '../../functions/a2a/card.ts';
import { AGENT_SKILLS, mcpServerCard, renderSkill, skillsIndex } from '../../src/lib/agent-discovery.ts';
import { a2aAgentCardSchema, serverCardSchema, skillFrontmatter, skillsIndexSchema } from '../helpers/agent-schemas.ts';

const origin = siteOrigin();
const search = searchFor(createSearchIndex(siteData.paginas), origin);

function context(readReading: ToolSources['readReading']): ToolSources {
  return {
    origin,
    data: siteData,
    search,
    docsSearch: createSearchIndex(docSearchEntries(docFiles(siteData, origin))),
    readReading,
    contactEmail: 'contato@exemplo.com.br',
  };
}

/** The SDK's client talking, in memory, to the servers' message core (server.ts), as a legacy (initialize) client. */
async function client(id: 'product' | 'docs', ctx: ToolSources): Promise<Client> {
  const transport: Transport = {
    async start() {},
    async close() {
      transport.onclose?.();
    },
    async send(message) {
      const answer = await serveMessage(message as RpcMessage, MCP_RUNTIME[id], ctx, 'legacy');
      if (answer.response) queueMicrotask(() => transport.onmessage?.(answer.response as JSONRPCMessage));
    },
  };
  const c = new Client({ name: 'teste-unitario', version: '1.0.0' });
  await c.connect(transport);
  return c;
}

const envelope = (e: Partial<Envelope> & { dominio: string; estado: Envelope['estado'] }): Envelope => ({
  nota: null,
  grau: null,
  camadas: [],
  lacunas: [],
  medidoEm: null,
  ...e,
});

describe('MCP registries', () => {
  test('tool names are the contract names (then OpenAI\'s search and fetch on /mcp), unique and valid', () => {
    assert.deepEqual(MCP_SERVERS.product.tools.map((t) => t.name), ['get_readiness_score', 'search_site', 'get_page', 'list_services', 'get_pricing', 'how_to_hire', 'search', 'fetch']);
    assert.deepEqual(MCP_SERVERS.docs.tools.map((t) => t.name), ['list_docs', 'get_doc', 'search_docs', 'get_llms_txt']);
    for (const spec of Object.values(MCP_SERVERS)) {
      assert.ok(spec.description.length <= 100, `${spec.id}: descrição com ${spec.description.length} caracteres`);
      for (const t of spec.tools) assert.deepEqual(t.annotations, { readOnlyHint: true, openWorldHint: false });
    }
  });

  test('get_readiness_score maps the envelope states', async () => {
    // The read returns a typed outcome (no HTTP to parse back): envelopes with their status, or an invalid domain.
    const states: Record<string, ReadingOutcome> = {
      'registrado.com.br': { kind: 'envelope', status: 200, envelope: envelope({ dominio: 'registrado.com.br', estado: 'registrada', nota: 91, grau: 'A', medidoEm: '2026-11-01T10:00:00.000Z' }) },
      'pausado.com.br': {
        kind: 'envelope',
        status: 429,
        retryAfterSeconds: 300,
        envelope: envelope({ dominio: 'pausado.com.br', estado: 'limite', tentarEm: '2026-11-01T10:05:00.000Z', motivo: 'O instrumento de leitura está pausado.' }),
      },
      'vazio.com.br': { kind: 'envelope', status: 200, envelope: envelope({ dominio: 'vazio.com.br', estado: 'ausente', medirEm: `${origin}/diagnostico-de-visibilidade-cognitiva` }) },
      'invalido': { kind: 'invalid', reason: 'Informe o domínio completo.' },
    };
    const seen: string[] = [];
    const c = await client(
      'product',
      context(async (domain) => {
        seen.push(domain);
        const outcome = states[domain];
        if (!outcome) throw new Error(`leitura inesperada: ${domain}`);
        return outcome;
      }),
    );
    const call = async (dominio: string) => (await c.callTool({ name: 'get_readiness_score', arguments: { dominio } })) as any;

    const ok = await call('registrado.com.br');
    assert.equal(ok.structuredContent.ausente, false);
    assert.equal(ok.structuredContent.nota, 91);
    assert.deepEqual(JSON.parse(ok.content[0].text), ok.structuredContent, 'first block: the structured content, serialized');
    assert.match(ok.content[1].text, /nota 91\/100, grau A/);

    const paused = await call('pausado.com.br');
    assert.notEqual(paused.isError, true);
    assert.equal(paused.structuredContent.estado, 'limite');
    assert.match(paused.content[1].text, /Tente de novo em 2026-11-01T10:05:00.000Z/);

    const absent = await call('vazio.com.br');
    assert.equal(absent.structuredContent.ausente, true);
    assert.equal(absent.structuredContent.medirEm, `${origin}/diagnostico-de-visibilidade-cognitiva`);

    const invalid = await call('invalido');
    assert.equal(invalid.isError, true);
    assert.equal(invalid.content[0].text, 'Informe o domínio completo.');

    assert.deepEqual(seen, ['registrado.com.br', 'pausado.com.br', 'vazio.com.br', 'invalido']);
    await c.close();
  });

  test('a tool that throws becomes a tool error, never a protocol failure', async () => {
    const c = await client(
      'product',
      context(async () => {
        throw new Error('armazenamento caiu');
      }),
    );
    const result = (await c.callTool({ name: 'get_readiness_score', arguments: { dominio: 'exemplo.com.br' } })) as any;
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /Falha inesperada ao executar get_readiness_score/);
    assert.doesNotMatch(result.content[0].text, /armazenamento caiu/);
    await c.close();
  });

  test('structured results validate against each output schema (the SDK client checks them)', async () => {
    const c = await client('docs', context(async () => ({ kind: 'invalid', reason: 'não usado' })));
    for (const [name, args] of [
      ['list_docs', {}],
      ['get_doc', { caminho: '/api/versioning.md' }],
      ['search_docs', { consulta: 'sandbox' }],
      ['get_llms_txt', { secao: 'BLOG' }],
    ] as const) {
      const result = (await c.callTool({ name, arguments: args })) as any;
      assert.notEqual(result.isError, true, `${name}: ${result.content[0]?.text}`);
      const tool = MCP_SERVERS.docs.tools.find((t) => t.name === name)!;
      tool.outputSchema.parse(result.structuredContent);
    }
    await c.close();
  });
});

describe('input normalizers', () => {
  test('routeOf accepts routes, paths, twins, URLs and aliases', () => {
    assert.equal(routeOf('index'), 'index');
    assert.equal(routeOf('/'), 'index');
    assert.equal(routeOf(''), 'index');
    assert.equal(routeOf('/index.md'), 'index');
    assert.equal(routeOf('Blog/Markdown-Para-Agentes/'), 'blog/markdown-para-agentes');
    assert.equal(routeOf('https://example.com.br/solucoes/seo-local?x=1#y'), 'solucoes/seo-local');
    assert.equal(routeOf('/docs'), 'agentes');
    assert.equal(routeOf('developers.md'), 'agentes');
  });

  test('findDoc and llmsBlocks', () => {
    const docs = docFiles(siteData, origin);
    assert.equal(findDoc(docs, 'auth.md')?.caminho, '/auth.md');
    assert.equal(findDoc(docs, `${origin}/api/versioning.md`)?.caminho, '/api/versioning.md');
    assert.equal(findDoc(docs, 'agentes')?.caminho, '/agentes.md');
    assert.equal(findDoc(docs, '/api')?.caminho, '/api/llms.txt');
    assert.equal(findDoc(docs, '/robots.txt'), undefined);
    const blocks = llmsBlocks('# T\n\n> s\n\n## A\n\n- [a](x)\n\n## B b\n\n- [b](y)\n');
    assert.deepEqual(blocks, [
      { titulo: 'A', bloco: '## A\n\n- [a](x)\n' },
      { titulo: 'B b', bloco: '## B b\n\n- [b](y)\n' },
    ]);
  });

  test('the MCP Origin rule: absent, the configured origin or loopback; never the request\'s own', () => {
    const service = 'https://sinal.example';
    assert.equal(originAllowed(null, service), true);
    assert.equal(originAllowed('https://sinal.example', service), true);
    assert.equal(originAllowed('https://sinal.example:443', service), true);
    assert.equal(originAllowed('http://localhost:3000', service), true);
    assert.equal(originAllowed('http://127.0.0.1', service), true);
    assert.equal(originAllowed('http://[::1]:8080', service), true);
    assert.equal(originAllowed('https://sinal.example.evil.com', service), false);
    assert.equal(originAllowed('http://sinal.example', service), false);
    assert.equal(originAllowed('http://evil.test', service), false);
    assert.equal(originAllowed('null', service), false);
    assert.equal(originAllowed('chrome-extension://abc', service), false);
  });

  test('the MCP Host rule: the configured host or a loopback name', () => {
    const service = 'https://sinal.example';
    assert.equal(hostAllowed('sinal.example', service), true);
    assert.equal(hostAllowed('SINAL.example', service), true);
    assert.equal(hostAllowed('127.0.0.1:8903', service), true);
    assert.equal(hostAllowed('localhost', service), true);
    assert.equal(hostAllowed('[::1]:8080', service), true);
    assert.equal(hostAllowed('evil.test', service), false);
    assert.equal(hostAllowed('sinal.example:8443', service), false);
    assert.equal(hostAllowed('sinal.example.evil.test', service), false);
    assert.equal(hostAllowed('localhost.evil.test', service), false);
    assert.equal(hostAllowed('', service), false);
  });
});

describe('NLWeb core', () => {
  test('flags and result counts', () => {
    assert.equal(flagValue(undefined), undefined);
    assert.equal(flagValue(false), false);
    assert.equal(flagValue('0'), false);
    assert.equal(flagValue('FALSE'), false);
    assert.equal(flagValue('true'), true);
    assert.equal(clampResults(undefined), 9);
    assert.equal(clampResults('3'), 3);
    assert.equal(clampResults(500), 20);
    assert.equal(clampResults(0), 9);
    assert.equal(clampResults('x'), 9);
  });

  test('a client pinned below NLWeb 0.55 keeps the unnamed events', () => {
    for (const v of ['0.54', '0.5', '0.5.03', '0.1']) assert.equal(belowStreamVersion(v), true, v);
    for (const v of ['0.55', '0.55.1', '0.6', '1.0', 'v1', '']) assert.equal(belowStreamVersion(v), false, v);
  });

  test('schema.org types by route', () => {
    assert.equal(schemaTypeOf('blog/x').type, 'BlogPosting');
    assert.equal(schemaTypeOf('solucoes/x').type, 'Service');
    assert.equal(schemaTypeOf('solucoes').type, 'CollectionPage');
    assert.equal(schemaTypeOf('diagnostico-de-visibilidade/perguntas-frequentes').type, 'FAQPage');
    assert.equal(schemaTypeOf('contato').type, 'ContactPage');
    assert.equal(schemaTypeOf('index').type, 'WebPage');
  });

  test('scores are 0–100 relative to the best hit', () => {
    const hit = (rota: string, pontuacao: number): SearchResult => ({ rota, url: `${origin}/${rota}`, titulo: rota, descricao: 'd', secao: 's', pontuacao, trecho: '' });
    const results = toResults([hit('a', 8), hit('b', 4), hit('c', 0.01)], origin);
    assert.deepEqual(results.map((r) => r.score), [100, 50, 1]);
    assert.equal(results[0]!.site, new URL(origin).host);
  });

  test('answers and SSE bodies in the three event formats', () => {
    const question = { text: 'seo técnico', streaming: true, maxResults: 4, queryId: 'q1', stream: 'v054' as const };
    const body = askAnswerSchema.parse(answer(question, search, origin));
    assert.ok(body.results.length >= 1 && body.results.length <= 4);
    assert.equal(body.results[0]!.url, `${origin}/solucoes/seo-tecnico`);
    assert.equal(sseBody(question, body, origin), `data: ${JSON.stringify({ _meta: body._meta })}\n\ndata: ${JSON.stringify({ results: body.results })}\n\n`);
    // NLWeb 0.55: named events, one `result` per item, in order, then `complete`.
    const named = sseBody({ ...question, stream: 'v055' }, body, origin)
      .split('\n\n')
      .filter(Boolean)
      .map((e) => {
        const [name, data] = e.split('\n');
        return { event: name!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) };
      });
    assert.deepEqual(named.map((e) => e.event), ['start', ...body.results.map(() => 'result'), 'complete']);
    assert.equal(askStartEventSchema.parse(named[0]!.data)._meta.site, new URL(origin).host);
    assert.deepEqual(named.slice(1, -1).map((e) => askResultEventSchema.parse(e.data)), body.results.map((item, index) => ({ index, item })));
    askCompleteEventSchema.parse(named.at(-1)!.data);
    const legacy = sseBody({ ...question, stream: 'legado' }, body, origin, 1000)
      .split('\n\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.slice('data: '.length)));
    assert.deepEqual(legacy.map((e) => e.message_type), ['begin-nlweb-response', 'result', 'end-nlweb-response']);
    assert.equal(legacy[0].timestamp, 1000);
  });
});

describe('discovery builders', () => {
  test('cards and the agent card validate against their schemas', () => {
    for (const spec of Object.values(MCP_SERVERS)) serverCardSchema.parse(mcpServerCard(spec, origin));
    a2aAgentCardSchema.parse(agentCard(origin));
    skillsIndexSchema.parse(skillsIndex(origin));
  });

  test('every interface of the agent card is served by the A2A function of the route table', () => {
    for (const i of agentCard(origin).supportedInterfaces) {
      assert.ok(i.url.startsWith(`${origin}/`), i.url);
      assert.equal(matchFunctionRoute(new URL(i.url).pathname)?.module, 'a2a/handler.ts', i.url);
    }
  });

  test('skill digests are the sha256 of the rendered SKILL.md; frontmatter matches the index', () => {
    const index = skillsIndex(origin);
    for (const skill of AGENT_SKILLS) {
      const text = renderSkill(skill, origin);
      const entry = index.skills.find((s) => s.name === skill.name)!;
      assert.equal(entry.digest, `sha256:${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex')}`);
      const front = skillFrontmatter(text);
      assert.equal(front.name, skill.name);
      assert.equal(front.description, skill.description);
      assert.ok(text.endsWith('\n') && !text.endsWith('\n\n'));
    }
  });
});
