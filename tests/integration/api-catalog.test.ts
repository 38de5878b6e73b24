/**
 * `/.well-known/api-catalog` (RFC 9727) through the local server: Linkset JSON (RFC 9264) with the RFC 9727
 * profile, the API as anchor with service-desc / service-doc / service-meta / status, every link served,
 * and HEAD answering a `Link` with `rel="api-catalog"`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { API_CATALOG_MEDIA_TYPE, apiCatalog } from '../../functions/openapi/api-catalog.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';

const origin = siteOrigin();
let server: LocalServer;

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(async () => server?.close());

/** RFC 9264 §4.2: `{"linkset": [context objects]}`; each has `anchor` and relation → array of targets with `href`. */
const LINKSET_SCHEMA = {
  type: 'object',
  required: ['linkset'],
  additionalProperties: false,
  properties: {
    linkset: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['anchor'],
        properties: { anchor: { type: 'string', format: 'uri' } },
        additionalProperties: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['href'],
            properties: {
              href: { type: 'string' },
              type: { type: 'string' },
              title: { type: 'string' },
              hreflang: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
  },
};

describe('/.well-known/api-catalog', () => {
  test('GET: linkset com o perfil do RFC 9727 e o conteúdo gerado', async () => {
    const response = await fetch(`${server.url}/.well-known/api-catalog`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), API_CATALOG_MEDIA_TYPE);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const body = await response.json();
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(LINKSET_SCHEMA);
    assert.ok(validate(body), ajv.errorsText(validate.errors));
    assert.deepEqual(body, apiCatalog(origin));
  });

  test('a API é a âncora, com descrição, documentação, metadados e status', async () => {
    const [context] = apiCatalog(origin).linkset;
    assert.equal(context!.anchor, `${origin}/api`);
    const hrefs = (rel: string) => (context![rel] as { href: string }[]).map((l) => l.href);
    assert.deepEqual(hrefs('service-desc'), [`${origin}/api/openapi.json`]);
    assert.deepEqual(hrefs('service-doc'), [`${origin}/agentes`, `${origin}/auth.md`]);
    assert.deepEqual(hrefs('service-meta'), [`${origin}/.well-known/oauth-protected-resource`, `${origin}/api/versioning.md`]);
    assert.deepEqual(hrefs('status'), [`${origin}/api`]);
  });

  test('todos os links respondem 200 no servidor', async () => {
    const [context] = apiCatalog(origin).linkset;
    for (const [rel, targets] of Object.entries(context!)) {
      if (rel === 'anchor') continue;
      for (const { href } of targets as { href: string }[]) {
        const response = await fetch(`${server.url}${new URL(href).pathname}`);
        assert.equal(response.status, 200, `${rel} ${href}`);
        await response.arrayBuffer();
      }
    }
    const openapi = await (await fetch(`${server.url}/api/openapi.json`)).json();
    assert.equal(openapi.openapi, '3.1.0');
  });

  test('HEAD responde com Link rel="api-catalog" e sem corpo', async () => {
    const response = await fetch(`${server.url}/.well-known/api-catalog`, { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('link') ?? '', /<\/\.well-known\/api-catalog>;\s*rel="api-catalog"/);
    assert.equal(response.headers.get('content-type'), API_CATALOG_MEDIA_TYPE);
    assert.equal(await response.text(), '');
  });
});
