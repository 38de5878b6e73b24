/**
 * The operation table of agent authentication (`POST /agent/identity`, `POST /agent/token`) and of its
 * discovery metadata (the well-known files, served statically), from the auth area's own schemas
 * (./schemas.ts). The handler (./handler.ts) finds its routes here. No data imports.
 */
import { z } from 'zod';
import {
  authorizationServerMetadataSchema,
  identityRequestSchema,
  protectedResourceMetadataSchema,
  registrationSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from './schemas.ts';
import { errorSchema } from '../openapi/common.ts';
import { IDENTITY_PATH, TOKEN_PATH } from '../../src/model/paths.ts';
import type { HeaderName, OperationSpec, ResponseSpec, Surface } from '../openapi/spec.ts';

const TAG = 'Autenticação de agentes';
const TAGS = {
  [TAG]:
    'Cadastro anônimo e troca da asserção por um token de acesso (RFC 7523, JWT-bearer), sem conta e sem custo. Veja /auth.md. ' +
    'As duas rotas aceitam `Idempotency-Key` (ASCII visível, até 255 caracteres).',
};

const identityRequest = identityRequestSchema;
const registration = registrationSchema;
const tokenRequest = tokenRequestSchema;
const tokenResponse = tokenResponseSchema;
const protectedResource = protectedResourceMetadataSchema;
const authorizationServer = authorizationServerMetadataSchema;

const json = (schema: z.ZodType) => ({ 'application/json': schema });
const err = (description: string, ...headers: HeaderName[]): ResponseSpec => ({ description, content: json(errorSchema), headers });
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  description:
    'Chave gerada pelo cliente para cada operação nova, por exemplo com `crypto.randomUUID()` (ASCII visível, até 255 caracteres). ' +
    'Vale só para quem a usou: no registro, o mesmo endereço de origem; na troca, a mesma identidade registrada (a da asserção). ' +
    'Mesma chave e mesmo corpo: a primeira resposta volta com `Idempotency-Replayed: true`; ' +
    'mesma chave com outro corpo: 422 `idempotency_key_reuse`. Sem armazenamento: `Idempotency-Status: unsupported`.',
  schema: z.string().min(1).max(255).regex(/^[\x21-\x7e]+$/),
};
const replayHeaders: HeaderName[] = ['Idempotency-Replayed', 'Idempotency-Status'];
const common = {
  '405': err('Método não permitido (`Allow: POST, OPTIONS`).', 'Allow'),
  '422': err('`idempotency_key_reuse`: a mesma `Idempotency-Key` com outro corpo.'),
  '503': err('`server_error`: o segredo de assinatura não está configurado no servidor (ausente ou curto demais).'),
};


const identityOperation: OperationSpec = {
  method: 'post',
  path: IDENTITY_PATH,
  operationId: 'registrarAgente',
  summary: 'Cadastra um agente anonimamente e devolve a identity_assertion (vale 24 h).',
  description:
    'Só `{"type": "anonymous"}` é aceito. `identity_assertion` (ID-JAG) dá 400 `issuer_not_enabled`; `service_auth` dá 400 `service_auth_not_enabled`; ' +
    'tipo ausente ou desconhecido dá 400 `invalid_request`. Corpo JSON de no máximo 4 KB.',
  tags: [TAG],
  security: { kind: 'open' },
  parameters: [idempotencyKey],
  requestBody: { required: true, content: json(identityRequest) },
  responses: {
    '200': { description: 'Registro anônimo.', content: json(registration), headers: replayHeaders },
    '400': err('`invalid_request`, `issuer_not_enabled` ou `service_auth_not_enabled`.'),
    ...common,
    '413': err('`payload_too_large`: corpo acima de 4 KB.'),
    '415': err('`unsupported_media_type`: o corpo deve ser JSON.'),
  },
};

const tokenOperation: OperationSpec = {
  method: 'post',
  path: TOKEN_PATH,
  operationId: 'trocarToken',
  summary: 'Troca a identity_assertion por um access_token (RFC 7523, JWT-bearer; vale 1 h).',
  description:
    'Formulário ou JSON. `grant_type` deve ser `urn:ietf:params:oauth:grant-type:jwt-bearer` (outro: 400 `unsupported_grant_type`); ' +
    '`resource`, se enviado, deve ser exatamente `{base_url}/api/v1/` (senão 400 `invalid_target`); asserção expirada, alterada ou de outra origem: ' +
    '400 `invalid_grant`. A mesma asserção pode ser trocada de novo enquanto vale. Corpo de no máximo 64 KB.',
  tags: [TAG],
  security: { kind: 'open' },
  parameters: [idempotencyKey],
  requestBody: { required: true, content: { 'application/x-www-form-urlencoded': tokenRequest, 'application/json': tokenRequest } },
  responses: {
    '200': { description: 'Token de acesso (`Cache-Control: no-store`, `Pragma: no-cache`).', content: json(tokenResponse), headers: replayHeaders },
    '400': err('`invalid_request`, `invalid_grant`, `unsupported_grant_type` ou `invalid_target`.'),
    ...common,
    '413': err('`payload_too_large`: corpo acima de 64 KB.'),
    '415': err('`unsupported_media_type`: envie formulário ou JSON.'),
  },
};

const metadata = (path: string, operationId: string, summary: string, description: string, schema: z.ZodType): OperationSpec => ({
    method: 'get',
    path,
    operationId,
    summary,
    description: `${description} Arquivo estático e público, com CORS aberto.`,
    tags: [TAG],
    security: { kind: 'open' },
    listed: false,
    responses: {
      '200': { description: 'Metadados.', content: json(schema) },
      // A static file: a well-formed GET always finds it; only a malformed request is refused, before the file is read.
      '4XX': { description: 'Pedido malformado (por exemplo, HTTP/1.1 sem cabeçalho `Host`: 400), recusado antes de chegar ao arquivo.' },
    },
  });

const resourceDescription =
  'Diz qual é o recurso protegido (`{base_url}/api/v1/`), quem emite os tokens (`authorization_servers`), os escopos aceitos, que o token vai no ' +
  'cabeçalho `Authorization` e onde fica o sandbox, que dispensa token.';
const protectedResourceOperation = metadata(
  '/.well-known/oauth-protected-resource',
  'metadadosRecursoProtegido',
  'Metadados do recurso protegido (RFC 9728).',
  `${resourceDescription} É o endereço que o \`WWW-Authenticate\` dos 401 aponta em \`resource_metadata\`.`,
  protectedResource,
);
const protectedResourceV1Operation = metadata(
  '/.well-known/oauth-protected-resource/api/v1',
  'metadadosRecursoProtegidoV1',
  'Metadados do recurso protegido /api/v1/ (RFC 9728).',
  `${resourceDescription} O mesmo documento, no caminho que a RFC 9728 deriva do recurso \`/api/v1\`.`,
  protectedResource,
);
const authorizationServerOperation = metadata(
  '/.well-known/oauth-authorization-server',
  'metadadosServidorAutorizacao',
  'Metadados do servidor de autorização (RFC 8414), com o bloco `agent_auth`.',
  'O `token_endpoint` (POST /agent/token), a única concessão aceita (JWT-bearer, RFC 7523, sem autenticação do cliente) e, em `agent_auth`, ' +
    'como se cadastrar: `identity_endpoint` (POST /agent/identity), só identidade anônima, sem eventos. Nenhum fluxo interativo (`response_types_supported` vazio).',
  authorizationServer,
);

export const AUTH_SURFACE: Surface = {
  tags: TAGS,
  schemas: {
    PedidoIdentidade: identityRequest,
    Registro: registration,
    PedidoToken: tokenRequest,
    Token: tokenResponse,
    MetadadosRecursoProtegido: protectedResource,
    MetadadosServidorAutorizacao: authorizationServer,
  },
  operations: [identityOperation, tokenOperation, protectedResourceOperation, protectedResourceV1Operation, authorizationServerOperation],
};
