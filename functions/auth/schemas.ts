/**
 * zod schemas of the agent authentication routes: the handler validates with them and the OpenAPI document
 * describes the routes with them (request bodies, responses, discovery metadata).
 */
import { z } from 'zod';
import { JWT_BEARER_GRANT, SCOPES, SCOPE_STRING } from './tokens.ts';

export const IDENTITY_TYPES = ['anonymous', 'identity_assertion', 'service_auth'] as const;

export const identityRequestSchema = z
  .object({
    type: z.string().describe('Tipo de identidade. Só `anonymous` é suportado; `identity_assertion` e `service_auth` respondem 400.'),
  })
  .loose()
  .describe('Corpo de POST /agent/identity (JSON, no máximo 4 KB).')
  .meta({ examples: [{ type: 'anonymous' }] });

const scopeList = z.array(z.enum(SCOPES)).describe(`Escopos: ${SCOPES.map((scope) => `\`${scope}\``).join(' e ')}.`);

export const registrationSchema = z
  .object({
    registration_id: z.string().regex(/^reg_[A-Za-z0-9_-]{20}$/).describe('`reg_` + 20 caracteres base64url aleatórios; vira o `sub` de todo token derivado.'),
    registration_type: z.literal('anonymous'),
    identity_assertion: z.string().describe('JWT compacto (HS256) assinado pelo serviço; vale 24 h.'),
    assertion_expires: z.iso.datetime().describe('Instante ISO 8601 em que a asserção expira (24 h após a emissão).'),
    pre_claim_scopes: scopeList,
    post_claim_scopes: scopeList,
    scopes: scopeList,
  })
  .describe('Registro anônimo de agente.');

export const tokenRequestSchema = z
  .object({
    grant_type: z.string().describe(`Obrigatório: \`${JWT_BEARER_GRANT}\` (RFC 7523).`),
    assertion: z.string().optional().describe('A `identity_assertion` recebida de POST /agent/identity.'),
    resource: z.string().optional().describe('Opcional; se enviado, exatamente `{base_url}/api/v1/` (com a barra final).'),
  })
  .loose()
  .describe('Corpo de POST /agent/token: formulário (`application/x-www-form-urlencoded`) ou JSON, no máximo 64 KB.');

export const tokenResponseSchema = z
  .object({
    access_token: z.string().describe('JWT (HS256) com `typ` = `access`; vale 1 h.'),
    token_type: z.literal('Bearer'),
    expires_in: z.literal(3600).describe('Segundos de validade.'),
    scope: z.string().describe(`Escopos separados por espaço: \`${SCOPE_STRING}\`.`),
  })
  .describe('Token de acesso (cabeçalhos `Cache-Control: no-store` e `Pragma: no-cache`).');

export const protectedResourceMetadataSchema = z
  .object({
    resource: z.url(),
    authorization_servers: z.array(z.url()).min(1),
    scopes_supported: z.array(z.enum(SCOPES)),
    bearer_methods_supported: z.tuple([z.literal('header')]),
    sandbox: z.url().describe('Sandbox: as mesmas rotas com dados fixos, sem token.'),
    resource_name: z.string().optional(),
    resource_documentation: z.url().optional(),
  })
  .describe('Metadados de recurso protegido (RFC 9728).');

export const agentAuthSchema = z
  .strictObject({
    skill: z.url().describe('Documento de autenticação para agentes (/auth.md).'),
    identity_endpoint: z.url(),
    identity_types_supported: z.tuple([z.literal('anonymous')]),
    events_supported: z.tuple([]),
  })
  .describe('Bloco de registro de agentes: só identidade anônima, sem eventos, sem reivindicação nem revogação.');

export const authorizationServerMetadataSchema = z
  .object({
    issuer: z.url(),
    token_endpoint: z.url(),
    grant_types_supported: z.tuple([z.literal(JWT_BEARER_GRANT)]),
    token_endpoint_auth_methods_supported: z.tuple([z.literal('none')]),
    response_types_supported: z.tuple([]),
    scopes_supported: z.array(z.enum(SCOPES)).optional(),
    service_documentation: z.url().optional(),
    agent_auth: agentAuthSchema,
  })
  .describe('Metadados de servidor de autorização (RFC 8414).');

export type Registration = z.infer<typeof registrationSchema>;
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
export type ProtectedResourceMetadata = z.infer<typeof protectedResourceMetadataSchema>;
export type AuthorizationServerMetadata = z.infer<typeof authorizationServerMetadataSchema>;
