/**
 * Dogfood: the service measures its own local server and must get A+. The static site is built with absolute
 * URLs for SITE_URL (the suite uses http://localhost:8890), so the server listens on 8890 and the instrument
 * measures `localhost:8890` (READINESS_ALLOW_LOOPBACK=1 in this file's services). The instrument's network
 * is the loopback-only guard: nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { standardById } from '../../src/model/agent-standards.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { type GuardNetwork, guardNetwork } from '../helpers/readiness.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const PORT = 8890;
let server: LocalServer;
let network: GuardNetwork;

before(async () => {
  network = guardNetwork();
  services.network = network;
  resetServices(services, {
    config: loadConfig({ ...process.env, SITE_URL: process.env.SITE_URL ?? `http://localhost:${PORT}`, READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '' }),
    store: new MemoryStore(),
  });
  server = await startLocalServer({ port: PORT, services });
});
after(async () => {
  services.network = defaultNetwork;
  resetServices(services);
  await server.close();
});

test('the service measuring its own local server gets A+', async () => {
  // The absolute URLs of the build (cards, sitemap, OAuth metadata) must point at this server.
  const robots = await readFile(new URL('../../dist/robots.txt', import.meta.url), 'utf8');
  const origin = /^Sitemap:\s*(\S+)/m.exec(robots)?.[1]?.replace(/\/sitemap\.xml$/, '');
  assert.equal(origin, `http://localhost:${PORT}`, `dist/ foi gerado para ${origin}: rode SITE_URL=http://localhost:${PORT} npm run build antes deste teste`);
  const res = await fetch(`http://localhost:${PORT}/api/ia/medicao`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ site: `localhost:${PORT}` }),
  });
  assert.equal(res.status, 200);
  const envelope = envelopeSchema.parse(await res.json());
  const missing = envelope.camadas
    .flatMap((c) => c.verificacoes)
    .filter((v) => v.status === 'falhou' || v.status === 'parcial')
    .map((v) => `${v.id} (${v.pontos}/${v.peso}): ${v.detalhe}`);
  assert.equal(envelope.estado, 'registrada', envelope.motivo);
  assert.equal(envelope.grau, 'A+', `nota ${envelope.nota}; perdas:\n${missing.join('\n')}`);
  // Issue 14: the sample reads our pages, every llms.txt link is tried (/mcp and /mcp/docs, 405 to GET, judged
  // as endpoints), and the agent-interface checks apply because the site advertises its interfaces.
  const llms = await readFile(new URL('../../dist/llms.txt', import.meta.url), 'utf8');
  const links = new Set([...llms.matchAll(/\]\((http:\/\/localhost:8890\/[^)\s]*)\)/g)].map((m) => m[1]));
  assert.equal(envelope.amostra?.linksDoLlmsTxt, links.size);
  assert.ok(links.has(`http://localhost:${PORT}/mcp`) && links.has(`http://localhost:${PORT}/mcp/docs`));
  assert.ok((envelope.amostra?.paginas ?? 0) > 20, `${envelope.amostra?.paginas} páginas`);
  assert.equal(envelope.amostra?.cortada, false);
  const verificacoes = envelope.camadas.flatMap((c) => c.verificacoes);
  assert.equal(verificacoes.find((v) => v.id === 'llms-txt-links')?.status, 'passou');
  assert.equal(verificacoes.find((v) => v.id === 'links-nos-gemeos')?.status, 'passou');
  // Issue 21: our MCP answers the current revision, with OpenAI's search/fetch pair.
  const revision = verificacoes.find((v) => v.id === 'mcp-revisao');
  assert.equal(revision?.status, 'passou', revision?.detalhe);
  assert.match(revision?.detalhe ?? '', /^MCP atual em “\/mcp”: .*supportedVersions \["2026-07-28".*\. Oferece search e fetch.*Forma atual \(MCP \(Model Context Protocol\) 2026-07-28\)\.$/);
  assert.equal(envelope.interfaces?.exigidas, true);
  // Issue 21: every check of a standard of late 2026 finds our site in the current form, naming the revision.
  for (const [id, padrao] of [
    ['mcp-revisao', 'mcp'],
    ['ard', 'ard'],
    ['nlweb', 'nlweb'],
    ['content-usage', 'aipref'],
    ['web-bot-auth', 'web-bot-auth'],
  ] as const) {
    const v = verificacoes.find((x) => x.id === id);
    assert.equal(v?.status, 'passou', `${id}: ${v?.detalhe}`);
    assert.deepEqual(v?.revisao, { padrao: standardById(padrao).nome, testada: standardById(padrao).revisao, veredito: 'atual' }, id);
  }
  // Nothing asks the reader (an agent acting for a person) to pay: the 402 check has nothing to judge.
  assert.equal(verificacoes.find((v) => v.id === 'pagamento-402')?.status, 'nao_se_aplica');
  assert.deepEqual(network.violations, []);
});
