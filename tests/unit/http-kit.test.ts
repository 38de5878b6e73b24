/**
 * The HTTP kit every handler uses: `answerMethod` (OPTIONS as a CORS preflight or a plain 204, the 405 with
 * `Allow` in the surface's own wording or body) and `readJson` (a value, or why the body is not one).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { MAX_BODY_BYTES, readJson } from '../../functions/http/body.ts';
import { answerMethod } from '../../functions/http/methods.ts';

const post = (body: BodyInit | null, headers: Record<string, string> = {}) => new Request('http://localhost/x', { method: 'POST', body, headers });

describe('answerMethod', () => {
  const policy = { methods: ['POST', 'OPTIONS'], cors: {}, notAllowed: (m: string) => `Método ${m} recusado.` } as const;

  test('a served method goes on (undefined)', async () => {
    assert.equal(await answerMethod(post('{}'), policy), undefined);
  });

  test('OPTIONS with cors: the preflight answer, 204, with the allowed methods', async () => {
    const response = (await answerMethod(new Request('http://localhost/x', { method: 'OPTIONS' }), policy))!;
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(response.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
  });

  test('OPTIONS without cors: a plain 204 with Allow and the given Cache-Control, no CORS', async () => {
    const response = (await answerMethod(new Request('http://localhost/x', { method: 'OPTIONS' }), { ...policy, cors: false, optionsCacheControl: 'public, max-age=60' }))!;
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(response.headers.get('cache-control'), 'public, max-age=60');
    assert.equal(response.headers.get('access-control-allow-origin'), null);
  });

  test('another method: 405 method_not_allowed in the contract shape, with Allow and CORS', async () => {
    const response = (await answerMethod(new Request('http://localhost/x', { method: 'DELETE' }), policy))!;
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await response.json(), { error: 'method_not_allowed', error_description: 'Método DELETE recusado.' });
  });

  test("a surface's own 405 body is kept, Allow added", async () => {
    const rpc = { ...policy, cors: false as const, notAllowed: () => Response.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'só POST' } }, { status: 405 }) };
    const response = (await answerMethod(new Request('http://localhost/x', { method: 'GET' }), rpc))!;
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(((await response.json()) as { jsonrpc: string }).jsonrpc, '2.0');
  });
});

describe('readJson', () => {
  const schema = z.object({ site: z.string() });

  test('a valid body: the value, and the raw parse (members the schema drops stay there)', async () => {
    const result = await readJson(post('{"site":"exemplo.com.br","extra":1}'), schema);
    assert.ok(result.ok);
    assert.deepEqual(result.value, { site: 'exemplo.com.br' });
    assert.deepEqual(result.raw, { site: 'exemplo.com.br', extra: 1 });
  });

  test('each failure has its reason', async () => {
    assert.equal(((await readJson(post('  '), schema)) as { reason: string }).reason, 'empty');
    assert.equal(((await readJson(post('{"site":'), schema)) as { reason: string }).reason, 'syntax');
    const wrong = await readJson(post('[{"site":1}]'), schema);
    assert.ok(!wrong.ok && wrong.reason === 'schema' && wrong.error instanceof z.ZodError && Array.isArray(wrong.raw));
    assert.equal(((await readJson(post(new Uint8Array([0x7b, 0xff, 0x7d])), schema)) as { reason: string }).reason, 'encoding');
  });

  test('the byte cap counts the stream, whatever Content-Length says', async () => {
    assert.equal(((await readJson(post('x'.repeat(MAX_BODY_BYTES + 1)), schema)) as { reason: string }).reason, 'too_large');
    assert.equal(((await readJson(post('{"site":"a"}'), schema, 4)) as { reason: string }).reason, 'too_large');
  });
});
