/**
 * Runs the Host / request-target table (tests/attacks/host-cases.ts) against the local server with raw
 * requests (node:http sends any Host and any request-target), and checks that the reader's key directory
 * is signed for the configured origin's authority whatever Host it is asked under.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import * as httpsig from 'http-message-sig';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { DIRECTORY_FOREIGN_HOSTS, HOST_CASES, MCP_INITIALIZE } from '../attacks/host-cases.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const DIRECTORY = '/.well-known/http-message-signatures-directory';
let server: LocalServer;

before(async () => {
  server = await startLocalServer({ port: 0, services });
});
after(() => server.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function raw(options: { method: string; target: string; host: string; origin?: string; body?: string }): Promise<RawResponse> {
  const self = `127.0.0.1:${server.port}`;
  const headers: Record<string, string> = { host: options.host.replace('{self}', self), accept: 'application/json, text/event-stream' };
  if (options.origin) headers.origin = options.origin;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method: options.method, path: options.target, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('Host and request-target attacks', () => {
  for (const row of HOST_CASES) {
    test(row.name, async () => {
      const res = await raw({ ...row, body: row.method === 'POST' ? MCP_INITIALIZE : undefined });
      assert.equal(res.status, row.status, res.body.slice(0, 300));
      if (row.rpcCode !== undefined) {
        const body = JSON.parse(res.body) as { jsonrpc: string; error: { code: number; message: string } };
        assert.equal(body.jsonrpc, '2.0');
        assert.equal(body.error.code, row.rpcCode);
        assert.match(body.error.message, /não permitid[ao]/);
      }
      if (row.error !== undefined) assert.equal((JSON.parse(res.body) as { error: string }).error, row.error);
      assert.doesNotMatch(res.body, /"serverInfo"/, 'never initialized');
    });
  }

  test('control: the same initialize with the own Host and a loopback Origin is answered', async () => {
    const res = await raw({ method: 'POST', target: '/mcp', host: '{self}', origin: `http://127.0.0.1:${server.port}`, body: MCP_INITIALIZE });
    assert.equal(res.status, 200);
    assert.match(res.body, /"serverInfo"/);
  });
});

describe('key directory under a foreign Host', () => {
  for (const host of DIRECTORY_FOREIGN_HOSTS) {
    test(`Host: ${host} — signed for the configured origin, not for ${host}`, async () => {
      const res = await raw({ method: 'GET', target: DIRECTORY, host });
      assert.equal(res.status, 200);
      const jwks = JSON.parse(res.body) as { keys: { x: string }[] };
      const verifier = await verifierFromJWK({ kty: 'OKP', crv: 'Ed25519', x: jwks.keys[0]!.x });
      const check = (url: string) =>
        httpsig.verify({ request: { method: 'GET', url, headers: {} }, response: { status: 200, headers: res.headers } }, (data, sig, params) =>
          verifier(data, sig, { ...params, tag: 'web-bot-auth' } as never),
        );
      await check(`${services.config.origin}${DIRECTORY}`);
      await assert.rejects(check(`http://${host}${DIRECTORY}`));
    });
  }
});
