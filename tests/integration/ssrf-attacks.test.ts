/**
 * Runs the SSRF table (tests/attacks/ssrf-cases.ts) against the readiness instrument. Nothing here can reach
 * the network: DNS answers come from the table, and the injected connect step dials only the one loopback
 * fixture a redirect row starts from (127.0.0.1, literally); any other connection attempt is recorded as a
 * violation, refused, and fails the test. Each row is refused
 *
 * 1. when fetched directly — before any connection;
 * 2. when a public site redirects to it — after exactly one connection (the first hop);
 * 3. when typed into the measurement (POST /api/ia/medicao on the local server) — 400, or an unscored
 *    measurement that connected to nothing.
 */
import assert from 'node:assert/strict';
import type { Duplex } from 'node:stream';
import { connect as netConnect } from 'node:net';
import { after, afterEach, before, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { type ConnectTarget, type NetworkHooks, type ResolvedAddress, defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { createSafeFetcher, FetchError } from '../../functions/readiness/fetch/safe-fetch.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { type Fixture, startFixture } from '../helpers/readiness.ts';
import { PUBLIC_ADDRESS, REDIRECTOR_NAME, SSRF_CASES, type SsrfCase } from '../attacks/ssrf-cases.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

type Answers = Record<string, string | string[] | (() => string | string[])>;

interface StrictNetwork extends NetworkHooks {
  resolved: string[];
  connects: ConnectTarget[];
  violations: string[];
}

/**
 * DNS from `answers` only (unknown names fail like NXDOMAIN); connect only to `routes` (`address:port` →
 * loopback fixture port), always dialing the literal 127.0.0.1. Anything else is a violation.
 */
function strictNetwork(answers: Answers, routes: Record<string, number> = {}): StrictNetwork {
  const resolved: string[] = [];
  const connects: ConnectTarget[] = [];
  const violations: string[] = [];
  return {
    resolved,
    connects,
    violations,
    async resolve(hostname): Promise<ResolvedAddress[]> {
      resolved.push(hostname);
      const answer = answers[hostname];
      if (answer === undefined) throw new Error(`rede do teste: ${hostname} não existe`);
      const list = typeof answer === 'function' ? answer() : answer;
      return (Array.isArray(list) ? list : [list]).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    connect(target): Promise<Duplex> {
      connects.push(target);
      const port = routes[`${target.address}:${target.port}`];
      if (port === undefined || target.tls) {
        violations.push(`connect ${target.address}:${target.port}${target.tls ? ' (tls)' : ''}`);
        return Promise.reject(new Error(`rede do teste: conexão a ${target.address}:${target.port} proibida`));
      }
      return new Promise((resolve, reject) => {
        const socket = netConnect({ host: '127.0.0.1', port });
        socket.once('connect', () => resolve(socket));
        socket.once('error', reject);
      });
    },
  };
}

const codeOf = (error: unknown): string => (error instanceof FetchError ? error.code : `não é FetchError: ${String(error)}`);

/** A Location header value for `url` (non-ASCII spellings percent-encoded, as a server would send them). */
const location = (url: string): string => (/[^\x20-\x7e]/.test(url) ? encodeURI(url) : url);

let redirector: Fixture;
let server: LocalServer;
let network: StrictNetwork | undefined;

before(async () => {
  redirector = await startFixture((req, res) => {
    const to = new URL(req.url ?? '/', 'http://fixture').searchParams.get('to') ?? '/';
    res.writeHead(302, { location: to, 'content-type': 'text/plain' });
    res.end('redirecionando');
  });
  resetServices(services, {
    config: loadConfig({
      ...process.env,
      READINESS_ALLOW_LOOPBACK: '',
      READINESS_PAUSED: '',
      READINESS_GATE_PER_MINUTE: '100000',
      READINESS_MEASUREMENTS_PER_DAY: '100000',
      NETLIFY: undefined,
    }),
    store: new MemoryStore(),
  });
  server = await startLocalServer({ port: 0, services });
});

after(async () => {
  services.network = defaultNetwork;
  resetServices(services);
  await Promise.all([server?.close(), redirector?.close()]);
});

afterEach(() => {
  if (network) assert.deepEqual(network.violations, [], 'nenhuma conexão proibida foi tentada');
  network = undefined;
  services.network = defaultNetwork;
});

test('the table has at least 25 address forms, with unique names', () => {
  assert.ok(SSRF_CASES.length >= 25, `${SSRF_CASES.length} formas`);
  assert.equal(new Set(SSRF_CASES.map((c) => c.name)).size, SSRF_CASES.length);
  assert.ok(SSRF_CASES.filter((c) => c.site).length >= 25, 'a maioria também como site da medição');
});

test('the guard itself refuses what the code under test might wrongly try', async () => {
  network = strictNetwork({});
  const target: ConnectTarget = { address: '10.0.0.1', family: 4, port: 80, hostname: 'x', tls: false, signal: AbortSignal.timeout(1000), allowed: () => false };
  await assert.rejects(network.connect(target));
  assert.deepEqual(network.violations, ['connect 10.0.0.1:80']);
  network.violations.length = 0;
});

describe('fetched directly: refused before any connection', () => {
  for (const row of SSRF_CASES) {
    test(`${row.name}: ${row.url} → ${row.refusal}`, async () => {
      network = strictNetwork(row.dns ?? {});
      const fetcher = createSafeFetcher({ network, allowLoopback: false });
      await assert.rejects(fetcher(row.url), (error) => {
        assert.equal(codeOf(error), row.refusal);
        return true;
      });
      assert.deepEqual(network.connects, [], 'nenhuma conexão');
    });
  }
});

describe('as a redirect target: refused after the first hop only', () => {
  for (const row of SSRF_CASES) {
    test(`redirect to ${row.name} → ${row.refusal}`, async () => {
      network = strictNetwork({ [REDIRECTOR_NAME]: PUBLIC_ADDRESS, ...row.dns }, { [`${PUBLIC_ADDRESS}:80`]: redirector.port });
      const before = redirector.requests.length;
      const fetcher = createSafeFetcher({ network, allowLoopback: false });
      await assert.rejects(fetcher(`http://${REDIRECTOR_NAME}/?to=${encodeURIComponent(location(row.url))}`), (error) => {
        assert.equal(codeOf(error), row.refusal);
        return true;
      });
      assert.equal(network.connects.length, 1, 'só o primeiro salto conectou');
      assert.equal(network.connects[0]?.address, PUBLIC_ADDRESS);
      assert.equal(redirector.requests.length, before + 1);
    });
  }

  test('DNS rebinding across a redirect: the name is resolved once per measurement, so the hop reuses the checked address', async () => {
    let calls = 0;
    const rebinding = 'rebinding.ssrf-teste.com.br';
    network = strictNetwork(
      { [rebinding]: () => (++calls === 1 ? PUBLIC_ADDRESS : '127.0.0.1') },
      { [`${PUBLIC_ADDRESS}:80`]: redirector.port },
    );
    const fetcher = createSafeFetcher({ network, allowLoopback: false });
    await fetcher(`http://${rebinding}/?to=${encodeURIComponent(`http://${rebinding}/outra`)}`).catch(() => undefined);
    assert.equal(calls, 1);
    assert.ok(network.connects.length >= 2, 'the redirect was followed');
    assert.ok(network.connects.every((c) => c.address === PUBLIC_ADDRESS), 'never the rebound address');
    // A new measurement resolves again, and the new answer is checked again.
    await assert.rejects(createSafeFetcher({ network, allowLoopback: false })(`http://${rebinding}/`), (error) => codeOf(error) === 'refused_address');
    assert.equal(calls, 2);
    assert.ok(network.connects.every((c) => c.address === PUBLIC_ADDRESS));
  });
});

describe('typed into the measurement (POST /api/ia/medicao)', () => {
  for (const row of SSRF_CASES.filter((c): c is SsrfCase & { site: NonNullable<SsrfCase['site']> } => c.site !== undefined)) {
    test(`site=${JSON.stringify(row.site.input)} → ${row.site.expect === 'invalid' ? '400' : 'medição não pontuada, sem conexão'}`, async () => {
      network = strictNetwork(row.dns ?? {});
      services.network = network;
      const response = await fetch(`${server.url}/api/ia/medicao`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ site: row.site.input }),
      });
      const text = await response.text();
      if (row.site.expect === 'invalid') {
        assert.equal(response.status, 400, text);
        const body = JSON.parse(text) as { error: string; error_description: string };
        assert.equal(body.error, 'invalid_request');
        assert.ok(body.error_description.length > 10);
        assert.deepEqual(network.resolved, [], 'recusado antes de qualquer resolução');
      } else {
        assert.equal(response.status, 200, text);
        const envelope = envelopeSchema.parse(JSON.parse(text));
        assert.equal(envelope.estado, 'nao_pontuada');
        assert.equal(envelope.nota, null);
        assert.ok(network.resolved.length > 0, 'o nome foi resolvido pela rede do teste');
      }
      assert.deepEqual(network.connects, [], 'nenhuma conexão');
    });
  }
});
