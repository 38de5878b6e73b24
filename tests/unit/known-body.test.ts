/**
 * A response with a known body (functions/http/known-body.ts) reads as the platform's `Response` would: the same
 * status, headers and bytes through every body method and through its stream, one read only, clones that read
 * alike; and the adapter gets the very bytes it was made from until someone reads them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { knownBody, knownBodyResponse } from '../../functions/http/known-body.ts';

const TEXT = '{"título":"Visibilidade","n":1}';
const BYTES = new TextEncoder().encode(TEXT);
const init = () => ({ status: 201, statusText: 'Criado', headers: { 'content-type': 'application/json; charset=utf-8', 'x-um': '1' } });

/** The same answer as the platform makes it. */
const platform = () => new Response(new Blob([BYTES]), init());
/** Both kinds of known body: bytes and text. */
const known = () => [knownBodyResponse(BYTES, init()), knownBodyResponse(TEXT, init())];

type Reader = (r: Response) => Promise<unknown>;
const READERS: Record<string, Reader> = {
  text: (r) => r.text(),
  json: (r) => r.json(),
  arrayBuffer: async (r) => new Uint8Array(await r.arrayBuffer()),
  bytes: (r) => r.bytes(),
  blob: async (r) => new Uint8Array(await (await r.blob()).arrayBuffer()),
  'body stream': async (r) => new Uint8Array(await new Response(r.body).arrayBuffer()),
};

describe('knownBodyResponse', () => {
  it('is a Response with the status, status text and header fields it was given, and no others', () => {
    for (const response of known()) {
      assert.ok(response instanceof Response);
      assert.equal(response.status, 201);
      assert.equal(response.statusText, 'Criado');
      assert.equal(response.ok, true);
      assert.deepEqual([...response.headers], [...platform().headers]);
    }
  });

  for (const [name, read] of Object.entries(READERS)) {
    it(`${name}: the same content as the platform's response, then bodyUsed and a second read refused`, async () => {
      const expected = await read(platform());
      for (const response of known()) {
        assert.equal(response.bodyUsed, false);
        assert.deepEqual(await read(response), expected);
        assert.equal(response.bodyUsed, true);
        await assert.rejects(async () => read(response), TypeError);
        assert.throws(() => response.clone(), TypeError);
      }
    });
  }

  it('bytes given out are a copy: changing them changes neither the response kept nor the next one made from the same bytes', async () => {
    const first = knownBodyResponse(BYTES, init());
    const got = await first.bytes();
    got[0] = 0;
    assert.equal(BYTES[0], TEXT.charCodeAt(0));
    assert.equal(await knownBodyResponse(BYTES, init()).text(), TEXT);
  });

  it('a clone reads the same bytes as the original, each once, before and after the stream was asked for', async () => {
    const fresh = knownBodyResponse(BYTES, init());
    const copy = fresh.clone();
    assert.deepEqual([...copy.headers], [...fresh.headers]);
    assert.equal(copy.status, 201);
    assert.equal(await copy.text(), TEXT);
    assert.equal(await fresh.text(), TEXT);

    const streamed = knownBodyResponse(TEXT, init());
    assert.ok(streamed.body instanceof ReadableStream);
    const second = streamed.clone();
    assert.equal(await second.text(), TEXT);
    assert.equal(await streamed.text(), TEXT);
    assert.equal(streamed.bodyUsed, true);
  });

  it('header fields set after it was made are the response’s own (and its clone’s)', () => {
    const response = knownBodyResponse(BYTES, init());
    response.headers.set('x-dois', '2');
    assert.equal(response.clone().headers.get('x-dois'), '2');
  });

  it('a null-body status is refused, as the platform refuses it', () => {
    for (const status of [204, 205, 304]) {
      assert.throws(() => new Response('x', { status }), TypeError);
      assert.throws(() => knownBodyResponse('x', { status }), TypeError);
    }
  });

  it('the adapter gets the bytes it was made from, until the body is read or its stream taken', async () => {
    const bytes = knownBodyResponse(BYTES, init());
    assert.equal(knownBody(bytes), BYTES);
    await bytes.arrayBuffer();
    assert.equal(knownBody(bytes), undefined);

    const text = knownBodyResponse(TEXT, init());
    assert.equal(knownBody(text), TEXT);
    void text.body;
    assert.equal(knownBody(text), undefined);

    assert.equal(knownBody(platform()), undefined);
  });
});
