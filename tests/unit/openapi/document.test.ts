/**
 * The generated OpenAPI document: a valid OpenAPI 3.1 file (swagger-parser), every `$ref` resolves, every
 * path of v1, the sandbox, agent authentication, `/api` and `/api/ia/leitura` is there with its declared
 * statuses and the error body, the security scheme is bearer, and the readiness `estado` values are
 * documented. The served copy is checked against it in tests/integration/api.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ESTADOS } from '../../../src/model/reading.ts';
import { openapiDocument } from '../../../functions/openapi/document.ts';
import { siteOrigin } from '../../../src/config/site.ts';
import { unresolvedRefs } from '../../helpers/openapi.ts';

const origin = siteOrigin();
const doc = openapiDocument(origin);
type Operation = {
  operationId: string;
  summary: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string; anyOf?: unknown[] } }>; headers?: Record<string, unknown> }>;
};
const op = (path: string, method = 'get'): Operation => {
  const operation = doc.paths[path]?.[method] as Operation | undefined;
  assert.ok(operation, `falta ${method.toUpperCase()} ${path}`);
  return operation;
};

const V1 = ['/', '/paginas', '/paginas/{rota}', '/busca', '/solucoes', '/precos', '/prontidao/{dominio}', '/prontidao/{dominio}/historico'];

describe('documento OpenAPI', () => {
  test('é um OpenAPI 3.1 válido (swagger-parser)', async () => {
    assert.equal(doc.openapi, '3.1.0');
    await SwaggerParser.validate(structuredClone(doc) as never);
  });

  test('todo $ref resolve', () => {
    assert.deepEqual(unresolvedRefs(doc), []);
  });

  test('servers = a origem; esquema de segurança bearer', () => {
    assert.deepEqual(doc.servers, [{ url: origin, description: 'Este serviço' }]);
    const schemes = (doc.components as { securitySchemes: Record<string, { type: string; scheme: string }> }).securitySchemes;
    assert.equal(schemes.bearer?.type, 'http');
    assert.equal(schemes.bearer?.scheme, 'bearer');
  });

  test('operationId únicos', () => {
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => (o as Operation).operationId));
    assert.equal(new Set(ids).size, ids.length);
  });

  test('todas as rotas da v1, do sandbox, da autenticação, /api e /api/ia/leitura', () => {
    for (const r of V1) {
      op(`/api/v1${r}`);
      op(`/api/v1/sandbox${r}`);
    }
    op('/api');
    op('/api/ia/leitura');
    op('/agent/identity', 'post');
    op('/agent/token', 'post');
  });

  test('v1: escopo exigido e os status declarados pelo contrato, com o corpo de erro', () => {
    for (const r of V1) {
      const operation = op(`/api/v1${r}`);
      const scope = r.startsWith('/prontidao/') ? 'prontidao.read' : 'site.read';
      assert.deepEqual(operation.security, [{ bearer: [scope] }], r);
      for (const status of ['200', '400', '401', '403', '404', '429']) assert.ok(operation.responses[status], `${r} sem ${status}`);
      for (const status of ['400', '401', '403', '404', '405']) {
        assert.equal(operation.responses[status]!.content!['application/json']!.schema.$ref, '#/components/schemas/Erro', `${r} ${status}`);
      }
      for (const response of Object.values(operation.responses)) assert.ok(response.headers?.['RateLimit-Policy'], `${r}: toda resposta traz os cabeçalhos de cota`);
      assert.ok(operation.responses['401']!.headers?.['WWW-Authenticate']);
      assert.ok(operation.responses['429']!.headers?.['Retry-After']);
    }
  });

  test('histórico da prontidão: 429 e 503 com o corpo do histórico ou erro', () => {
    const operation = op('/api/v1/prontidao/{dominio}/historico');
    for (const status of ['429', '503']) {
      const schema = operation.responses[status]!.content!['application/json']!.schema;
      assert.deepEqual(schema.anyOf, [{ $ref: '#/components/schemas/HistoricoProntidao' }, { $ref: '#/components/schemas/Erro' }], status);
      assert.ok(operation.responses[status]!.headers?.['Retry-After']);
    }
  });

  test('prontidão: 429 e 503 com envelope ou erro', () => {
    for (const path of ['/api/v1/prontidao/{dominio}', '/api/ia/leitura']) {
      const operation = op(path);
      for (const status of ['429', '503']) {
        const schema = operation.responses[status]!.content!['application/json']!.schema;
        assert.deepEqual(schema.anyOf, [{ $ref: '#/components/schemas/EnvelopeProntidao' }, { $ref: '#/components/schemas/Erro' }], `${path} ${status}`);
        assert.ok(operation.responses[status]!.headers?.['Retry-After']);
      }
    }
  });

  test('sandbox: sem token obrigatório, X-Sandbox e os status 200, 400, 404, 429', () => {
    for (const r of V1) {
      const operation = op(`/api/v1/sandbox${r}`);
      assert.deepEqual(operation.security, [{}, { bearer: [] }]);
      for (const status of ['200', '400', '404', '429']) {
        assert.ok(operation.responses[status], `${r} sem ${status}`);
        assert.ok(operation.responses[status]!.headers?.['X-Sandbox'], `${r} ${status} sem X-Sandbox`);
      }
    }
  });

  test('rotas abertas sem segurança; parâmetros com limites', () => {
    assert.deepEqual(op('/api').security, []);
    assert.deepEqual(op('/api/ia/leitura').security, []);
    const limite = op('/api/v1/paginas').parameters!.find((p) => p.name === 'limite')!;
    assert.deepEqual({ min: limite.schema.minimum, max: limite.schema.maximum, def: limite.schema.default }, { min: 1, max: 100, def: 50 });
    const busca = op('/api/v1/busca').parameters!;
    assert.equal(busca.find((p) => p.name === 'q')!.required, true);
    assert.equal(busca.find((p) => p.name === 'q')!.schema.minLength, 1);
    assert.deepEqual(busca.find((p) => p.name === 'limite')!.schema.maximum, 20);
    assert.equal(op('/api/v1/paginas/{rota}').parameters![0]!.in, 'path');
  });

  test('os valores de estado estão documentados', () => {
    const envelope = (doc.components as { schemas: Record<string, { properties: Record<string, { enum?: string[]; description?: string }> }> }).schemas
      .EnvelopeProntidao!;
    assert.deepEqual(envelope.properties.estado!.enum, [...ESTADOS]);
    for (const estado of ESTADOS) assert.match(envelope.properties.estado!.description ?? '', new RegExp(`\`${estado}\``));
  });

  test('respostas aceitam campos novos (mudança compatível): sem additionalProperties false nos corpos da API', () => {
    const schemas = (doc.components as { schemas: Record<string, { additionalProperties?: unknown }> }).schemas;
    for (const name of ['ListaPaginas', 'Pagina', 'Busca', 'Solucoes', 'Precos', 'IndiceApi', 'IndiceAutenticado', 'EnvelopeProntidao', 'Erro']) {
      assert.notEqual(schemas[name]?.additionalProperties, false, name);
    }
  });

  test('cabeçalhos: só os que alguma resposta cita; rota da tabela de depreciação vem marcada, com Deprecation e Sunset', () => {
    const headersOf = (d: typeof doc) => Object.keys((d.components as { headers: Record<string, unknown> }).headers);
    // Empty table today: no route sends Deprecation or Sunset, so the document does not declare them.
    assert.ok(!headersOf(doc).includes('Deprecation') && !headersOf(doc).includes('Sunset'));
    {
      const deprecatedDoc = openapiDocument(origin, [
        { metodo: 'GET', caminho: '/api/v1/busca', anunciadoEm: new Date('2027-01-01T00:00:00Z'), removidoEm: new Date('2027-04-15T00:00:00Z'), substituto: '/api/v2/busca' },
      ]);
      const busca = deprecatedDoc.paths['/api/v1/busca']!.get as { deprecated?: boolean; responses: Record<string, { headers?: Record<string, unknown> }> };
      assert.equal(busca.deprecated, true);
      for (const [status, response] of Object.entries(busca.responses)) {
        assert.ok(response.headers?.Deprecation && response.headers.Sunset, `GET /api/v1/busca ${status} sem Deprecation/Sunset`);
      }
      assert.equal((deprecatedDoc.paths['/api/v1/paginas']!.get as { deprecated?: boolean }).deprecated, undefined);
      assert.ok(headersOf(deprecatedDoc).includes('Deprecation') && headersOf(deprecatedDoc).includes('Sunset'));
      assert.deepEqual(unresolvedRefs(deprecatedDoc), []);
    }
  });
});
