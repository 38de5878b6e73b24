/**
 * The API function's operation table (`/api`, v1, sandbox, `/api/ia/leitura`): every operation declared once,
 * with its path, scope, parameters, bodies and descriptions. The router (./router.ts) matches and authorizes
 * from it, the OpenAPI document and `GET /api` list it. The sandbox mounts the very same v1 routes under
 * `/api/v1/sandbox`. No data imports: this runs in the static build.
 */
import { z } from 'zod';
import type { Scope } from '../auth/tokens.ts';
import { MEASURE_PATH } from '../../src/model/measurement.ts';
import { PAGE_LIST_ITEMS, SEARCH_RESULTS } from '../../src/model/search.ts';
import { errorSchema } from '../openapi/common.ts';
import { type HeaderName, type OperationSpec, type ParameterSpec, RATE_LIMIT_HEADERS, type ResponseSpec, type Surface } from '../openapi/spec.ts';
import { API_INDEX, OPEN_READING, SANDBOX, V1 } from '../../src/model/paths.ts';
import {
  apiIndexSchema,
  authenticatedIndexSchema,
  cursorSchema,
  deprecationSchema,
  domainParamSchema,
  objectiveSchema,
  pageListLimitSchema,
  pageListSchema,
  pageSchema,
  pageSummarySchema,
  pricesResponseSchema,
  productSchema,
  querySchema,
  historyChangeSchema,
  historyReadingSchema,
  readingEnvelopeSchema,
  readingHistorySchema,
  routeParamSchema,
  sandboxTokenSchema,
  searchLimitSchema,
  searchResponseSchema,
  searchResultSchema,
  solutionSchema,
  solutionsResponseSchema,
} from './schemas.ts';

const TAG_V1 = 'API v1';
const TAG_SANDBOX = 'Sandbox';
const TAG_OPEN = 'Abertas';
const TAGS: Record<string, string> = {
  [TAG_OPEN]: 'Rotas sem token: o índice da API e a leitura registrada de prontidão (`/api/ia/leitura`). Cota `v1-public` por endereço.',
  [TAG_V1]: 'A API REST v1, somente leitura. Exige `Authorization: Bearer <access_token>` (veja /auth.md). Cota `v1` por registration_id.',
  [TAG_SANDBOX]:
    'As mesmas rotas e formas da v1 sob /api/v1/sandbox, com dados fixos, sem token e sem tocar no armazenamento nem no instrumento de leitura. ' +
    'Toda resposta traz `X-Sandbox: true` e `sandbox: true` no corpo. Cota `v1-public` por endereço.',
};

const json = (schema: z.ZodType): Record<string, z.ZodType> => ({ 'application/json': schema });
const withLimits = (...extra: HeaderName[]): HeaderName[] => [...RATE_LIMIT_HEADERS, ...extra];

const err = (description: string, ...headers: HeaderName[]): ResponseSpec => ({ description, content: json(errorSchema), headers: withLimits(...headers) });

/** Error responses shared by the routes, by status. */
const ERR = {
  '400': err('`invalid_request`: parâmetro fora do formato.'),
  '401': err(
    '`missing_token` (sem Bearer) ou `invalid_token` (expirado, alterado, de outra origem, ou token de pré-visualização fora do sandbox). ' +
      'O corpo traz `auth` e `sandbox`; o cabeçalho `WWW-Authenticate` aponta os metadados do recurso protegido.',
    'WWW-Authenticate',
  ),
  '403': err('`insufficient_scope`: o token não tem o escopo exigido pela rota.', 'WWW-Authenticate'),
  '404': err('`not_found`: rota desconhecida ou página fora do índice.'),
  '405': err('`method_not_allowed`: a API é somente leitura (`Allow: GET, HEAD, OPTIONS`).', 'Allow'),
  '429': err('`rate_limited`: cota excedida; aguarde `Retry-After` segundos.', 'Retry-After'),
} as const;

const readingOrError = z.union([readingEnvelopeSchema, errorSchema]);
const historyOrError = z.union([readingHistorySchema, errorSchema]);

/** A v1 route, mounted under /api/v1 and again under /api/v1/sandbox. */
export interface V1RouteDoc {
  /**
   * Path template relative to the v1 base (`/`, `/paginas`, `/paginas/{rota}`). A literal template also answers
   * with a trailing slash; a template ending in `{param}` takes the rest of the path (slashes included, still
   * percent-encoded) as that parameter.
   */
  relative: string;
  /** The route's id: `v1<id>` and `sandbox<id>` are the operationIds, and the router binds its handler by it. */
  id: string;
  summary: string;
  description: string;
  scope: Scope;
  parameters?: ParameterSpec[];
  body: z.ZodType;
  /** Extra or replaced responses. */
  responses?: Record<string, ResponseSpec>;
  /** What the sandbox answers on this route, when it is not the v1 shapes with fixed data (the readiness routes). */
  sandbox?: string;
}

const limitParam = (schema: z.ZodType, description: string): ParameterSpec => ({ name: 'limite', in: 'query', description, schema });

export const V1_ROUTES = [
  {
    relative: '/',
    id: 'Indice',
    summary: 'Índice autenticado: o índice público mais `registrado_como` e `sandbox_token`.',
    description:
      'As chaves do índice público (GET /api) mais `registrado_como`, o `sub` do token (o registration_id), e `sandbox_token`: ' +
      '`{necessario: false, url, instrucoes}`, pois o sandbox dispensa token.',
    scope: 'site.read',
    body: authenticatedIndexSchema,
  },
  {
    relative: '/paginas',
    id: 'ListarPaginas',
    summary: 'Lista as páginas do índice, com paginação por cursor.',
    description: 'Siga `proximo` (envie-o em `cursor`) até ele faltar. Um cursor que não veio de `proximo`, ou fora do intervalo, dá 400.',
    scope: 'site.read',
    parameters: [
      limitParam(pageListLimitSchema, `Itens por página, ${PAGE_LIST_ITEMS.min} a ${PAGE_LIST_ITEMS.max} (padrão ${PAGE_LIST_ITEMS.default}).`),
      { name: 'cursor', in: 'query', description: 'Índice inicial em base64url, copiado de `proximo`.', schema: cursorSchema, example: 'NTA' },
    ],
    body: pageListSchema,
  },
  {
    relative: '/paginas/{rota}',
    id: 'ObterPagina',
    summary: 'Uma página completa, em markdown, pela rota (pode conter barras; `index` é a inicial).',
    description:
      'Os campos da listagem mais `markdown` (o gêmeo publicado da página) e `markdownUrl`. Só as rotas de /api/v1/paginas. As barras da rota podem ir ' +
      'como estão (`/paginas/solucoes/seo-tecnico`) ou codificadas (`/paginas/solucoes%2Fseo-tecnico`, a forma que um cliente gerado deste documento envia): ' +
      'a resposta é a mesma. Segmentos `.` ou `..` (codificados ou não), barras invertidas, caracteres de controle, codificação percentual malformada ou ' +
      'mais de 256 caracteres: 400; outra rota desconhecida: 404.',
    scope: 'site.read',
    parameters: [{ name: 'rota', in: 'path', required: true, description: routeParamSchema.description ?? '', schema: routeParamSchema, example: 'solucoes/seo-tecnico' }],
    body: pageSchema,
  },
  {
    relative: '/busca',
    id: 'Buscar',
    summary: 'Busca por palavras-chave em título, descrição e texto das páginas (sem ranking semântico).',
    description:
      'Ranking lexical com pesos por campo (título > descrição > texto), sem diferença de caixa nem de acento, com radicalização leve do português ' +
      'e prefixos (termos de 4 letras ou mais também casam palavras que começam com eles). Cada resultado traz um trecho em torno da ocorrência.',
    scope: 'site.read',
    parameters: [
      { name: 'q', in: 'query', required: true, description: querySchema.description ?? '', schema: querySchema, example: 'dados estruturados' },
      limitParam(searchLimitSchema, `Máximo de resultados, ${SEARCH_RESULTS.min} a ${SEARCH_RESULTS.max} (padrão ${SEARCH_RESULTS.default}).`),
    ],
    body: searchResponseSchema,
  },
  {
    relative: '/solucoes',
    id: 'ListarSolucoes',
    summary: 'Catálogo de soluções e os cinco pontos de entrada por objetivo de negócio, com URLs absolutas.',
    description: 'O mesmo catálogo de /agentes/catalogo.json (`solucoes`), os pontos de entrada por objetivo (`objetivos`) e a data da última atualização (`atualizadoEm`).',
    scope: 'site.read',
    body: solutionsResponseSchema,
  },
  {
    relative: '/precos',
    id: 'ListarPrecos',
    summary: 'Preços públicos (os mesmos dados de /pricing.md).',
    description:
      'Valores em reais (`moeda: BRL`): cada produto com `preco` (número; 0 no gratuito), `precoFormatado` como aparece no site e `url` absoluta; ' +
      '`sobProposta` aponta os serviços orçados sob proposta; `fonte` é /pricing.md, o mesmo conteúdo em markdown.',
    scope: 'site.read',
    body: pricesResponseSchema,
  },
  {
    relative: '/prontidao/{dominio}',
    id: 'LerProntidao',
    summary: 'Leitura registrada de prontidão técnica de um domínio (nunca mede; sem leitura, `estado: ausente`).',
    description:
      `Devolve a última leitura registrada pela medição gratuita (feita na página ${MEASURE_PATH}, não pela API). ` +
      'O instrumento de leitura tem uma cota de 8 chamadas por minuto: quando pausado ou ocupado, a resposta é 429 com o envelope ' +
      '(`estado: limite`, `tentarEm`) ou 503; sempre com `Retry-After`. Um 429 com corpo de erro (`rate_limited`) é a cota da API.',
    scope: 'prontidao.read',
    parameters: [{ name: 'dominio', in: 'path', required: true, description: domainParamSchema.description ?? '', schema: domainParamSchema, example: 'exemplo.com.br' }],
    body: readingEnvelopeSchema,
    sandbox: 'Dados fixos: a leitura de exemplo ecoa o domínio pedido (normalizado), com `medidoEm: null`; nunca toca no armazenamento nem no instrumento. ',
    responses: {
      '400': err('`invalid_request`: domínio inválido (com esquema, caminho, porta, IP ou malformado).'),
      '429': {
        description: 'Dois casos, distinguidos pelo corpo: cota da API excedida (corpo de erro `rate_limited`) ou instrumento pausado/ocupado (envelope com `estado: limite` e `tentarEm`).',
        content: json(readingOrError),
        headers: withLimits('Retry-After'),
      },
      '503': {
        description: 'Instrumento ou armazenamento indisponível: envelope (`estado: indisponivel` ou `limite`, com `tentarEm`) ou corpo de erro.',
        content: json(readingOrError),
        headers: withLimits('Retry-After'),
      },
    },
  },
  {
    relative: '/prontidao/{dominio}/historico',
    id: 'LerHistoricoProntidao',
    summary: 'Histórico das leituras registradas de um domínio e o que mudou entre elas (nunca mede).',
    description:
      'Cada leitura registrada do domínio (as 52 mais recentes, da mais antiga à mais recente), com a nota, o grau, a revisão do método e o resultado ' +
      'e a revisão de cada verificação, e o que mudou entre leituras consecutivas: as verificações que viraram e a causa de cada virada ' +
      '(`site`: o site mudou; `verificacao`: a verificação foi revista; `metodo`: a verificação entrou ou saiu do método). As mesmas regras de ' +
      '/prontidao/{dominio}: passa pela cota de 8 chamadas por minuto do instrumento (pausado ou ocupado: 429 com `estado: limite` e `tentarEm`; ' +
      'armazenamento fora: 503), sem leitura `estado: ausente`. Um domínio medido antes do histórico existir tem a sua última leitura como histórico.',
    scope: 'prontidao.read',
    parameters: [{ name: 'dominio', in: 'path', required: true, description: domainParamSchema.description ?? '', schema: domainParamSchema, example: 'exemplo.com.br' }],
    body: readingHistorySchema,
    sandbox: 'Dados fixos: um histórico de exemplo com três leituras (datas fixas) e uma verificação que piorou, para o domínio pedido (normalizado); nunca toca no armazenamento nem no instrumento. ',
    responses: {
      '400': err('`invalid_request`: domínio inválido (com esquema, caminho, porta, IP ou malformado).'),
      '429': {
        description: 'Dois casos, distinguidos pelo corpo: cota da API excedida (corpo de erro `rate_limited`) ou instrumento pausado/ocupado (`estado: limite` e `tentarEm`).',
        content: json(historyOrError),
        headers: withLimits('Retry-After'),
      },
      '503': {
        description: 'Instrumento ou armazenamento indisponível (`estado: indisponivel` ou `limite`, com `tentarEm`) ou corpo de erro.',
        content: json(historyOrError),
        headers: withLimits('Retry-After'),
      },
    },
  },
] as const satisfies readonly V1RouteDoc[];

export type V1RouteId = (typeof V1_ROUTES)[number]['id'];

function v1Operation(route: V1RouteDoc): OperationSpec {
  return {
    method: 'get',
    path: `${V1}${route.relative}`,
    operationId: `v1${route.id}`,
    summary: route.summary,
    description: route.description,
    tags: [TAG_V1],
    security: { kind: 'scope', scope: route.scope },
    parameters: route.parameters,
    responses: {
      '200': { description: 'Sucesso.', content: json(route.body), headers: withLimits() },
      '400': ERR['400'],
      '401': ERR['401'],
      '403': ERR['403'],
      '404': ERR['404'],
      '405': ERR['405'],
      '429': ERR['429'],
      ...route.responses,
    },
  };
}

function sandboxOperation(route: V1RouteDoc): OperationSpec {
  const sandboxHeaders = (...extra: HeaderName[]) => withLimits('X-Sandbox', ...extra);
  const sandboxErr = (spec: ResponseSpec): ResponseSpec => ({ ...spec, headers: [...(spec.headers ?? []), 'X-Sandbox'] });
  const readiness = route.sandbox !== undefined;
  return {
    method: 'get',
    path: `${SANDBOX}${route.relative}`,
    operationId: `sandbox${route.id}`,
    summary: `Sandbox: ${route.summary.charAt(0).toLowerCase()}${route.summary.slice(1)}`,
    description:
      (route.sandbox ?? 'Dados fixos (as mesmas formas da v1), sem token. ') +
      'Um Bearer, se enviado, é validado (401 se inválido) e ecoado em `registrado_como` no índice.',
    tags: [TAG_SANDBOX],
    security: { kind: 'optional' },
    parameters: route.parameters,
    responses: {
      '200': { description: 'Sucesso (dados fixos, `sandbox: true`).', content: json(route.body), headers: sandboxHeaders() },
      '400': sandboxErr(readiness ? err('`invalid_request`: domínio inválido.') : ERR['400']),
      '401': sandboxErr(err('`invalid_token`: só quando um Bearer é enviado e não é válido (sem Bearer, o sandbox responde normalmente).', 'WWW-Authenticate')),
      '404': sandboxErr(ERR['404']),
      '405': sandboxErr(ERR['405']),
      '429': sandboxErr(ERR['429']),
    },
  };
}

/** `GET /api` (also `/api/`): the public index. */
export const PUBLIC_INDEX_OPERATION: OperationSpec = {
  method: 'get',
  path: API_INDEX,
  operationId: 'indicePublico',
  summary: 'Índice público da API: rotas, escopos, documentação e política de versões (sem token; também em /api/).',
  description:
    '`endpoints` lista as operações deste documento (método, caminho, descrição e escopo; vazio nas abertas). ' +
    '`deprecacao` só aparece enquanto alguma rota estiver depreciada. Cota `v1-public` por endereço.',
  tags: [TAG_OPEN],
  security: { kind: 'open' },
  responses: {
    '200': { description: 'O índice (`deprecacao` só aparece quando alguma rota está depreciada).', content: json(apiIndexSchema), headers: withLimits() },
    '405': ERR['405'],
    '429': ERR['429'],
  },
};

/** `GET /api/ia/leitura?site=`: the recorded reading, open. */
export const OPEN_READING_OPERATION: OperationSpec = {
  method: 'get',
  path: OPEN_READING,
  operationId: 'leituraAberta',
  summary: 'Leitura registrada de prontidão de um domínio, sem token (nunca mede).',
  description:
    'O mesmo envelope e as mesmas regras de /api/v1/prontidao/{dominio} (instrumento pausado ou ocupado: 429 ou 503 com `Retry-After` e `tentarEm`), ' +
    'aberto e com a cota `v1-public` por endereço.',
  tags: [TAG_OPEN],
  security: { kind: 'open' },
  parameters: [{ name: 'site', in: 'query', required: true, description: domainParamSchema.description ?? '', schema: domainParamSchema, example: 'exemplo.com.br' }],
  responses: {
    '200': { description: 'Envelope (`registrada`, `nao_pontuada` ou `ausente`).', content: json(readingEnvelopeSchema), headers: withLimits() },
    '400': err('`invalid_request`: `site` ausente ou não é um domínio.'),
    '405': ERR['405'],
    '429': {
      description: 'Cota excedida (corpo de erro `rate_limited`) ou instrumento pausado/ocupado (envelope `estado: limite`).',
      content: json(readingOrError),
      headers: withLimits('Retry-After'),
    },
    '503': { description: 'Instrumento ou armazenamento indisponível (envelope ou erro).', content: json(readingOrError), headers: withLimits('Retry-After') },
  },
};

export const API_SURFACE: Surface = {
  tags: TAGS,
  schemas: {
    PaginaResumo: pageSummarySchema,
    ListaPaginas: pageListSchema,
    Pagina: pageSchema,
    ResultadoBusca: searchResultSchema,
    Busca: searchResponseSchema,
    Solucao: solutionSchema,
    Objetivo: objectiveSchema,
    Solucoes: solutionsResponseSchema,
    Produto: productSchema,
    Precos: pricesResponseSchema,
    Deprecacao: deprecationSchema,
    IndiceApi: apiIndexSchema,
    SandboxToken: sandboxTokenSchema,
    IndiceAutenticado: authenticatedIndexSchema,
    EnvelopeProntidao: readingEnvelopeSchema,
    HistoricoProntidao: readingHistorySchema,
    LeituraDoHistorico: historyReadingSchema,
    MudancaEntreLeituras: historyChangeSchema,
  },
  operations: [PUBLIC_INDEX_OPERATION, ...V1_ROUTES.map(v1Operation), ...V1_ROUTES.map(sandboxOperation), OPEN_READING_OPERATION],
};
