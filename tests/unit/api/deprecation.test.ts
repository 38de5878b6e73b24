/**
 * The deprecation table drives the three announcements at once (contract, Versioning 4–6): the
 * `Deprecation` header (RFC 9745 structured Date `@<unix>`), `Sunset` (HTTP-date) and `deprecacao` in
 * `GET /api`. Empty today: no header, no field. Proven with a fixture entry injected into the table.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, test } from 'node:test';
import { parseItem } from 'structured-headers';
import { DEPRECATIONS, type DeprecationEntry, validateDeprecations } from '../../../functions/api/deprecations.ts';
import { app } from '../../../functions/app.ts';
import { apiIndexSchema } from '../../../functions/api/schemas.ts';
import { loadConfig } from '../../../functions/config.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';
import { signAccessToken } from '../../helpers/api-tokens.ts';
import { testContext, testServices } from '../../helpers/services.ts';
import type { Services } from '../../../functions/context.ts';

const FIXTURE: DeprecationEntry = {
  metodo: 'GET',
  caminho: '/api/v1/busca',
  anunciadoEm: new Date('2027-01-01T00:00:00Z'),
  removidoEm: new Date('2027-04-15T00:00:00Z'),
  substituto: '/api/v2/busca',
};

let origin: string;
let token: string;
let services: Services;
const call = (path: string, init?: RequestInit) => app.fetch(new Request(`${origin}${path}`, init), testContext(services, '198.51.100.9'));

before(async () => {
  services = testServices({}, { store: new MemoryStore(), config: loadConfig({ ...process.env, RATE_LIMIT_PUBLIC: '1000', RATE_LIMIT_V1: '1000' }) });
  origin = services.config.origin;
  token = await signAccessToken();
});
afterEach(() => {
  services.deprecations = DEPRECATIONS;
});

describe('depreciação', () => {
  test('hoje a tabela está vazia: sem Deprecation, sem Sunset, sem deprecacao', async () => {
    assert.deepEqual(DEPRECATIONS, []);
    const index = await call('/api');
    const body = (await index.json()) as Record<string, unknown>;
    assert.equal('deprecacao' in body, false);
    for (const path of ['/api', '/api/v1/busca?q=seo', '/api/v1/paginas', '/api/v1/sandbox/busca?q=seo']) {
      const response = await call(path, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(response.headers.get('deprecation'), null, path);
      assert.equal(response.headers.get('sunset'), null, path);
    }
  });

  test('uma entrada anuncia a rota pelos três meios, com as mesmas datas', async () => {
    services.deprecations = [FIXTURE];
    const response = await call('/api/v1/busca?q=seo', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.status, 200, 'a rota depreciada responde exatamente como antes');
    const deprecation = response.headers.get('deprecation');
    assert.equal(deprecation, `@${FIXTURE.anunciadoEm.getTime() / 1000}`);
    const [value] = parseItem(deprecation!);
    assert.ok(value instanceof Date);
    assert.equal(value.getTime(), FIXTURE.anunciadoEm.getTime());
    assert.equal(response.headers.get('sunset'), 'Thu, 15 Apr 2027 00:00:00 GMT');
    assert.match(response.headers.get('link') ?? '', /rel="deprecation"/);
    assert.match(response.headers.get('link') ?? '', /<\/api\/v2\/busca>; rel="successor-version"/);
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /Deprecation/);

    // Other routes stay untouched (the sandbox mirror has its own template).
    const other = await call('/api/v1/paginas', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(other.headers.get('deprecation'), null);
    const sandbox = await call('/api/v1/sandbox/busca?q=seo');
    assert.equal(sandbox.headers.get('deprecation'), null);

    const index = apiIndexSchema.parse(await (await call('/api')).json());
    assert.deepEqual(index.deprecacao, [
      { metodo: 'GET', caminho: '/api/v1/busca', anunciadoEm: '2027-01-01T00:00:00.000Z', removidoEm: '2027-04-15T00:00:00.000Z', substituto: '/api/v2/busca' },
    ]);
  });

  test('HEAD de uma rota depreciada também se anuncia', async () => {
    services.deprecations = [FIXTURE];
    const response = await call('/api/v1/busca?q=seo', { method: 'HEAD', headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.headers.get('sunset'), 'Thu, 15 Apr 2027 00:00:00 GMT');
  });

  test('a tabela exige ao menos 90 dias entre o anúncio e a remoção', () => {
    assert.deepEqual(validateDeprecations(DEPRECATIONS), []);
    assert.deepEqual(validateDeprecations([FIXTURE]), []);
    assert.equal(validateDeprecations([{ ...FIXTURE, removidoEm: new Date('2027-02-01T00:00:00Z') }]).length, 1);
  });
});
