/**
 * The local server's lazy GET/HEAD request (server/lazy-request.ts) reads as the platform's `Request` of the same
 * method, URL and header fields, member by member, and makes the platform's only when a member other than those
 * three is asked for.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bodylessRequest, hostOrigin, lazyRequest } from '../../server/lazy-request.ts';

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

describe('bodylessRequest', () => {
  const HOSTS = ['localhost:8888', 'LOCALHOST:8888', 'localhost:80', 'Exemplo.com.BR', '[::1]:8888', '[0:0::1]', '127.0.0.1:8888'];
  const TARGETS = [
    '/api/v1/busca?q=dados+estruturados',
    '/api/v1/paginas/solucoes/seo-tecnico',
    "/api/v1/busca?q=it's",
    '/api/v1/busca?q="aspas"',
    '/api/v1/busca?q=<b>',
    '/api/v1/busca?q=%41%zz',
    '/api/v1/busca?',
    '/api/v1/busca?q=a?b=c',
    '/api/v1/busca?q={}|^`\\',
    '/api/v1/busca?q=Ã©', // bytes past ASCII, as Node hands them over (latin1)
    '/api/v1/busca?q=\x7f',
  ];
  it('its URL is the one the platform’s Request makes of the same Host and target, whichever kind it is', () => {
    for (const host of HOSTS) {
      const origin = hostOrigin(host);
      assert.ok(origin, host);
      for (const target of TARGETS) {
        const request = bodylessRequest('GET', origin, target, fields());
        assert.equal(request.url, new Request(`http://${host}${target}`).url, `${host} ${target}`);
        assert.equal(request.headers.get('authorization'), 'Bearer abc');
      }
    }
  });

  it('a Host with more than an authority has no origin', () => {
    for (const host of ['localhost:8888/x', 'user:pass@localhost', 'localhost?q', 'localhost#f', 'local host', '', 'localhost:99999']) {
      assert.equal(hostOrigin(host), undefined, host);
    }
  });
});
