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
import { envelopeSchema } from '../../functions/readiness/envelope.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
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
  assert.deepEqual(network.violations, []);
});
