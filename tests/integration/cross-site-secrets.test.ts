/**
 * Issue item "weak secrets and cross-site posts", over HTTP on the local server:
 * - the cross-site table of tests/attacks/cross-site-cases.ts against `POST /api/ia/medicao`: refused rows get
 *   403 `cross_site_request` (JSON, or the HTML message page for the no-JS form) and spend neither the
 *   visitor's quota nor the instrument gate; allowed rows pass the check;
 * - AGENT_JWT_SECRET under 32 bytes: 503 `server_error` on Netlify, and `npm start` (server/start.ts) refuses
 *   to start with a message naming the variable and `npm run secrets`.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../functions/config.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { CROSS_SITE_CASES, caseHeaders } from '../attacks/cross-site-cases.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { bareSite, type Fixture, type GuardNetwork, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const origin = siteOrigin();
let server: LocalServer;
let site: Fixture;
let network: GuardNetwork;

function useRuntime(env: Record<string, string | undefined> = {}): void {
  const config = loadConfig({ ...process.env, NETLIFY: undefined, READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '', ...env });
  resetServices(services, { config, store: new MemoryStore() });
}

before(async () => {
  server = await startLocalServer({ port: 0, services });
  site = await startFixture(bareSite);
});
after(async () => {
  services.network = defaultNetwork;
  resetServices(services);
  await Promise.all([server.close(), site.close()]);
});
beforeEach(() => {
  network = guardNetwork();
  services.network = network;
});
afterEach(() => {
  resetServices(services);
  assert.deepEqual(network.violations, [], 'the instrument never left loopback');
});

type Shape = 'form-html' | 'json';
function measurePost(headers: Record<string, string>, shape: Shape) {
  const form = shape === 'form-html';
  return rawRequest(`${server.url}/api/ia/medicao`, {
    method: 'POST',
    body: form ? new URLSearchParams({ site: site.host }).toString() : JSON.stringify({ site: site.host }),
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      accept: form ? 'text/html,application/xhtml+xml,*/*;q=0.8' : 'application/json',
      ...headers,
    },
  });
}

describe('POST /api/ia/medicao: cross-site table', () => {
  for (const row of CROSS_SITE_CASES.filter((r) => r.expect === 'refused')) {
    test(`recusado: ${row.name}`, async () => {
      useRuntime();
      const json = await measurePost(caseHeaders(row, origin), 'json');
      assert.equal(json.status, 403, json.text);
      assert.match(String(json.headers['content-type']), /^application\/json/);
      const body = JSON.parse(json.text) as { error: string; error_description: string };
      assert.equal(body.error, 'cross_site_request');
      assert.match(body.error_description, /outro site/);
      assert.equal(Object.keys(body).length, 2, '{ error, error_description }');

      const html = await measurePost(caseHeaders(row, origin), 'form-html');
      assert.equal(html.status, 403);
      assert.match(String(html.headers['content-type']), /^text\/html/);
      assert.match(html.text, /Pedido de outro site recusado/);
      assert.match(html.text, /página de medição/);
      assert.equal(network.connects.length, 0, 'nothing was measured');
    });
  }

  for (const row of CROSS_SITE_CASES.filter((r) => r.expect === 'allowed')) {
    test(`aceito: ${row.name}`, async () => {
      // Paused instrument: a request that passes the cross-site check gets the pause (429, estado limite).
      useRuntime({ READINESS_PAUSED: '1' });
      const res = await measurePost(caseHeaders(row, origin), 'json');
      assert.equal(res.status, 429, res.text);
      assert.equal((JSON.parse(res.text) as { estado: string }).estado, 'limite');
    });
  }

  test("refused posts spend neither the visitor's quota nor the gate; the site's own post then measures", async () => {
    useRuntime({ READINESS_MEASUREMENTS_PER_DAY: '1', READINESS_GATE_PER_MINUTE: '1' });
    for (const row of CROSS_SITE_CASES.filter((r) => r.expect === 'refused')) {
      assert.equal((await measurePost(caseHeaders(row, origin), 'form-html')).status, 403, row.name);
    }
    const own = await measurePost({ Origin: origin, 'Sec-Fetch-Site': 'same-origin' }, 'json');
    assert.equal(own.status, 200, own.text);
    assert.equal(own.headers['ratelimit-remaining'], '0', 'this was the first and only measurement counted');
  });

  test('the check compares with the configured origin, not the Host: the configured origin wins over a forged Host', async () => {
    useRuntime({ READINESS_PAUSED: '1' });
    const res = await measurePost({ Origin: origin, Host: 'atacante.example' }, 'json');
    assert.equal(res.status, 429, res.text);
  });
});

describe('AGENT_JWT_SECRET under 32 bytes', () => {
  test('on Netlify: both credential routes answer 503 server_error, as with a missing secret', async () => {
    const config = loadConfig({ NETLIFY: 'true', URL: origin, SITE_URL: origin, AGENT_JWT_SECRET: 'a' });
    resetServices(services, { config, store: new MemoryStore() });
    for (const [path, body, type] of [
      ['/agent/identity', '{"type":"anonymous"}', 'application/json'],
      ['/agent/token', 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=x', 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await rawRequest(`${server.url}${path}`, { method: 'POST', body, headers: { 'content-type': type } });
      assert.equal(res.status, 503, res.text);
      const parsed = JSON.parse(res.text) as { error: string; error_description: string };
      assert.equal(parsed.error, 'server_error');
      assert.doesNotMatch(res.text, /\ba\b.*segredo|AGENT_JWT_SECRET=/, 'the secret is never echoed');
    }
  });

  /** Runs server/start.ts with `env`; resolves when it exits or prints its start line (then it is stopped). */
  function start(env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string; started: boolean }> {
    const script = fileURLToPath(new URL('../../server/start.ts', import.meta.url));
    const child = spawn(process.execPath, [script], { env: { ...process.env, NETLIFY: undefined, PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server/start.ts neither exited nor started in 20 s\n${stdout}\n${stderr}`));
      }, 20_000);
      child.stdout.on('data', (d: Buffer) => {
        stdout += d;
        if (/rodando em/.test(stdout)) {
          clearTimeout(timer);
          child.once('exit', (code) => resolve({ code, stdout, stderr, started: true }));
          child.kill('SIGTERM');
        }
      });
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr, started: /rodando em/.test(stdout) });
      });
    });
  }

  test('locally: npm start refuses to start, naming the variable and `npm run secrets`', async () => {
    const run = await start({ AGENT_JWT_SECRET: 'a' });
    assert.equal(run.started, false, run.stdout);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /AGENT_JWT_SECRET tem 1 byte; o mínimo é 32 bytes/);
    assert.match(run.stderr, /npm run secrets/);
    assert.doesNotMatch(run.stderr, /at .*\.ts:\d+/, 'a message, not a stack trace');
  });

  test('locally: a 32-byte secret, or none (ephemeral), starts', async () => {
    for (const secret of ['s'.repeat(32), undefined]) {
      const run = await start({ AGENT_JWT_SECRET: secret });
      assert.equal(run.started, true, run.stderr);
    }
  });
});
