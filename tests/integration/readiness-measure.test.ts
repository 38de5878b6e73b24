/**
 * The instrument against fixture sites served on loopback. The network is injected (`guardNetwork`): only
 * `localhost` resolves, only 127.0.0.1 can be dialed, so nothing leaves the machine even if the code is wrong.
 * Every request the fixtures receive is checked for the reader's User-Agent and for a Web Bot Auth signature
 * verified with Cloudflare's `web-bot-auth` package.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { parseDictionary, serializeItem } from 'structured-headers';
import { verify } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import { envelopeSchema, type Envelope } from '../../src/model/reading.ts';
import { measure, type MeasureOptions } from '../../functions/readiness/measure.ts';
import {
  agentReadySite,
  aiBlockedSite,
  bareSite,
  challengeSite,
  type Fixture,
  type GuardNetwork,
  guardNetwork,
  hugeSite,
  legacyMcpSite,
  measurementLab,
  redirectLoopSite,
  redirectTo,
  slowSite,
  spaSite,
  startFixture,
} from '../helpers/readiness.ts';

const AGENT = 'https://sinal.exemplo.com.br';
const { key, keep, watch } = await measurementLab('no resolution or connection outside the test network');

async function fixture(handler: Parameters<typeof startFixture>[0]): Promise<Fixture> {
  return keep(await startFixture(handler));
}

async function run(domain: string, options: Partial<MeasureOptions> & { network?: GuardNetwork } = {}): Promise<Envelope> {
  const network = options.network ?? watch(guardNetwork());
  const envelope = await measure(domain, { key, agentOrigin: AGENT, allowLoopback: true, ...options, network });
  return envelopeSchema.parse(envelope);
}

const verificacao = (e: Envelope, id: string) => e.camadas.flatMap((c) => c.verificacoes).find((v) => v.id === id);

describe('agent-ready fixture', () => {
  let site: Fixture;
  let envelope: Envelope;
  before(async () => {
    site = await fixture(agentReadySite);
    envelope = await run(site.host);
  });

  test('gets A+ with every applicable check passed', () => {
    const notPassed = envelope.camadas.flatMap((c) => c.verificacoes).filter((v) => v.status !== 'passou' && v.status !== 'nao_se_aplica');
    assert.deepEqual(notPassed.map((v) => `${v.id}: ${v.detalhe}`), []);
    assert.equal(envelope.estado, 'registrada');
    assert.equal(envelope.grau, 'A+');
    assert.equal(envelope.nota, 100);
    assert.deepEqual(envelope.lacunas, []);
    assert.equal(verificacao(envelope, 'https')?.status, 'nao_se_aplica', 'HTTPS does not apply to a loopback fixture');
  });

  test('live MCP initialize + tools/list over SSE', () => {
    assert.match(verificacao(envelope, 'mcp-ao-vivo')?.detalhe ?? '', /fixture-mcp.*3 ferramentas: “buscar, search, fetch”/);
  });

  test('the MCP server answers the current revision (2026-07-28) with search and fetch', () => {
    const check = verificacao(envelope, 'mcp-revisao');
    assert.equal(check?.status, 'passou');
    assert.match(check?.detalhe ?? '', /^MCP atual em “\/mcp”: .*supportedVersions \["2026-07-28".*\. Oferece search e fetch.*Forma atual \(MCP \(Model Context Protocol\) 2026-07-28\)\.$/);
    assert.equal(check?.revisao?.veredito, 'atual');
  });

  test('every request carried the User-Agent and a valid Web Bot Auth signature (verified by web-bot-auth)', async () => {
    assert.ok(site.requests.length >= 20, `${site.requests.length} requests`);
    const verifier = await verifierFromJWK(key.publicJwk);
    for (const request of site.requests) {
      assert.match(request.headers['user-agent'] ?? '', /^SinalCognitivoLeitor\/1\.0 \(\+https:\/\/sinal\.exemplo\.com\.br\/agentes\)$/);
      assert.equal(request.headers['signature-agent'], `sig1="${AGENT}/.well-known/http-message-signatures-directory"`);
      const member = parseDictionary(request.headers['signature-agent'] ?? '').get('sig1');
      const headers = { ...request.headers, 'signature-agent': serializeItem(member as never) };
      await verify({ method: request.method, url: `http://${request.headers.host}${request.path}`, headers }, verifier);
    }
  });

  test('politeness: each resource fetched once', () => {
    const seen = new Map<string, number>();
    for (const r of site.requests) {
      const k = `${r.method} ${r.path} ${r.headers.accept} ${r.method === 'POST' ? Math.random() : ''}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    assert.deepEqual([...seen].filter(([, n]) => n > 1), []);
    assert.ok(site.requests.length <= 60);
  });
});

describe('scored sites with gaps', () => {
  test('llms-full.txt over 5 million characters: partial credit, with the limit in the lacuna', async () => {
    const huge = `# Fixture Pronta\n\n${'## Parte\n\nTexto de exemplo com algum conteudo em cada parte.\n\n'.repeat(82_000)}`;
    assert.ok(huge.length > 5_000_000 && Buffer.byteLength(huge) < 5 * 1024 * 1024, 'over the limit in characters, under the read cap in bytes');
    const site = await fixture((req, res, ctx) =>
      req.url === '/llms-full.txt'
        ? void res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end(huge)
        : agentReadySite(req, res, ctx),
    );
    const envelope = await run(site.host);
    const check = verificacao(envelope, 'llms-full-txt');
    assert.equal(check?.status, 'parcial', check?.detalhe);
    assert.match(check?.detalhe ?? '', /passa de 5\.000\.000 caracteres \(5\.\d{3}\.\d{3}\)/);
    assert.ok(envelope.lacunas.some((l) => l.verificacao === 'llms-full-txt'));
  });

  test('an MCP server that serves only the legacy revision: a legacy verdict with the migration note, not a failure', async () => {
    const site = await fixture(legacyMcpSite);
    const envelope = await run(site.host);
    assert.equal(verificacao(envelope, 'mcp-ao-vivo')?.status, 'passou');
    const check = verificacao(envelope, 'mcp-revisao');
    assert.equal(check?.status, 'parcial', check?.detalhe);
    assert.match(check?.detalhe ?? '', /^MCP legado em .*initialize respondeu com protocolVersion 2025-06-18\. .*Forma anterior aceita \(2025-06-18, pelo handshake initialize\); a atual é MCP \(Model Context Protocol\) 2026-07-28\.$/);
    assert.equal(check?.revisao?.veredito, 'legado');
    const lacuna = envelope.lacunas.find((l) => l.verificacao === 'mcp-revisao');
    assert.match(lacuna?.comoCorrigir ?? '', /Migre para o MCP 2026-07-28 mantendo o initialize/);
    assert.ok((envelope.nota ?? 0) >= 90, `nota ${envelope.nota}`);
  });

  test('bare site: low grade, a lacuna with why and how for every lost point', async () => {
    const site = await fixture(bareSite);
    const envelope = await run(site.host);
    assert.equal(envelope.estado, 'registrada');
    assert.ok((envelope.nota ?? 100) < 50, `nota ${envelope.nota}`);
    const ids = envelope.lacunas.map((l) => l.verificacao);
    for (const id of ['robots-txt', 'sitemap', 'llms-txt', 'markdown-gemeo', 'negociacao-markdown', 'json-ld', 'status-http']) assert.ok(ids.includes(id), id);
    assert.ok(!ids.includes('llms-txt-valido'), 'dependent checks do not repeat the parent lacuna');
    for (const l of envelope.lacunas) {
      assert.ok(l.porque.length > 40 && l.comoCorrigir.length > 30, l.verificacao);
    }
    assert.equal(verificacao(envelope, 'openapi')?.status, 'nao_se_aplica', 'a site without an API is not failed on API checks');
    assert.equal(verificacao(envelope, 'oauth-servidor')?.status, 'nao_se_aplica');
    // Issue 14: no API or app signal, so the agent-interface checks that find nothing are left out, and the result says so.
    for (const id of ['mcp-cartao', 'mcp-ao-vivo', 'mcp-revisao', 'a2a-cartao', 'agent-skills', 'webmcp']) assert.equal(verificacao(envelope, id)?.status, 'nao_se_aplica', id);
    assert.deepEqual(envelope.interfaces, { exigidas: false, sinais: [] });
    assert.ok(!ids.includes('mcp-ao-vivo'));
  });

  test('client-rendered shell: capped at 39 (F)', async () => {
    const site = await fixture(spaSite);
    const envelope = await run(site.host);
    assert.equal(envelope.estado, 'registrada');
    assert.ok((envelope.nota ?? 100) <= 39);
    assert.equal(envelope.grau, 'F');
    assert.equal(verificacao(envelope, 'texto-no-servidor')?.status, 'falhou');
  });

  test('AI crawlers blocked in robots.txt: capped at 39 whatever else is right', async () => {
    const site = await fixture(aiBlockedSite);
    const envelope = await run(site.host);
    assert.equal(envelope.nota, 39);
    assert.equal(envelope.grau, 'F');
    assert.match(envelope.teto?.motivo ?? '', /robôs de IA/);
    assert.equal(envelope.lacunas[0]?.verificacao, 'robots-ia');
  });
});

describe('unscored measurements (never a confident wrong grade, never a hang)', () => {
  const unscored = (e: Envelope, motivo: RegExp) => {
    assert.equal(e.estado, 'nao_pontuada');
    assert.equal(e.nota, null);
    assert.equal(e.grau, null);
    assert.deepEqual(e.camadas, []);
    assert.ok(e.medidoEm);
    assert.match(e.motivo ?? '', motivo);
  };

  test('bot challenge', async () => {
    const site = await fixture(challengeSite);
    const e = await run(site.host);
    unscored(e, /desafio anti-robô.*Cloudflare/);
    assert.equal(e.lacunas[0]?.verificacao, 'acesso-do-leitor');
  });

  test('slow site', async () => {
    const site = await fixture(slowSite(10_000));
    const started = Date.now();
    unscored(await run(site.host, { homeTimeoutMs: 500 }), /não respondeu a tempo/);
    assert.ok(Date.now() - started < 3_000);
  });

  test('huge home page', async () => {
    const site = await fixture(hugeSite(12));
    const started = Date.now();
    unscored(await run(site.host, { homeMaxBytes: 1024 * 1024 }), /passa de 1 MB/);
    assert.ok(Date.now() - started < 3_000);
  });

  test('redirect loop', async () => {
    const site = await fixture(redirectLoopSite);
    unscored(await run(site.host), /ciclo de redirecionamentos/);
  });

  test('redirect to a loopback address while loopback is not allowed', async () => {
    const target = await fixture(agentReadySite);
    const site = await fixture(redirectTo(`http://127.0.0.1:${target.port}/`));
    const network = guardNetwork({ names: { 'site.exemplo.com.br': '93.184.216.34' }, routes: { '93.184.216.34:443': -1, '93.184.216.34:80': site.port } });
    // https is refused by the guard (no TLS in tests): the instrument falls back to http, then meets the redirect.
    const e = await run('site.exemplo.com.br', { network, allowLoopback: false });
    unscored(e, /endereço que o medidor não acessa/);
    assert.equal(target.requests.length, 0, 'the loopback target was never reached');
    assert.deepEqual(network.connects.map((c) => `${c.address}:${c.port}`), ['93.184.216.34:443', '93.184.216.34:80']);
    assert.deepEqual(network.violations, ['tls 93.184.216.34:443']);
  });

  test('a domain resolving to a private address is refused without connecting', async () => {
    const network = guardNetwork({ names: { 'intranet.exemplo.com.br': '10.0.0.8' } });
    unscored(await run('intranet.exemplo.com.br', { network, allowLoopback: false }), /endereço que o medidor não acessa/);
    assert.deepEqual(network.connects, []);
  });

  test('unknown domain', async () => {
    const network = guardNetwork();
    unscored(await run('nao-existe.exemplo.com.br', { network, allowLoopback: false }), /DNS/);
    assert.deepEqual(network.connects, []);
  });

  test('nothing listening', async () => {
    const closed = await startFixture(() => {});
    const port = closed.port;
    await closed.close();
    unscored(await run(`localhost:${port}`), /não pôde ser lido|conexão/);
  });

  test('loopback targets without the test switch', async () => {
    const site = await fixture(agentReadySite);
    unscored(await run(site.host, { allowLoopback: false }), /locais/);
    assert.equal(site.requests.length, 0);
  });

  test('server error', async () => {
    const site = await fixture((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<h1>Manutenção</h1>');
    });
    unscored(await run(site.host), /HTTP 503/);
  });
});
