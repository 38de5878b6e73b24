/**
 * `GET /api` (public index) and `GET /api/v1/` (authenticated index: the same fields plus `registrado_como`
 * and `sandbox_token`). `endpoints` lists the operation tables the OpenAPI document is made from
 * (functions/operations.ts), so the index and the OpenAPI file never disagree; `escopos` is the scopes' one
 * declaration; `deprecacao` appears only while the deprecation table has entries.
 */
import { API_NAME, API_VERSION } from '../../../src/config/site.ts';
import { SCOPE_DESCRIPTIONS } from '../../auth/tokens.ts';
import { OPERATIONS } from '../../operations.ts';
import { operationScope } from '../../openapi/spec.ts';
import type { ApiContext } from '../context.ts';
import { DEPRECATIONS, type DeprecationTable, deprecationField } from '../deprecations.ts';
import { json } from '../respond.ts';
import type { ApiIndexBody, AuthenticatedIndexBody, Endpoint } from '../schemas.ts';

export const VERSION_POLICY =
  'A versão é o primeiro segmento depois de /api (hoje v1); não há versão por cabeçalho nem por parâmetro. ' +
  'Mudanças compatíveis entram na mesma versão sem aviso (campo novo, rota nova, valor novo em campo livre, mensagem de erro reescrita): ignore campos desconhecidos. ' +
  'Mudanças incompatíveis só aparecem em /api/v2, e a v1 continua respondendo durante a depreciação. ' +
  'Uma rota depreciada se anuncia pelo cabeçalho Deprecation (RFC 9745), pelo cabeçalho Sunset (RFC 8594) e pelo campo deprecacao deste índice, com ao menos 90 dias entre o anúncio e a remoção. ' +
  'Hoje nenhuma rota está depreciada.';

const ENDPOINTS: Endpoint[] = OPERATIONS.filter((o) => o.listed !== false).map((o) => ({
  metodo: o.method.toUpperCase(),
  caminho: o.path,
  escopo: operationScope(o),
  descricao: o.summary,
}));

export function apiIndex(origin: string, deprecations: DeprecationTable = DEPRECATIONS): ApiIndexBody {
  const deprecacao = deprecationField(deprecations);
  return {
    nome: API_NAME,
    versao: API_VERSION,
    documentacao: `${origin}/agentes`,
    openapi: `${origin}/api/openapi.json`,
    auth: `${origin}/auth.md`,
    versionamento: `${origin}/api/versioning.md`,
    sandbox: `${origin}/api/v1/sandbox/`,
    endpoints: ENDPOINTS,
    escopos: { ...SCOPE_DESCRIPTIONS },
    politicaVersao: VERSION_POLICY,
    ...(deprecacao ? { deprecacao } : {}),
  };
}

export const publicIndex = (ctx: ApiContext): Response => json(apiIndex(ctx.origin, ctx.deprecations));

export function authenticatedIndex(ctx: ApiContext): Response {
  const sandboxUrl = `${ctx.origin}/api/v1/sandbox/`;
  const body: AuthenticatedIndexBody = {
    ...apiIndex(ctx.origin, ctx.deprecations),
    ...(ctx.sandbox ? { sandbox: true as const } : {}),
    registrado_como: ctx.registrationId,
    sandbox_token: {
      necessario: false,
      url: sandboxUrl,
      instrucoes:
        'O sandbox responde às mesmas rotas sob /api/v1/sandbox/ com dados fixos e não exige token. ' +
        'Se você enviar Authorization: Bearer <access_token>, ele é validado e ecoado em registrado_como; ' +
        'tokens emitidos em ambientes de pré-visualização (sandbox: true) só valem ali.',
    },
  };
  return json(body);
}
