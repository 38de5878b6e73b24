/**
 * The local server's lazy GET/HEAD request (server/lazy-request.ts) reads as the platform's `Request` of the same
 * method, URL and header fields, member by member, and makes the platform's only when a member other than those
 * three is asked for.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lazyRequest } from '../../server/lazy-request.ts';

const URL_ = 'http://localhost:8888/api/v1/busca?q=dados+estruturados&limite=3';
const fields = () => new Headers([['Host', 'localhost:8888'], ['Authorization', 'Bearer abc'], ['Accept', 'application/json']]);

describe('lazyRequest', () => {
  it('is a Request whose method, URL and fields are those given, as the platform reads them', () => {
    for (const method of ['GET', 'HEAD']) {
      const lazy = lazyRequest(method, URL_, fields());
      const platform = new Request(URL_, { method, headers: fields() });
      assert.ok(lazy instanceof Request);
      assert.equal(Object.prototype.toString.call(lazy), '[object Request]');
      assert.equal(lazy.method, platform.method);
      assert.equal(lazy.url, platform.url);
      assert.deepEqual([...lazy.headers], [...platform.headers]);
      assert.equal(lazy.headers.get('authorization'), 'Bearer abc');
    }
  });

  it('every other member reads as the platform request’s', async () => {
    const lazy = lazyRequest('GET', URL_, fields());
    const platform = new Request(URL_, { headers: fields() });
    for (const member of ['body', 'bodyUsed', 'cache', 'credentials', 'destination', 'integrity', 'keepalive', 'mode', 'redirect', 'referrer', 'referrerPolicy', 'duplex'] as const) {
      assert.deepEqual((lazy as unknown as Record<string, unknown>)[member], (platform as unknown as Record<string, unknown>)[member], member);
    }
    assert.ok(lazy.signal instanceof AbortSignal);
    assert.equal(lazy.signal.aborted, false);
    assert.equal(await lazy.text(), '');
    assert.equal(lazy.bodyUsed, false);
  });

  it('a clone is a platform request with the same method, URL and fields (fields set on the lazy one before included)', () => {
    const lazy = lazyRequest('GET', URL_, fields());
    lazy.headers.set('x-visto', '1');
    const copy = lazy.clone();
    assert.equal(copy.url, URL_);
    assert.equal(copy.method, 'GET');
    assert.equal(copy.headers.get('x-visto'), '1');
    assert.equal(copy.headers.get('authorization'), 'Bearer abc');
    // Once made, the platform request's fields are the ones read.
    assert.equal(lazy.headers.get('x-visto'), '1');
  });
});
