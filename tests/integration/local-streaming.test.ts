/**
 * The local server streams bodies that have no length: the measurement's NDJSON progress must reach the
 * client while the measurement runs, not in one chunk at the end. The measured site is a loopback fixture
 * (READINESS_ALLOW_LOOPBACK=1) that answers every path but the home page slowly, and records when it answered
 * its last request; the first progress line must arrive before that.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { agentReadySite, type Fixture, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const DELAY_MS = 250;
let server: LocalServer;
let site: Fixture;
let lastAnsweredAt = 0;

before(async () => {
  resetServices(services, { config: loadConfig({ ...process.env, READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '' }), store: new MemoryStore() });
  services.network = guardNetwork();
  server = await startLocalServer({ port: 0, services });
  site = await startFixture(async (req, res, ctx) => {
    if (req.url !== '/') await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    res.once('finish', () => (lastAnsweredAt = performance.now()));
    await agentReadySite(req, res, ctx);
  });
});
after(async () => {
  services.network = defaultNetwork;
  resetServices(services);
  await Promise.all([server.close(), site.close()]);
});

test('NDJSON progress of a measurement arrives line by line, before the last check finishes', async () => {
  const res = await fetch(`${server.url}/api/ia/medicao`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify({ site: site.host }),
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-length'), null);
  const arrivals: { tipo: string; at: number }[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of res.body!) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) !== -1) {
      arrivals.push({ tipo: (JSON.parse(buffered.slice(0, newline)) as { tipo: string }).tipo, at: performance.now() });
      buffered = buffered.slice(newline + 1);
    }
  }
  assert.equal(arrivals.at(-1)?.tipo, 'resultado');
  const firstProgress = arrivals.find((a) => a.tipo === 'progresso');
  assert.ok(firstProgress, 'progress lines');
  assert.ok(site.requests.length > 5);
  assert.ok(
    firstProgress.at < lastAnsweredAt,
    `first progress line ${Math.round(lastAnsweredAt - firstProgress.at)} ms before the site's last answer (must be > 0)`,
  );
});

test('a client that leaves mid-stream does not stall the server', async () => {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/ia/medicao`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify({ site: site.host }),
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  await reader.read();
  controller.abort();
  await reader.closed.catch(() => {});
  const next = await fetch(`${server.url}/api`);
  assert.equal(next.status, 200);
  await next.arrayBuffer();
});

test('a complete body without a length is still sent with a Content-Length (not chunked)', async () => {
  const { headers } = await new Promise<{ headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const req = httpRequest(`${server.url}/api`, { agent: false }, (r) => {
      r.resume();
      r.on('end', () => resolve({ headers: r.headers }));
    });
    req.on('error', reject);
    req.end();
  });
  assert.match(String(headers['content-length']), /^\d+$/);
  assert.equal(headers['transfer-encoding'], undefined);
});
