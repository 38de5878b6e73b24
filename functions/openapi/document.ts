/**
 * The OpenAPI 3.1 document, generated from every surface's operation table (functions/operations.ts): paths
 * and operations, parameters, request and response bodies from the handlers' zod schemas (rendered by
 * zod-openapi, which uses zod's own JSON Schema 2020-12 output; choice in docs/api.md), reusable headers and
 * the bearer security scheme. Served statically at /api/openapi.json (src/pages/api/openapi.json.ts).
 */
import { z } from 'zod';
import { type ZodOpenApiOperationObject, type ZodOpenApiPathItemObject, type ZodOpenApiResponseObject, createDocument } from 'zod-openapi';
import { API_NAME, API_VERSION, SITE_NAME, contactEmail } from '../../src/config/site.ts';
import { DEPRECATIONS, type DeprecationTable, deprecationOf } from '../api/deprecations.ts';
import { SCOPE_DESCRIPTIONS } from '../auth/tokens.ts';
import { COMPONENT_SCHEMAS, OPERATIONS, TAGS } from '../operations.ts';
import { HEADER_NAMES, type HeaderName, type OperationSpec, type ParameterSpec } from './spec.ts';

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, unknown>> };


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
 * Adjusts zod's output where it is wrong or ill-read (zod-openapi renders with zod's own `z.toJSONSchema`):
 * drops `additionalProperties: false` of non-strict objects, and rewrites closed tuples. zod turns
 * `z.tuple([...])` into `prefixItems` plus `items: false`, even for `z.tuple([])`, whose `prefixItems: []` JSON
 * Schema 2020-12 forbids (the array must not be empty): an empty tuple becomes `maxItems: 0` with no
 * `prefixItems`, and `items: false` becomes the equivalent `{ not: {} }`, which Spectral's `array-items` (a
 * truthiness check) accepts. Reads only zod's public API (`instanceof`, `def`).
 */
function overrideSchema(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const { zodSchema, jsonSchema: schema } = ctx;
  // Responses may gain fields (compatible change): only strict objects forbid unknown members.
  if (zodSchema instanceof z.ZodObject && zodSchema.def.catchall === undefined && schema.additionalProperties === false) {
    delete schema.additionalProperties;
  }
  if (zodSchema instanceof z.ZodTuple) {
    if (Array.isArray(schema.prefixItems) && schema.prefixItems.length === 0) {
      delete schema.prefixItems;
      schema.maxItems = 0;
    }
    if (schema.items === false) schema.items = { not: {} };
  }
}

/**
 * A parameter as zod-openapi takes it: the handler's schema, with the parameter's metadata (zod-openapi reads
 * `required` from the schema's optionality, so an optional parameter is passed as `.optional()`).
 */
const parameter = (p: ParameterSpec): z.ZodType =>
  (p.required || p.in === 'path' ? p.schema : p.schema.optional()).meta({
    param: {
      name: p.name,
      in: p.in,
      description: p.description,
      ...(p.example !== undefined ? { example: p.example } : {}),
    },
  });

const content = (byType: Record<string, z.ZodType>) => Object.fromEntries(Object.entries(byType).map(([type, schema]) => [type, { schema }]));

function security(operation: OperationSpec): Record<string, string[]>[] {
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

**Cotas**: \`v1\` = 120 requisições por 60 s por registration_id; \`v1-public\` = 60 por 60 s por cliente, um só contador para GET /api, a sandbox e /api/ia/leitura (o endereço transformado em hash; em IPv6, o prefixo /64). Toda resposta traz \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\`, \`RateLimit-Policy\` e \`RateLimit\`; acima da cota, 429 \`rate_limited\` com \`Retry-After\`.

**Erros**: sempre \`{ error, error_description }\` (um 401 acrescenta \`auth\` e \`sandbox\`). 5xx: espere e repita; 4xx: não repita a mesma requisição.

**Leituras de prontidão** (\`estado\`): \`registrada\` (leitura pontuada), \`ausente\` (nenhuma leitura; \`medirEm\` aponta a página da medição gratuita), \`nao_pontuada\` (a última medição não chegou a resultado confiável; \`motivo\`), \`limite\` (instrumento pausado ou ocupado: 429/503 com \`tentarEm\` e \`Retry-After\`), \`indisponivel\` (armazenamento indisponível: 503). A API nunca mede.

**Versionamento**: /api/versioning.md. Mudanças compatíveis (campos e rotas novos) entram sem aviso: ignore campos desconhecidos.`;

/** The OpenAPI document for `origin` (servers and absolute links). */
export function openapiDocument(origin: string, deprecations: DeprecationTable = DEPRECATIONS): OpenApiDocument {
  const paths: Record<string, ZodOpenApiPathItemObject> = {};
  const usedTags = new Set<string>();
  const usedHeaders = new Set<HeaderName>();
  for (const op of OPERATIONS) {
    op.tags.forEach((t) => usedTags.add(t));
    // A route of the deprecation table says so, and every response of it carries Deprecation and Sunset (as the handler sends them).
    const deprecated = deprecationOf(deprecations, op.method.toUpperCase(), op.path) !== undefined;
    const responses: Record<string, ZodOpenApiResponseObject> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      const headers = [...(response.headers ?? []), ...(deprecated ? (['Deprecation', 'Sunset'] as const) : [])];
      headers.forEach((h) => usedHeaders.add(h));
      responses[status] = {
        description: response.description,
        ...(headers.length ? { headers: Object.fromEntries(headers.map((h) => [h, { $ref: `#/components/headers/${h}` }])) } : {}),
        ...(response.content ? { content: content(response.content) } : {}),
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
              content: content(op.requestBody.content),
            },
          }
        : {}),
      responses: responses as ZodOpenApiOperationObject['responses'],
    };
  }
  return createDocument(
    {
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
    tags: [...usedTags].map((name) => ({ name, ...(TAGS.get(name) ? { description: TAGS.get(name) } : {}) })),
    paths,
    components: {
      schemas: Object.fromEntries(COMPONENT_SCHEMAS),
      // Only the headers some response names (an unreferenced component is dead weight, and linters flag it).
      headers: Object.fromEntries(HEADER_NAMES.filter((h) => usedHeaders.has(h)).map((h) => [h, HEADERS[h]])),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `Token de acesso de POST /agent/token (RFC 7523, JWT-bearer). Escopos: ${SCOPE_LIST}. Como obter: ${origin}/auth.md`,
        },
      },
    },
  },
    { override: overrideSchema },
  ) as unknown as OpenApiDocument;
}

/** The scopes as the security scheme describes them, from their one declaration (functions/auth/tokens.ts). */
const SCOPE_LIST = Object.entries(SCOPE_DESCRIPTIONS)
  .map(([scope, description]) => `\`${scope}\` (${description.charAt(0).toLowerCase()}${description.slice(1).replace(/\.$/, '')})`)
  .join('; ');
