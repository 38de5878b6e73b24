/**
 * The v1 API, the sandbox, `GET /api` and `/api/ia/leitura` through the local server: every route and every
 * error row of the contract that belongs to them, bad inputs, limits, CORS and headers. Every JSON body is
 * validated against the schema the SERVED /api/openapi.json declares for its route and status.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { parseList } from 'structured-headers';
import { siteDataFor } from '../../functions/content/site-data.ts';
import { loadConfig } from '../../functions/config.ts';
import { openapiDocument } from '../../functions/openapi/document.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import type { Store } from '../../functions/store/types.ts';
import { SANDBOX_PAGES } from '../../functions/api/sandbox/fixtures.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { loadPrices, paymentTerms } from '../../src/model/prices.ts';
import { registerAndExchange, signAccessToken } from '../helpers/api-tokens.ts';
import { type OpenApiDoc, type ResponseValidator, responseValidator } from '../helpers/openapi.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const JSON_TYPE = 'application/json; charset=utf-8';
const origin = siteOrigin();
/** The site data as served at this origin. */
const siteData = siteDataFor(origin);

let server: LocalServer;
let served: OpenApiDoc;
let schemas: ResponseValidator;
let token: string;
let registrationId: string;

/** A fresh runtime (new memory store) with the given environment overrides. */
function useRuntime(env: Record<string, string> = {}, store: Store = new MemoryStore()): void {
  resetServices(services, { store, config: loadConfig({ ...process.env, RATE_LIMIT_V1: '100000', RATE_LIMIT_PUBLIC: '100000', ...env }) });
}

const auth = (t = token): RequestInit => ({ headers: { authorization: `Bearer ${t}` } });

interface Result {
  status: number;
  headers: Headers;
  body: any;
}

/** Fetches `path`, checks the headers every API response carries, and validates the body against `template`. */
async function get(path: string, template: string, init: RequestInit = {}, method = 'GET'): Promise<Result> {
  const response = await fetch(`${server.url}${path}`, { ...init, method });
  const text = await response.text();
  assert.equal(response.headers.get('content-type'), JSON_TYPE, `${method} ${path}: Content-Type`);
  assert.equal(response.headers.get('access-control-allow-origin'), '*', `${method} ${path}: CORS`);
  for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy', 'ratelimit']) {
    assert.ok(response.headers.get(h), `${method} ${path}: falta ${h}`);
  }
  const body = method === 'HEAD' ? undefined : JSON.parse(text);
  if (method !== 'HEAD') schemas.check(template, 'get', response.status, body);
  return { status: response.status, headers: response.headers, body };
}

async function expectError(path: string, template: string, status: number, error: string, init?: RequestInit): Promise<Result> {
  const result = await get(path, template, init);
  assert.equal(result.status, status, `${path}: ${JSON.stringify(result.body)}`);
  assert.equal(result.body.error, error, path);
  assert.equal(typeof result.body.error_description, 'string');
  return result;
}

before(async () => {
  useRuntime();
  server = await startLocalServer({ port: 0, services });
  served = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDoc;
  schemas = responseValidator(served);
  ({ token, registrationId } = await registerAndExchange(server.url));
});
after(async () => {
  await server?.close();
  resetServices(services);
});

describe('OpenAPI servido', () => {
  test('/api/openapi.json é o documento gerado dos esquemas dos handlers', () => {
    // Generated for the origin the build used (the suite builds with the SITE_URL it runs under).
    const builtFor = (served.servers as { url: string }[])[0]!.url;
    assert.deepEqual(served, JSON.parse(JSON.stringify(openapiDocument(builtFor))));
  });
});

describe('GET /api', () => {
  for (const path of ['/api', '/api/']) {
    test(`${path}: índice público, sem token, cota v1-public`, async () => {
      const { status, body, headers } = await get(path, '/api');
      assert.equal(status, 200);
      assert.equal(body.versao, '1.0.0');
      assert.equal(body.openapi, `${origin}/api/openapi.json`);
      assert.equal(body.auth, `${origin}/auth.md`);
      assert.equal(body.versionamento, `${origin}/api/versioning.md`);
      assert.equal(body.sandbox, `${origin}/api/v1/sandbox/`);
      assert.equal(body.documentacao, `${origin}/agentes`);
      assert.deepEqual(Object.keys(body.escopos).sort(), ['prontidao.read', 'site.read']);
      assert.equal('deprecacao' in body, false);
      assert.equal(typeof body.politicaVersao, 'string');
      const byPath = new Map(body.endpoints.map((e: { caminho: string; metodo: string }) => [`${e.metodo} ${e.caminho}`, e]));
      assert.equal((byPath.get('GET /api/v1/paginas') as { escopo: string }).escopo, 'site.read');
      assert.equal((byPath.get('GET /api/v1/prontidao/{dominio}') as { escopo: string }).escopo, 'prontidao.read');
      assert.equal((byPath.get('GET /api') as { escopo: string }).escopo, '');
      assert.equal((byPath.get('GET /api/v1/sandbox/busca') as { escopo: string }).escopo, '');
      assert.equal((byPath.get('POST /agent/token') as { escopo: string }).escopo, '');
      assert.equal((byPath.get('GET /api/ia/leitura') as { escopo: string }).escopo, '');
      const [[name, params]] = parseList(headers.get('ratelimit-policy')!) as [[string, Map<string, number>]];
      assert.equal(name, 'v1-public');
      assert.equal(params.get('q'), Number(headers.get('ratelimit-limit')));
      assert.equal(headers.get('deprecation'), null);
    });
  }
});

describe('GET /api/v1 (índice autenticado)', () => {
  for (const path of ['/api/v1', '/api/v1/']) {
    test(`${path}: registrado_como e sandbox_token; cota v1 por registration_id`, async () => {
      const { status, body, headers } = await get(path, '/api/v1/', auth());
      assert.equal(status, 200);
      assert.equal(body.registrado_como, registrationId);
      assert.equal(body.sandbox_token.necessario, false);
      assert.equal(body.sandbox_token.url, `${origin}/api/v1/sandbox/`);
      assert.equal(body.sandbox, `${origin}/api/v1/sandbox/`);
      assert.match(headers.get('ratelimit-policy')!, /^"v1";q=\d+;w=60$/);
    });
  }
});

describe('/api/v1/paginas', () => {
  test('padrão: limite 50, total do índice, sem proximo quando cabe tudo', async () => {
    const { body } = await get('/api/v1/paginas', '/api/v1/paginas', auth());
    assert.equal(body.limite, 50);
    assert.equal(body.total, siteData.paginas.length);
    assert.equal(body.cursor, undefined);
    assert.deepEqual(
      body.paginas.map((p: { rota: string }) => p.rota),
      siteData.paginas.slice(0, 50).map((p) => p.rota),
    );
    if (siteData.paginas.length <= 50) assert.equal(body.proximo, undefined);
    const home = body.paginas.find((p: { rota: string }) => p.rota === 'index');
    assert.equal(home.url, `${origin}/`);
  });

  test('seguir proximo percorre o índice inteiro, sem repetir, e termina sem proximo', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const path = `/api/v1/paginas?limite=7${cursor ? `&cursor=${cursor}` : ''}`;
      const { status, body } = await get(path, '/api/v1/paginas', auth());
      assert.equal(status, 200);
      assert.equal(body.limite, 7);
      assert.equal(body.cursor, cursor);
      seen.push(...body.paginas.map((p: { rota: string }) => p.rota));
      cursor = body.proximo;
      if (!cursor) break;
      assert.match(cursor, /^[A-Za-z0-9_-]+$/);
    }
    assert.deepEqual(seen, siteData.paginas.map((p) => p.rota));
  });

  const badLimits = ['0', '101', '-1', '1.5', 'abc', '', '1e2', '%20', '99999999999999999999'];
  for (const limite of badLimits) {
    test(`limite=${JSON.stringify(limite)} → 400 invalid_request`, async () => {
      await expectError(`/api/v1/paginas?limite=${limite}`, '/api/v1/paginas', 400, 'invalid_request', auth());
    });
  }

  const badCursors = ['xx', '!!', 'MA==', 'MDA', 'LTE', 'OTk5OTk', 'a'.repeat(40), '%00', 'w4Q'];
  for (const cursor of badCursors) {
    test(`cursor=${JSON.stringify(cursor)} → 400 invalid_request`, async () => {
      await expectError(`/api/v1/paginas?cursor=${cursor}`, '/api/v1/paginas', 400, 'invalid_request', auth());
    });
  }

  test('parâmetro repetido → 400', async () => {
    await expectError('/api/v1/paginas?limite=2&limite=3', '/api/v1/paginas', 400, 'invalid_request', auth());
  });
});

describe('/api/v1/paginas/{rota}', () => {
  test('toda rota do índice devolve a página completa, com o markdown publicado', async () => {
    for (const page of siteData.paginas) {
      const { status, body } = await get(`/api/v1/paginas/${page.rota}`, '/api/v1/paginas/{rota}', auth());
      assert.equal(status, 200, page.rota);
      assert.equal(body.rota, page.rota);
      assert.equal(body.titulo, page.titulo);
      assert.equal(body.markdown, page.markdown);
      assert.equal(body.markdownUrl, `${origin}/${page.rota}.md`);
      assert.ok(body.url.startsWith(origin));
    }
  });

  test('index é a página inicial', async () => {
    const { body } = await get('/api/v1/paginas/index', '/api/v1/paginas/{rota}', auth());
    assert.equal(body.url, `${origin}/`);
    assert.equal(body.markdownUrl, `${origin}/index.md`);
  });

  for (const rota of ['nao-existe', 'solucoes/nao-existe', 'INDEX', 'blog/', 'index.md', 'solucoes//seo-tecnico', '%C3%A7']) {
    test(`fora do índice: ${rota} → 404 not_found`, async () => {
      await expectError(`/api/v1/paginas/${rota}`, '/api/v1/paginas/{rota}', 404, 'not_found', auth());
    });
  }

  // Issue 18, item 16: OAS 3.1 forbids `/` inside a path parameter, so a client generated from the OpenAPI sends
  // the route escaped; `%2F` (either case) gives the very answer of the unescaped path (it answered 400).
  test('barra codificada (%2F, %2f): a mesma resposta da rota com barras, em toda rota aninhada', async () => {
    const nested = siteData.paginas.filter((p) => p.rota.includes('/'));
    assert.ok(nested.length > 5);
    for (const page of nested) {
      const plain = await get(`/api/v1/paginas/${page.rota}`, '/api/v1/paginas/{rota}', auth());
      for (const escaped of [encodeURIComponent(page.rota), page.rota.replaceAll('/', '%2f')]) {
        const { status, body } = await get(`/api/v1/paginas/${escaped}`, '/api/v1/paginas/{rota}', auth());
        assert.equal(status, 200, escaped);
        assert.deepEqual(body, plain.body, escaped);
      }
    }
  });

  test('barra codificada de uma rota fora do índice → o mesmo 404 da rota com barras', async () => {
    const plain = await expectError('/api/v1/paginas/solucoes/nao-existe', '/api/v1/paginas/{rota}', 404, 'not_found', auth());
    const escaped = await expectError('/api/v1/paginas/solucoes%2Fnao-existe', '/api/v1/paginas/{rota}', 404, 'not_found', auth());
    assert.deepEqual(escaped.body, plain.body);
  });

  const bad: [string, string][] = [
    ['barra invertida codificada', 'solucoes%5Cseo-tecnico'],
    ['travessia codificada', '..%2F..%2Fetc%2Fpasswd'],
    ['ponto-ponto codificado no meio', 'blog/%2E%2E%2Fx'],
    ['codificação inválida', '%E0%A4%A'],
    ['byte nulo', 'index%00'],
    ['longa demais', 'a'.repeat(300)],
    ['longa demais codificada', '%C3%A7'.repeat(200)],
  ];
  for (const [name, rota] of bad) {
    test(`${name} → 400 invalid_request`, async () => {
      await expectError(`/api/v1/paginas/${rota}`, '/api/v1/paginas/{rota}', 400, 'invalid_request', auth());
    });
  }

  test('travessia crua na linha de requisição nunca dá 5xx', async () => {
    for (const raw of ['/api/v1/paginas/../../../etc/passwd', '/api/v1/paginas/./index', '/api/v1/paginas/%2e%2e/%2e%2e/x', `/api/v1/paginas/${'x/'.repeat(4000)}`]) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.url}${raw}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.path = raw;
        req.on('error', reject);
        req.end();
      });
      assert.ok(status >= 200 && status < 500, `${raw} → ${status}`);
    }
  });
});

describe('/api/v1/busca', () => {
  test('resultados ordenados, com trecho, limite padrão 8', async () => {
    const { body } = await get('/api/v1/busca?q=dados+estruturados', '/api/v1/busca', auth());
    assert.equal(body.q, 'dados estruturados');
    assert.equal(body.limite, 8);
    assert.equal(body.total, body.resultados.length);
    assert.ok(body.resultados.length > 0 && body.resultados.length <= 8);
    assert.ok(['solucoes/dados-estruturados', 'blog/dados-estruturados-em-2026'].includes(body.resultados[0].rota));
    assert.match(body.resultados[0].trecho, /estruturad/i);
    for (let i = 1; i < body.resultados.length; i++) assert.ok(body.resultados[i - 1].pontuacao >= body.resultados[i].pontuacao);
  });

  test('sem diferença de acento e caixa', async () => {
    const a = await get('/api/v1/busca?q=MIGRACAO', '/api/v1/busca', auth());
    const b = await get(`/api/v1/busca?q=${encodeURIComponent('migração')}`, '/api/v1/busca', auth());
    assert.deepEqual(
      a.body.resultados.map((r: { rota: string }) => r.rota),
      b.body.resultados.map((r: { rota: string }) => r.rota),
    );
    assert.equal(a.body.resultados[0].rota, 'solucoes/migracao-sem-perda-de-trafego');
  });

  test('limite=1 e limite=20', async () => {
    assert.equal((await get('/api/v1/busca?q=seo&limite=1', '/api/v1/busca', auth())).body.resultados.length, 1);
    assert.ok((await get('/api/v1/busca?q=seo&limite=20', '/api/v1/busca', auth())).body.resultados.length <= 20);
  });

  test('consulta sem resultado: 200 com lista vazia', async () => {
    const { status, body } = await get('/api/v1/busca?q=zzzzqqqq', '/api/v1/busca', auth());
    assert.equal(status, 200);
    assert.deepEqual(body.resultados, []);
  });

  for (const query of ['', 'q=', 'q=%20%20', `q=${'a'.repeat(501)}`, 'q=seo&q=ia', 'q=seo&limite=0', 'q=seo&limite=21', 'q=seo&limite=x']) {
    test(`?${query.slice(0, 40)} → 400 invalid_request`, async () => {
      await expectError(`/api/v1/busca?${query}`, '/api/v1/busca', 400, 'invalid_request', auth());
    });
  }
});

describe('/api/v1/solucoes e /api/v1/precos', () => {
  test('catálogo e os cinco pontos de entrada, com URLs absolutas', async () => {
    const { body } = await get('/api/v1/solucoes', '/api/v1/solucoes', auth());
    assert.equal(body.solucoes.length, siteData.catalogo.solucoes.length);
    assert.equal(body.objetivos.length, 5);
    for (const item of [...body.solucoes, ...body.objetivos]) assert.ok(item.url.startsWith(`${origin}/`), item.url);
  });

  test('preços: os mesmos dados de /pricing.md', async () => {
    const { body } = await get('/api/v1/precos', '/api/v1/precos', auth());
    const pricing = await (await fetch(`${server.url}/pricing.md`)).text();
    assert.equal(body.fonte, `${origin}/pricing.md`);
    assert.deepEqual(body.produtos.map((p: { tipo: string }) => p.tipo).sort(), ['gratuito', 'pago']);
    for (const product of body.produtos) {
      assert.ok(pricing.includes(product.nome), `${product.nome} ausente de /pricing.md`);
      if (product.tipo === 'pago') assert.ok(pricing.includes(product.precoFormatado.replace(/\u00a0/g, ' ')) || pricing.includes(product.precoFormatado), product.precoFormatado);
    }
  });

  test('preços: as condições de pagamento e a nota fiscal de content/precos.json, na API, na sandbox e em /pricing.md', async () => {
    const { pagamento } = loadPrices();
    const pricing = await (await fetch(`${server.url}/pricing.md`)).text();
    for (const [path, template, init] of [
      ['/api/v1/precos', '/api/v1/precos', auth()],
      ['/api/v1/sandbox/precos', '/api/v1/sandbox/precos', {}],
    ] as const) {
      const { status, body } = await get(path, template, init);
      assert.equal(status, 200, path);
      assert.deepEqual(body.pagamento, pagamento, path);
    }
    assert.ok(['Pix', 'boleto bancário', 'cartão de crédito'].every((f) => pagamento.formas.includes(f)));
    assert.match(pagamento.notaFiscal, /nota fiscal de serviço/i);
    for (const t of paymentTerms()) assert.ok(pricing.includes(`- ${t.rotulo}: ${t.valor}`), `/pricing.md sem ${t.rotulo}`);
  });
});

describe('/api/v1/prontidao/{dominio} e /api/ia/leitura', () => {
  test('sem leitura: 200, estado ausente, nunca mede', async () => {
    const { status, body } = await get('/api/v1/prontidao/exemplo-sem-leitura.com.br', '/api/v1/prontidao/{dominio}', auth());
    assert.equal(status, 200);
    assert.equal(body.estado, 'ausente');
    assert.equal(body.dominio, 'exemplo-sem-leitura.com.br');
    assert.equal(body.medidoEm, null);
  });

  test('/api/ia/leitura: aberto, cota v1-public, mesmo envelope', async () => {
    const { status, body, headers } = await get('/api/ia/leitura?site=exemplo-sem-leitura.com.br', '/api/ia/leitura');
    assert.equal(status, 200);
    assert.equal(body.estado, 'ausente');
    assert.match(headers.get('ratelimit-policy')!, /^"v1-public";/);
  });

  for (const dominio of ['127.0.0.1', 'exemplo.com.br:8080', 'exemplo..com', '-x.com', 'a'.repeat(300)]) {
    test(`domínio inválido ${dominio.slice(0, 30)} → 400`, async () => {
      await expectError(`/api/v1/prontidao/${dominio}`, '/api/v1/prontidao/{dominio}', 400, 'invalid_request', auth());
      await expectError(`/api/ia/leitura?site=${dominio}`, '/api/ia/leitura', 400, 'invalid_request');
    });
  }

  test('/api/ia/leitura sem site → 400', async () => {
    await expectError('/api/ia/leitura', '/api/ia/leitura', 400, 'invalid_request');
    await expectError('/api/ia/leitura?site=', '/api/ia/leitura', 400, 'invalid_request');
  });

  test('token sem prontidao.read → 403 insufficient_scope (e vale nas rotas site.read)', async () => {
    const limited = await signAccessToken({ scope: 'site.read' });
    const result = await expectError('/api/v1/prontidao/exemplo.com.br', '/api/v1/prontidao/{dominio}', 403, 'insufficient_scope', auth(limited));
    assert.match(result.headers.get('www-authenticate')!, /insufficient_scope/);
    assert.equal((await get('/api/v1/paginas?limite=1', '/api/v1/paginas', auth(limited))).status, 200);
  });

  test('instrumento pausado: 429 com envelope limite, tentarEm e Retry-After', async () => {
    useRuntime({ READINESS_PAUSED: '1' });
    try {
      for (const [path, template, init] of [
        ['/api/v1/prontidao/exemplo.com.br', '/api/v1/prontidao/{dominio}', auth()],
        ['/api/ia/leitura?site=exemplo.com.br', '/api/ia/leitura', {}],
      ] as const) {
        const { status, body, headers } = await get(path, template, init);
        assert.equal(status, 429);
        assert.equal(body.estado, 'limite');
        assert.ok(Date.parse(body.tentarEm) > Date.now());
        assert.ok(Number(headers.get('retry-after')) >= 1);
      }
    } finally {
      useRuntime();
    }
  });

  test('armazenamento fora: 503 com envelope e Retry-After; os limites falham abertos', async () => {
    const broken: Store = {
      kind: 'memory',
      get: async () => {
        throw new Error('fora');
      },
      set: async () => {
        throw new Error('fora');
      },
      hit: async () => {
        throw new Error('fora');
      },
      delete: async () => {
        throw new Error('fora');
      },
    };
    useRuntime({}, broken);
    try {
      const { status, body, headers } = await get('/api/ia/leitura?site=exemplo.com.br', '/api/ia/leitura');
      assert.equal(status, 503);
      assert.ok(['indisponivel', 'limite'].includes(body.estado));
      assert.ok(Number(headers.get('retry-after')) >= 1);
    } finally {
      useRuntime();
    }
  });
});

describe('401, 404, 405, OPTIONS e HEAD', () => {
  test('sem Bearer: 401 missing_token, WWW-Authenticate do contrato, auth e sandbox no corpo', async () => {
    for (const path of ['/api/v1', '/api/v1/paginas', '/api/v1/busca?q=seo', '/api/v1/prontidao/exemplo.com.br', '/api/v1/nao-existe']) {
      const template = path.startsWith('/api/v1/prontidao') ? '/api/v1/prontidao/{dominio}' : path === '/api/v1/nao-existe' || path === '/api/v1' ? '/api/v1/' : path.split('?')[0]!;
      const { body, headers } = await expectError(path, template, 401, 'missing_token');
      assert.equal(
        headers.get('www-authenticate'),
        `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource", scope="site.read prontidao.read"`,
      );
      assert.equal(body.auth, `${origin}/auth.md`);
      assert.equal(body.sandbox, `${origin}/api/v1/sandbox/`);
      assert.match(headers.get('ratelimit-policy')!, /^"v1-public";/);
    }
  });

  // Tokens garbage, tampered, expired, from another origin, with the wrong audience or typ, alg none, a
  // preview token outside the sandbox…: rows of tests/attacks/jwt-cases.ts (tests/integration/jwt-attacks.test.ts).

  test('rota v1 desconhecida com token → 404 not_found', async () => {
    for (const path of ['/api/v1/nao-existe', '/api/v1/paginass', '/api/v1/busca/x', '/api/v1/prontidao/', '/api/v1/sandbox/nada']) {
      const template = path.startsWith('/api/v1/sandbox') ? '/api/v1/sandbox/' : '/api/v1/';
      await expectError(path, template, 404, 'not_found', auth());
    }
  });

  test('métodos de escrita → 405 com Allow', async () => {
    for (const [path, template] of [
      ['/api', '/api'],
      ['/api/v1/paginas', '/api/v1/paginas'],
      ['/api/v1/sandbox/busca', '/api/v1/sandbox/busca'],
      ['/api/ia/leitura', '/api/ia/leitura'],
    ]) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const response = await fetch(`${server.url}${path}`, { method, ...auth(), body: method === 'DELETE' ? undefined : '{}' });
        assert.equal(response.status, 405, `${method} ${path}`);
        assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
        assert.ok(response.headers.get('ratelimit-limit'));
        schemas.check(template!, 'get', 405, await response.json());
      }
    }
  });

  test('OPTIONS (preflight CORS) → 204', async () => {
    const response = await fetch(`${server.url}/api/v1/paginas`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agente.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-allow-headers')!, /Authorization/);
    assert.match(response.headers.get('access-control-allow-methods')!, /GET/);
  });

  test('HEAD: cabeçalhos sem corpo', async () => {
    const response = await fetch(`${server.url}/api/v1/paginas`, { method: 'HEAD', ...auth() });
    assert.equal(response.status, 200);
    assert.equal(await response.text(), '');
    assert.ok(response.headers.get('ratelimit-remaining'));
  });

  test('cabeçalhos de cota expostos ao navegador', async () => {
    const { headers } = await get('/api', '/api');
    assert.match(headers.get('access-control-expose-headers')!, /RateLimit-Policy/);
  });
});

describe('sandbox', () => {
  test('todas as rotas: dados fixos, X-Sandbox e sandbox: true, sem token', async () => {
    const paths: [string, string][] = [
      ['/api/v1/sandbox', '/api/v1/sandbox/'],
      ['/api/v1/sandbox/', '/api/v1/sandbox/'],
      ['/api/v1/sandbox/paginas', '/api/v1/sandbox/paginas'],
      ['/api/v1/sandbox/busca?q=robots', '/api/v1/sandbox/busca'],
      ['/api/v1/sandbox/solucoes', '/api/v1/sandbox/solucoes'],
      ['/api/v1/sandbox/precos', '/api/v1/sandbox/precos'],
      ['/api/v1/sandbox/prontidao/exemplo.com.br', '/api/v1/sandbox/prontidao/{dominio}'],
      ...SANDBOX_PAGES.map((p): [string, string] => [`/api/v1/sandbox/paginas/${p.rota}`, '/api/v1/sandbox/paginas/{rota}']),
    ];
    for (const [path, template] of paths) {
      const { status, body, headers } = await get(path, template);
      assert.equal(status, 200, path);
      assert.equal(headers.get('x-sandbox'), 'true', path);
      assert.equal(body.sandbox, true, path);
      assert.match(headers.get('ratelimit-policy')!, /^"v1-public";/);
    }
  });

  test('as respostas são fixas: iguais em duas chamadas e independentes do site', async () => {
    const a = await get('/api/v1/sandbox/paginas', '/api/v1/sandbox/paginas');
    const b = await get('/api/v1/sandbox/paginas', '/api/v1/sandbox/paginas');
    assert.deepEqual(a.body, b.body);
    assert.deepEqual(
      a.body.paginas.map((p: { rota: string }) => p.rota),
      SANDBOX_PAGES.map((p) => p.rota),
    );
    assert.equal(a.body.total, SANDBOX_PAGES.length);
  });

  test('Bearer opcional: validado e ecoado em registrado_como', async () => {
    const anonymous = await get('/api/v1/sandbox/', '/api/v1/sandbox/');
    assert.equal(anonymous.body.registrado_como, null);
    const echoed = await get('/api/v1/sandbox/', '/api/v1/sandbox/', auth());
    assert.equal(echoed.body.registrado_como, registrationId);
    await expectError('/api/v1/sandbox/', '/api/v1/sandbox/', 401, 'invalid_token', auth('nao-e-um-jwt'));
  });

  test('leitura de exemplo: ecoa o domínio, medidoEm null', async () => {
    const { body } = await get('/api/v1/sandbox/prontidao/Sub.Exemplo.com.br', '/api/v1/sandbox/prontidao/{dominio}');
    assert.equal(body.dominio, 'sub.exemplo.com.br');
    assert.equal(body.medidoEm, null);
  });

  test('400 e 404 no sandbox', async () => {
    await expectError('/api/v1/sandbox/paginas?limite=500', '/api/v1/sandbox/paginas', 400, 'invalid_request');
    await expectError('/api/v1/sandbox/busca?q=', '/api/v1/sandbox/busca', 400, 'invalid_request');
    await expectError('/api/v1/sandbox/prontidao/http:exemplo.com', '/api/v1/sandbox/prontidao/{dominio}', 400, 'invalid_request');
    await expectError('/api/v1/sandbox/paginas/blog/nao-existe', '/api/v1/sandbox/paginas/{rota}', 404, 'not_found');
    await expectError('/api/v1/sandbox/paginas/a%2F..%2Fb', '/api/v1/sandbox/paginas/{rota}', 400, 'invalid_request');
  });

  test('barra codificada no sandbox: a mesma resposta da rota com barras (issue 18, item 16)', async () => {
    const nested = SANDBOX_PAGES.filter((p) => p.rota.includes('/'));
    assert.ok(nested.length > 0);
    for (const page of nested) {
      const plain = await get(`/api/v1/sandbox/paginas/${page.rota}`, '/api/v1/sandbox/paginas/{rota}');
      const escaped = await get(`/api/v1/sandbox/paginas/${encodeURIComponent(page.rota)}`, '/api/v1/sandbox/paginas/{rota}');
      assert.equal(escaped.status, 200, page.rota);
      assert.deepEqual(escaped.body, plain.body, page.rota);
    }
    const missing = await expectError('/api/v1/sandbox/paginas/a%2Fb', '/api/v1/sandbox/paginas/{rota}', 404, 'not_found');
    assert.deepEqual(missing.body, (await expectError('/api/v1/sandbox/paginas/a/b', '/api/v1/sandbox/paginas/{rota}', 404, 'not_found')).body);
  });
});

describe('429 rate_limited', () => {
  test('v1: acima da cota por registration_id, com Retry-After; outro registro tem a sua', async () => {
    useRuntime({ RATE_LIMIT_V1: '3' });
    try {
      const seen: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { status, headers } = await get('/api/v1/precos', '/api/v1/precos', auth());
        assert.equal(status, 200);
        seen.push(Number(headers.get('ratelimit-remaining')));
      }
      assert.deepEqual(seen, [2, 1, 0]);
      const limited = await expectError('/api/v1/precos', '/api/v1/precos', 429, 'rate_limited', auth());
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      assert.equal(limited.headers.get('ratelimit-remaining'), '0');
      const [[, params]] = parseList(limited.headers.get('ratelimit')!) as [[string, Map<string, number>]];
      assert.equal(params.get('r'), 0);
      assert.equal(params.get('t'), Number(limited.headers.get('ratelimit-reset')));
      const other = await signAccessToken({ sub: 'reg_OutroOutroOutroOutro' });
      assert.equal((await get('/api/v1/precos', '/api/v1/precos', auth(other))).status, 200);
    } finally {
      useRuntime();
    }
  });

  test('v1-public: GET /api, sandbox e leitura acima da cota por endereço', async () => {
    for (const [path, template] of [
      ['/api', '/api'],
      ['/api/v1/sandbox/solucoes', '/api/v1/sandbox/solucoes'],
      ['/api/ia/leitura?site=exemplo.com.br', '/api/ia/leitura'],
    ] as const) {
      useRuntime({ RATE_LIMIT_PUBLIC: '2' });
      try {
        await get(path, template);
        await get(path, template);
        const limited = await expectError(path, template, 429, 'rate_limited');
        assert.ok(Number(limited.headers.get('retry-after')) >= 1);
        if (path.includes('sandbox')) assert.equal(limited.headers.get('x-sandbox'), 'true');
      } finally {
        useRuntime();
      }
    }
  });
});
