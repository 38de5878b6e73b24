/**
 * Served ⇔ documented: every operation of the SERVED /api/openapi.json answers on the local server (built from
 * the document alone: its path examples, required query examples and body examples), and nothing answers that
 * the document leaves out: the API router's table (v1 and sandbox), the agent-auth and /ask routes probed with
 * every method on known and unknown paths, every function of the route table, and the OAuth well-known files.
 */
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { V1_ROUTES } from '../../functions/api/operations.ts';
import { matchApi } from '../../functions/api/router.ts';
import { OPERATIONS } from '../../functions/operations.ts';
import { AGENT_AUTH, API_FUNCTION_PATHS, API_INDEX, ASK_PATH, IDENTITY_PATH, OPEN_READING, SANDBOX, TOKEN_PATH, V1 } from '../../src/model/paths.ts';
import { FUNCTION_ROUTES, compilePathPattern, matchFunctionRoute } from '../../functions/routes.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { registerAndExchange } from '../helpers/api-tokens.ts';
import { testServices } from '../helpers/services.ts';
import type { OpenApiDoc } from '../helpers/openapi.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Functions outside the OpenAPI document, each for a stated reason (a new function must be documented or listed here). */
const UNDOCUMENTED_FUNCTIONS: Record<string, string> = {
  a2a: 'JSON-RPC do protocolo A2A, descrito pelo cartão /.well-known/agent-card.json',
  contact: 'o formulário de contato do site (HTML para pessoas), fora da API pública',
  follow: 'o acompanhamento de um domínio por e-mail (formulário do site e links das mensagens, para pessoas), fora da API pública',
  mcp: 'JSON-RPC do MCP, descrito pelos cartões /.well-known/mcp/*',
  report: 'o pedido do relatório de um resultado por e-mail (formulário da página do resultado, para pessoas), fora da API pública',
  search: 'a busca do site (HTML para pessoas), a página para pessoas da mesma busca de /api/v1/busca',
  readiness: 'a medição do formulário do site, as páginas de resultado e os selos (para pessoas) e o diretório de chaves Web Bot Auth, fora da API pública',
};

let server: LocalServer;
let doc: OpenApiDoc;
let token: string;

/** The document's path templates as patterns (a literal path also answers with a trailing slash, `{x}` takes the rest). */
const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/\/$/, '').replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[a-z_]+\\?\}/g, '.+')}/?$`);
/** The documented (template, method) a concrete request falls under, if any. */
function documented(path: string, method: string): string | undefined {
  const m = method === 'head' ? 'get' : method;
  const templates = Object.keys(doc.paths).filter((t) => templatePattern(t).test(path));
  // The most specific template: a literal one beats one with a parameter.
  templates.sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')));
  return templates.find((t) => doc.paths[t]![m]);
}

/** The concrete request of an operation, from its examples only. */
function requestOf(template: string, method: string, operation: Json): { path: string; init: RequestInit } {
  const params = (operation.parameters ?? []) as Json[];
  let path = template;
  const query = new URLSearchParams();
  for (const p of params) {
    if (p.in === 'path') path = path.replace(`{${p.name}}`, String(p.example));
    else if (p.in === 'query' && p.required) query.set(p.name, String(p.example));
  }
  const init: RequestInit = { method: method.toUpperCase(), headers: { accept: 'application/json' } };
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body) {
    const schema = body.$ref ? doc.components.schemas[String(body.$ref).split('/').pop()!] : body;
    init.body = JSON.stringify((schema as Json)?.examples?.[0] ?? {});
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  return { path: query.size ? `${path}?${query}` : path, init };
}

/** Whether a status is one the operation declares (`4XX` ranges included). */
const declares = (operation: Json, status: number): boolean =>
  Object.keys(operation.responses).some((s) => s === String(status) || (s.endsWith('XX') && s[0] === String(status)[0]));

/** This file's own services: quotas high enough that probing every method never meets a 429. */
const services = testServices({ RATE_LIMIT_V1: '100000', RATE_LIMIT_PUBLIC: '100000' }, { store: new MemoryStore() });

before(async () => {
  server = await startLocalServer({ port: 0, services });
  doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDoc;
  ({ token } = await registerAndExchange(server.url));
});
after(async () => {
  await server?.close();
});

describe('servido ⇔ documentado', () => {
  test('o documento servido é o das tabelas de operações (mesmos caminhos e métodos)', () => {
    const served = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    assert.deepEqual(served.sort(), OPERATIONS.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort());
  });

  test('toda operação documentada responde, com um status que ela declara (nunca 404 nem 405)', async () => {
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const { path, init } = requestOf(template, method, operation);
        const response = await fetch(`${server.url}${path}`, init);
        await response.arrayBuffer();
        assert.ok(response.status !== 404 && response.status !== 405, `${method.toUpperCase()} ${path}: ${response.status}`);
        assert.ok(declares(operation, response.status), `${method.toUpperCase()} ${path}: ${response.status} não documentado`);
      }
    }
  });

  test('a tabela do roteador da API (v1 e sandbox) e o documento concordam, nos dois sentidos', () => {
    const apiPaths = Object.keys(doc.paths).filter((p) => p === API_INDEX || p.startsWith(`${API_INDEX}/`));
    const routed = [API_INDEX, OPEN_READING, ...V1_ROUTES.flatMap((r) => [`${V1}${r.relative}`, `${SANDBOX}${r.relative}`])];
    assert.deepEqual([...apiPaths].sort(), [...routed].sort());
    for (const template of apiPaths) {
      const concrete = requestOf(template, 'get', doc.paths[template]!.get!).path.split('?')[0]!;
      assert.equal(matchApi(concrete)?.route?.template, template, concrete);
      assert.ok(doc.paths[template]!.get, `${template} sem GET`);
    }
  });

  test('nada responde fora do documento: sondagem com todos os métodos em caminhos conhecidos e desconhecidos', async () => {
    // The functions' paths (the static well-known files are checked below).
    const known = Object.entries(doc.paths)
      .filter(([template]) => matchFunctionRoute(template))
      .map(([template, item]) => requestOf(template, Object.keys(item)[0]!, Object.values(item)[0]!).path);
    const probes = [
      ...known,
      // The mount points themselves, documented or not.
      ...API_FUNCTION_PATHS.filter((p) => !p.includes('*')),
      IDENTITY_PATH,
      TOKEN_PATH,
      ASK_PATH,
      ...known.map((p) => (p.includes('?') ? p.replace('?', '/?') : `${p}/`)),
      `${API_INDEX}/v2`,
      `${API_INDEX}/ia`,
      `${V1}/admin`,
      `${V1}/paginas/`,
      `${V1}/prontidao`,
      `${V1}/prontidao/`,
      `${V1}/busca/x`,
      `${SANDBOX}/admin`,
      `${SANDBOX}/prontidao/`,
      `${SANDBOX}/solucoes/x`,
      `${AGENT_AUTH}/`,
      `${AGENT_AUTH}/register`,
      `${AGENT_AUTH}/identity/x`,
      `${ASK_PATH}/`,
    ];
    for (const path of probes) {
      for (const method of METHODS) {
        // With a valid token, so that v1 reaches its router instead of stopping at the 401.
        const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
        const init: RequestInit = { method: method.toUpperCase(), headers };
        if (method !== 'get') {
          init.body = '{}';
          headers['content-type'] = 'application/json';
        }
        const response = await fetch(`${server.url}${path}`, init);
        await response.arrayBuffer();
        if (response.status === 404 || response.status === 405) continue;
        assert.ok(documented(path.split('?')[0]!, method), `${method.toUpperCase()} ${path} responde ${response.status} sem estar documentado`);
      }
    }
  });

  test('toda função da tabela de rotas está documentada ou fora da API por um motivo declarado', () => {
    for (const route of FUNCTION_ROUTES) {
      const patterns = route.paths.map(compilePathPattern);
      const covered = Object.keys(doc.paths).some((template) => patterns.some((p) => p.test(template)));
      if (UNDOCUMENTED_FUNCTIONS[route.name]) assert.ok(!covered, `${route.name} está documentada: tire-a da lista de exceções`);
      else assert.ok(covered, `a função ${route.name} (${route.paths.join(', ')}) serve caminhos que o documento não tem`);
    }
  });

  test('metadados OAuth: todo arquivo publicado está documentado, e todo documentado é publicado', async () => {
    const files = (await readdir(new URL('../../dist/.well-known/', import.meta.url))).filter((f) => f.startsWith('oauth-'));
    assert.ok(files.length >= 2);
    for (const file of files) assert.ok(doc.paths[`/.well-known/${file}`]?.get, `/.well-known/${file} não documentado`);
    for (const template of Object.keys(doc.paths).filter((p) => p.startsWith('/.well-known/'))) {
      const response = await fetch(`${server.url}${template}`);
      await response.arrayBuffer();
      assert.equal(response.status, 200, template);
    }
  });
});
