/**
 * The OpenAPI 3.1 document, generated from the registry (./registry.ts) filled by every area's registration
 * module (./operations.ts): paths and operations, parameters, request and response bodies converted from
 * the handlers' zod schemas (`z.toJSONSchema`, JSON Schema 2020-12 as OpenAPI 3.1 uses), reusable headers,
 * and the bearer security scheme. Served statically at /api/openapi.json (src/pages/api/openapi.json.ts).
 */
import { z } from 'zod';
import { API_NAME, API_VERSION, SITE_NAME, contactEmail } from '../../src/config/site.ts';
import { DEPRECATIONS, type DeprecationTable, deprecationOf } from '../api/deprecations.ts';
import './operations.ts';
import {
  HEADER_NAMES,
  type HeaderName,
  type OperationSpec,
  type ParameterSpec,
  registeredOperations,
  registeredSchemas,
  registeredTags,
} from './registry.ts';

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, unknown>> };

const COMPONENT_PREFIX = '#/components/schemas/';
const INLINE_PREFIX = '__inline_';

const HEADERS: Record<HeaderName, { description: string; schema: JsonSchema }> = {
  'RateLimit-Limit': { description: 'Cota da janela atual (inteiro ≥ 1).', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requisições restantes na janela (inteiro ≥ 0).', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Segundos até a janela virar (inteiro ≥ 1).', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Policy': {
    description: 'Campo estruturado (RFC 9651): item com o nome da política e os parâmetros `q` (cota) e `w` (janela em segundos), ex.: `"v1";q=120;w=60`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'Campo estruturado: o mesmo item com `r` (restantes) e `t` (segundos até virar), ex.: `"v1";r=119;t=60`. Os mesmos números dos cabeçalhos RateLimit-*.',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Segundos a esperar antes de repetir (inteiro ≥ 1).', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': {
    description: 'Desafio Bearer com `resource_metadata` (URL de /.well-known/oauth-protected-resource) e `scope`.',
    schema: { type: 'string' },
  },
  'X-Sandbox': { description: 'Sempre `true` nas respostas do sandbox.', schema: { type: 'string', const: 'true' } },
  Allow: { description: 'Métodos aceitos pela rota.', schema: { type: 'string' } },
  Deprecation: {
    description: 'Só em rotas depreciadas (nenhuma hoje): data do anúncio como data estruturada (RFC 9745), ex.: `@1798761600`.',
    schema: { type: 'string', pattern: '^@-?[0-9]+$' },
  },
  Sunset: { description: 'Só em rotas depreciadas: data da remoção (RFC 8594, HTTP-date).', schema: { type: 'string' } },
  'Idempotency-Replayed': { description: '`true` quando a resposta é a repetição da primeira com a mesma Idempotency-Key.', schema: { type: 'string', const: 'true' } },
  'Idempotency-Status': { description: '`unsupported` quando não há armazenamento para a idempotência.', schema: { type: 'string', const: 'unsupported' } },
};

/**
 * Adjusts zod's output where it is wrong or ill-read: drops `additionalProperties: false` of non-strict
 * objects, and rewrites closed tuples. zod turns `z.tuple([...])` into `prefixItems` plus `items: false`,
 * even for `z.tuple([])`, whose `prefixItems: []` JSON Schema 2020-12 forbids (the array must not be empty):
 * an empty tuple becomes `maxItems: 0` with no `prefixItems`, and `items: false` becomes the equivalent
 * `{ not: {} }`, which Spectral's `array-items` (a truthiness check) accepts.
 */
function overrideSchema(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string; catchall?: unknown } } })._zod?.def;
  const schema = ctx.jsonSchema;
  // Responses may gain fields (compatible change): only strict objects forbid unknown members.
  if (def?.type === 'object' && def.catchall === undefined && schema.additionalProperties === false) {
    delete schema.additionalProperties;
  }
  if (def?.type === 'tuple') {
    if (Array.isArray(schema.prefixItems) && schema.prefixItems.length === 0) {
      delete schema.prefixItems;
      schema.maxItems = 0;
    }
    if (schema.items === false) schema.items = { not: {} };
  }
}

function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

function convertInline(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return clean(z.toJSONSchema(schema, { io, unrepresentable: 'any', override: overrideSchema }) as JsonSchema);
}

/** Every `$ref` target in a JSON value. */
function refsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.add(v);
      else refsIn(v, out);
    }
  }
  return out;
}

/** Converts the named schemas and the bodies used by the operations in one pass (shared `$ref`s). */
function convertSchemas(operations: readonly OperationSpec[]) {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of registeredSchemas()) registry.add(schema, { id });
  const inlineIds = new Map<z.ZodType, string>();
  const bodies = operations.flatMap((o) => [
    ...Object.values(o.requestBody?.content ?? {}),
    ...Object.values(o.responses).flatMap((r) => Object.values(r.content ?? {})),
  ]);
  for (const schema of bodies) {
    if (registry.has(schema) || inlineIds.has(schema)) continue;
    const id = `${INLINE_PREFIX}${inlineIds.size + 1}`;
    inlineIds.set(schema, id);
    registry.add(schema, { id });
  }
  const converted = z.toJSONSchema(registry, {
    uri: (id) => `${COMPONENT_PREFIX}${id}`,
    unrepresentable: 'any',
    override: overrideSchema,
  }).schemas as Record<string, JsonSchema>;

  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(converted)) if (!id.startsWith(INLINE_PREFIX)) components[id] = clean(schema);
  // An anonymous body referenced from a named schema must stay a component; the others are inlined.
  const referenced = refsIn(components);
  const inline = new Map<string, JsonSchema>();
  for (const id of inlineIds.values()) {
    if (referenced.has(`${COMPONENT_PREFIX}${id}`)) {
      components[id] = clean(converted[id]!);
      inline.set(id, { $ref: `${COMPONENT_PREFIX}${id}` });
    } else inline.set(id, clean(converted[id]!));
  }
  const bodySchema = (schema: z.ZodType): JsonSchema => {
    const named = registry.get(schema)?.id;
    if (named && !named.startsWith(INLINE_PREFIX)) return { $ref: `${COMPONENT_PREFIX}${named}` };
    return inline.get(inlineIds.get(schema)!)!;
  };
  return { components, bodySchema };
}

function parameter(p: ParameterSpec): JsonSchema {
  return {
    name: p.name,
    in: p.in,
    ...(p.required || p.in === 'path' ? { required: true } : {}),
    description: p.description,
    schema: convertInline(p.schema, 'input'),
    ...(p.example !== undefined ? { example: p.example } : {}),
  };
}

function security(operation: OperationSpec): JsonSchema[] {
  switch (operation.security.kind) {
    case 'open':
      return [];
    case 'optional':
      return [{}, { bearer: [] }];
    case 'scope':
      return [{ bearer: [operation.security.scope] }];
  }
}

const DESCRIPTION = `API REST pública e somente leitura (v1) sobre o conteúdo da Sinal Cognitivo: páginas em markdown, busca por palavras-chave, catálogo de soluções, preços públicos e leituras registradas de prontidão técnica de domínios.

**Autenticação** (grátis, sem conta, em duas chamadas; detalhes em /auth.md): \`POST /agent/identity\` com \`{"type":"anonymous"}\` devolve a \`identity_assertion\` (24 h); \`POST /agent/token\` com \`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer\` e \`assertion\` devolve o \`access_token\` (1 h). Envie \`Authorization: Bearer <access_token>\`. Sem token válido, as rotas /api/v1/... respondem 401 com \`WWW-Authenticate\` e um corpo com \`auth\` e \`sandbox\`.

**Sandbox**: as mesmas rotas sob /api/v1/sandbox/, com dados fixos e sem token (\`X-Sandbox: true\`, \`sandbox: true\`).

**Cotas**: \`v1\` = 120 requisições por 60 s por registration_id; \`v1-public\` = 60 por 60 s por endereço (GET /api, sandbox, /api/ia/leitura). Toda resposta traz \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\`, \`RateLimit-Policy\` e \`RateLimit\`; acima da cota, 429 \`rate_limited\` com \`Retry-After\`.

**Erros**: sempre \`{ error, error_description }\` (um 401 acrescenta \`auth\` e \`sandbox\`). 5xx: espere e repita; 4xx: não repita a mesma requisição.

**Leituras de prontidão** (\`estado\`): \`registrada\` (leitura pontuada), \`ausente\` (nenhuma leitura; \`medirEm\` aponta a página da medição gratuita), \`nao_pontuada\` (a última medição não chegou a resultado confiável; \`motivo\`), \`limite\` (instrumento pausado ou ocupado: 429/503 com \`tentarEm\` e \`Retry-After\`), \`indisponivel\` (armazenamento indisponível: 503). A API nunca mede.

**Versionamento**: /api/versioning.md. Mudanças compatíveis (campos e rotas novos) entram sem aviso: ignore campos desconhecidos.`;

/** The OpenAPI document for `origin` (servers and absolute links). */
export function openapiDocument(origin: string, deprecations: DeprecationTable = DEPRECATIONS): OpenApiDocument {
  const operations = registeredOperations();
  const { components, bodySchema } = convertSchemas(operations);
  const paths: Record<string, Record<string, unknown>> = {};
  const usedTags = new Set<string>();
  const usedHeaders = new Set<HeaderName>();
  for (const op of operations) {
    op.tags.forEach((t) => usedTags.add(t));
    // A route of the deprecation table says so, and every response of it carries Deprecation and Sunset (as the handler sends them).
    const deprecated = deprecationOf(deprecations, op.method.toUpperCase(), op.path) !== undefined;
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      const headers = [...(response.headers ?? []), ...(deprecated ? (['Deprecation', 'Sunset'] as const) : [])];
      headers.forEach((h) => usedHeaders.add(h));
      responses[status] = {
        description: response.description,
        ...(headers.length ? { headers: Object.fromEntries(headers.map((h) => [h, { $ref: `#/components/headers/${h}` }])) } : {}),
        ...(response.content
          ? { content: Object.fromEntries(Object.entries(response.content).map(([type, schema]) => [type, { schema: bodySchema(schema) }])) }
          : {}),
      };
    }
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      ...(deprecated ? { deprecated: true } : {}),
      tags: [...op.tags],
      security: security(op),
      ...(op.parameters?.length ? { parameters: op.parameters.map(parameter) } : {}),
      ...(op.requestBody
        ? {
            requestBody: {
              required: op.requestBody.required,
              ...(op.requestBody.description ? { description: op.requestBody.description } : {}),
              content: Object.fromEntries(Object.entries(op.requestBody.content).map(([type, schema]) => [type, { schema: bodySchema(schema) }])),
            },
          }
        : {}),
      responses,
    };
  }
  const tags = registeredTags();
  return {
    openapi: '3.1.0',
    info: {
      title: API_NAME,
      version: API_VERSION,
      description: DESCRIPTION,
      contact: { email: contactEmail(), url: `${origin}/contato` },
      termsOfService: `${origin}/termos`,
      // The content is the company's (Lei nº 9.610/1998); the terms say how the API may use it.
      license: { name: `Termos de uso: conteúdo © ${SITE_NAME}`, url: `${origin}/termos` },
    },
    externalDocs: { description: 'Visão geral para agentes e desenvolvedores', url: `${origin}/agentes` },
    servers: [{ url: origin, description: 'Este serviço' }],
    tags: [...usedTags].map((name) => ({ name, ...(tags.get(name) ? { description: tags.get(name) } : {}) })),
    paths,
    components: {
      schemas: components,
      // Only the headers some response names (an unreferenced component is dead weight, and linters flag it).
      headers: Object.fromEntries(HEADER_NAMES.filter((h) => usedHeaders.has(h)).map((h) => [h, HEADERS[h]])),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `Token de acesso de POST /agent/token (RFC 7523, JWT-bearer). Escopos: \`site.read\` (páginas, busca, catálogo, preços) e \`prontidao.read\` (leituras de prontidão). Como obter: ${origin}/auth.md`,
        },
      },
    },
  };
}
