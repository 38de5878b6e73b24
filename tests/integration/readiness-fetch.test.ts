/**
 * Safe fetching of the reading agent. Every test injects the network (`guardNetwork`): DNS answers come from
 * the test, and the only connections possible are to 127.0.0.1; fake public addresses are mapped to loopback
 * fixture ports. A refused form must be refused BEFORE any connection: the guard records every attempt.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSafeFetcher, FetchError } from '../../functions/readiness/fetch/safe-fetch.ts';
import { type Fixture, guardNetwork, hugeSite, redirectLoopSite, slowSite, startFixture } from '../helpers/readiness.ts';

const PUBLIC = '93.184.216.34';

let echo: Fixture;
let redirector: Fixture;
let loop: Fixture;
let slow: Fixture;
let huge: Fixture;
let redirectTarget = '/';

before(async () => {
  echo = await startFixture((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`ok ${req.method} ${req.url} ${req.headers.host}`);
  });
  redirector = await startFixture((req, res) => {
    if (req.url === '/final') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('final');
      return;
    }
    res.writeHead(302, { location: redirectTarget });
    res.end();
  });
  loop = await startFixture(redirectLoopSite);
  slow = await startFixture(slowSite(5_000));
  huge = await startFixture(hugeSite(8));
});

after(async () => {
  await Promise.all([echo, redirector, loop, slow, huge].map((f) => f.close()));
});

const code = (error: unknown) => (error instanceof FetchError ? error.code : String(error));

// The refused address forms (loopback in every spelling, private, link-local, CGNAT, multicast, reserved,
// IPv4-mapped/-compatible IPv6, NAT64, ULA, documentation, ports, schemes, user information…), fetched
// directly and as redirect targets, are rows of tests/attacks/ssrf-cases.ts (tests/integration/ssrf-attacks.test.ts).

describe('connections go to the checked address', () => {
  test('a public name is dialed by its checked address, with the Host header of the name', async () => {
    const network = guardNetwork({ names: { 'site.exemplo': PUBLIC }, routes: { [`${PUBLIC}:80`]: echo.port } });
    const fetcher = createSafeFetcher({ network, baseHeaders: { 'user-agent': 'teste' } });
    const response = await fetcher('http://site.exemplo/caminho?x=1');
    assert.equal(response.status, 200);
    assert.equal(response.body, 'ok GET /caminho?x=1 site.exemplo');
    assert.equal(network.connects.length, 1);
    assert.equal(network.connects[0]?.address, PUBLIC);
    assert.equal(network.connects[0]?.hostname, 'site.exemplo');
    assert.deepEqual(network.violations, []);
  });

  test('loopback only when allowed, only on http, for localhost and 127.0.0.1', async () => {
    const network = guardNetwork();
    const allowed = createSafeFetcher({ network, allowLoopback: true });
    assert.equal((await allowed(`http://localhost:${echo.port}/`)).status, 200);
    assert.equal((await allowed(`http://127.0.0.1:${echo.port}/`)).status, 200);
    await assert.rejects(allowed(`https://localhost:${echo.port}/`), (e) => code(e) === 'refused_port');
    await assert.rejects(createSafeFetcher({ network })(`http://localhost:${echo.port}/`), (e) => code(e) === 'refused_port');
    assert.deepEqual(network.violations, []);
  });
});

describe('redirects are re-checked (at most 5)', () => {
  const network = () => guardNetwork({ names: { 'site.exemplo': PUBLIC }, routes: { [`${PUBLIC}:80`]: redirector.port } });
  test('a redirect to loopback while loopback IS allowed still needs a loopback name', async () => {
    redirectTarget = `http://localhost:${redirector.port}/final`;
    const net = network();
    const response = await createSafeFetcher({ network: net, allowLoopback: true })('http://site.exemplo/');
    assert.equal(response.body, 'final');
    assert.equal(response.redirects.length, 1);
  });
  test('redirect loops are detected', async () => {
    const net = guardNetwork();
    const started = Date.now();
    await assert.rejects(createSafeFetcher({ network: net, allowLoopback: true })(`http://localhost:${loop.port}/`), (e) => code(e) === 'redirect_loop');
    assert.ok(Date.now() - started < 2_000);
  });
  test('more than 5 redirects are refused', async () => {
    let n = 0;
    const chain = await startFixture((_req, res) => {
      res.writeHead(301, { location: `/passo-${++n}` });
      res.end();
    });
    try {
      await assert.rejects(createSafeFetcher({ network: guardNetwork(), allowLoopback: true })(`http://localhost:${chain.port}/`), (e) => code(e) === 'too_many_redirects');
      assert.equal(chain.requests.length, 6);
    } finally {
      await chain.close();
    }
  });
});

describe('time and size limits', () => {
  test('per-request timeout', async () => {
    const started = Date.now();
    await assert.rejects(createSafeFetcher({ network: guardNetwork(), allowLoopback: true, timeoutMs: 300 })(`http://localhost:${slow.port}/`), (e) => code(e) === 'timeout');
    assert.ok(Date.now() - started < 2_000);
  });
  test('total deadline', async () => {
    const started = Date.now();
    const fetcher = createSafeFetcher({ network: guardNetwork(), allowLoopback: true, timeoutMs: 10_000, signal: AbortSignal.timeout(300) });
    await assert.rejects(fetcher(`http://localhost:${slow.port}/`), (e) => code(e) === 'budget');
    assert.ok(Date.now() - started < 2_000);
  });
  test('bodies are cut at the cap and marked truncated', async () => {
    const response = await createSafeFetcher({ network: guardNetwork(), allowLoopback: true, maxBytes: 256 * 1024 })(`http://localhost:${huge.port}/`);
    assert.equal(response.truncated, true);
    assert.equal(response.bytes, 256 * 1024);
  });
  test('non-textual bodies are not read', async () => {
    const binary = await startFixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(100_000));
    });
    try {
      const response = await createSafeFetcher({ network: guardNetwork(), allowLoopback: true })(`http://localhost:${binary.port}/`);
      assert.equal(response.skippedBody, true);
      assert.equal(response.body, '');
    } finally {
      await binary.close();
    }
  });
  test('compressed bodies are decoded within the cap', async () => {
    const { gzipSync } = await import('node:zlib');
    const zipped = await startFixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(10 * 1024 * 1024, 'a')));
    });
    try {
      const response = await createSafeFetcher({ network: guardNetwork(), allowLoopback: true, maxBytes: 1024 * 1024 })(`http://localhost:${zipped.port}/`);
      assert.equal(response.truncated, true, 'a compression bomb stops at the cap');
      assert.equal(response.bytes, 1024 * 1024);
    } finally {
      await zipped.close();
    }
  });
  test('at most 4 concurrent requests per host', async () => {
    let active = 0;
    let peak = 0;
    const counting = await startFixture(
      (_req, res) =>
        new Promise<void>((resolve) => {
          active++;
          peak = Math.max(peak, active);
          setTimeout(() => {
            active--;
            res.writeHead(200, { 'content-type': 'text/plain' });
            res.end('ok');
            resolve();
          }, 50);
        }),
    );
    try {
      const fetcher = createSafeFetcher({ network: guardNetwork(), allowLoopback: true });
      await Promise.all(Array.from({ length: 12 }, (_, i) => fetcher(`http://localhost:${counting.port}/${i}`)));
      assert.ok(peak <= 4, `peak ${peak}`);
      assert.ok(peak >= 2);
    } finally {
      await counting.close();
    }
  });
});
