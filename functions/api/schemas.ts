/**
 * zod schemas of the v1 API: the parameters the handlers validate and the bodies they answer with, made of the
 * shared resource schemas (src/model/resources.ts). The OpenAPI document is generated from these very schemas
 * (./operations.ts names them). No data imports here: this module also runs in the Astro build, before
 * `.generated/` exists.
 */
import { z } from 'zod';
import {
  isoDay,
  objectiveSchema,
  pageSchema as resourcePageSchema,
  pageSummarySchema,
  pricesSchema,
  productSchema,
  searchResultSchema,
  solutionSchema,
} from '../../src/model/resources.ts';
import { MAX_QUERY_LENGTH, MAX_ROUTE_LENGTH, PAGE_LIST_ITEMS, SEARCH_RESULTS } from '../../src/model/search.ts';
import { ESTADOS, GRAUS, STATUS_VERIFICACAO, envelopeSchema } from '../../src/model/reading.ts';

/** The resources the bodies are made of (declared once, in src/model/resources.ts). */
export { objectiveSchema, pageSummarySchema, productSchema, searchResultSchema, solutionSchema };

// ---------------------------------------------------------------- parameters

/** The search bounds (declared once, in src/model/search.ts). */
export { MAX_QUERY_LENGTH, MAX_ROUTE_LENGTH };

export const pageListLimitSchema = z
  .int()
  .min(PAGE_LIST_ITEMS.min)
  .max(PAGE_LIST_ITEMS.max)
  .default(PAGE_LIST_ITEMS.default)
  .describe(`Itens por página (${PAGE_LIST_ITEMS.min} a ${PAGE_LIST_ITEMS.max}; padrão ${PAGE_LIST_ITEMS.default}).`);
export const searchLimitSchema = z
  .int()
  .min(SEARCH_RESULTS.min)
  .max(SEARCH_RESULTS.max)
  .default(SEARCH_RESULTS.default)
  .describe(`Máximo de resultados (${SEARCH_RESULTS.min} a ${SEARCH_RESULTS.max}; padrão ${SEARCH_RESULTS.default}).`);

/** A cursor is the base64url (no padding) of the decimal start index, exactly as `proximo` gives it. */
export const cursorSchema = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('Índice inicial em base64url, copiado de `proximo` da página anterior. Ausente = do início.');

export const querySchema = z
  .string()
  .trim()
  .min(1, 'o parâmetro q não pode ser vazio')
  .max(MAX_QUERY_LENGTH, `o parâmetro q aceita no máximo ${MAX_QUERY_LENGTH} caracteres`)
  .describe(`Palavras-chave (busca lexical; sem ranking semântico). Obrigatório, 1 a ${MAX_QUERY_LENGTH} caracteres, não só espaços.`);

export const routeParamSchema = z
  .string()
  .min(1)
  .max(MAX_ROUTE_LENGTH)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f\\]*$/, 'a rota não pode ter caracteres de controle nem barras invertidas')
  .regex(/^(?!(?:.*\/)?\.\.?(?:\/|$))/, 'segmentos `.` e `..` não são aceitos na rota')
  .describe(
    'Rota da página sem barra inicial; pode conter barras (ex.: `solucoes/seo-tecnico`), enviadas como estão ou codificadas como `%2F` ' +
      '(`solucoes%2Fseo-tecnico`): a resposta é a mesma. A página inicial é `index`. Só rotas do índice de busca; outras dão 404. ' +
      '`..`, `.`, barras invertidas ou valores longos demais dão 400.',
  );

export const domainParamSchema = z
  .string()
  .min(1)
  .max(253)
  .describe('Domínio do site, sem esquema, caminho nem porta (ex.: `exemplo.com.br`). Nomes internacionalizados são aceitos.');

// ---------------------------------------------------------------- bodies

const sandboxFlag = z.literal(true).optional().describe('Presente (e `true`) só nas respostas do sandbox.');

export const pageListSchema = z
    .object({
      limite: z.int().min(PAGE_LIST_ITEMS.min).max(PAGE_LIST_ITEMS.max).describe('Itens por página usados.'),
      cursor: z.string().optional().describe('O cursor recebido, como enviado (ausente na primeira página).'),
      total: z.int().min(0).describe('Total de páginas do índice.'),
      proximo: z.string().optional().describe('Cursor da próxima página; ausente na última.'),
      paginas: z.array(pageSummarySchema),
      sandbox: sandboxFlag,
    })
    .describe('Uma página da lista de páginas (paginação por cursor).');

export const pageSchema = resourcePageSchema.extend({ sandbox: sandboxFlag }).describe(resourcePageSchema.description ?? '');

export const searchResponseSchema = z
    .object({
      q: z.string().describe('A consulta, como recebida (sem espaços nas pontas).'),
      limite: z.int().min(SEARCH_RESULTS.min).max(SEARCH_RESULTS.max),
      total: z.int().min(0).describe('Quantidade de resultados nesta resposta.'),
      resultados: z.array(searchResultSchema).describe('Do mais para o menos relevante.'),
      sandbox: sandboxFlag,
    })
    .describe('Resultado da busca por palavras-chave em título, descrição e texto (pesos por campo; sem acento e sem caixa).');

export const solutionsResponseSchema = z
    .object({
      atualizadoEm: isoDay,
      solucoes: z.array(solutionSchema).describe('O catálogo de soluções.'),
      objetivos: z.array(objectiveSchema).describe('Os cinco pontos de entrada por objetivo de negócio.'),
      sandbox: sandboxFlag,
    })
    .describe('Catálogo de soluções e pontos de entrada por objetivo, com URLs absolutas.');

export const pricesResponseSchema = pricesSchema.extend({ sandbox: sandboxFlag }).describe(pricesSchema.description ?? '');

export const endpointSchema = z.object({
  metodo: z.string().describe('Método HTTP.'),
  caminho: z.string().describe('Caminho (modelo OpenAPI, ex.: `/api/v1/paginas/{rota}`).'),
  escopo: z.string().describe('Escopo exigido; vazio nas rotas abertas.'),
  descricao: z.string(),
});

export const deprecationSchema = z
    .object({
      metodo: z.string(),
      caminho: z.string().describe('Rota depreciada.'),
      anunciadoEm: z.iso.datetime().describe('Data do anúncio (a mesma do cabeçalho `Deprecation`).'),
      removidoEm: z.iso.datetime().describe('Data da remoção (a mesma do cabeçalho `Sunset`); ao menos 90 dias depois do anúncio.'),
      substituto: z.string().describe('Rota que a substitui.'),
    })
    .describe('Uma rota depreciada.');

const indexShape = {
  nome: z.string(),
  versao: z.string().describe('Versão da API (`1.0.0`).'),
  documentacao: z.url().describe('Visão geral para desenvolvedores e agentes.'),
  openapi: z.url(),
  auth: z.url().describe('Documento de autenticação (/auth.md).'),
  versionamento: z.url().describe('Política de versionamento (/api/versioning.md).'),
  sandbox: z.url().describe('URL do sandbox (no corpo do próprio sandbox este campo é `true`: a marca de sandbox).'),
  endpoints: z.array(endpointSchema),
  escopos: z.record(z.string(), z.string()).describe('Nome do escopo → o que ele permite.'),
  politicaVersao: z.string(),
  deprecacao: z.array(deprecationSchema).optional().describe('Presente só quando alguma rota está depreciada (nenhuma hoje).'),
};

export const apiIndexSchema = z.object(indexShape).describe('Índice público da API (`GET /api`).');

export const sandboxTokenSchema = z
    .object({
      necessario: z.literal(false).describe('O sandbox não exige token.'),
      url: z.url().describe('Raiz do sandbox.'),
      instrucoes: z.string(),
    })
    .describe(
      'Como usar o sandbox: ele dispensa token; se um Bearer for enviado, é validado e ecoado em `registrado_como`. ' +
        'Tokens emitidos em ambientes de pré-visualização (`sandbox: true`) só valem sob /api/v1/sandbox/.',
    );

export const authenticatedIndexSchema = z
    .object({
      ...indexShape,
      sandbox: z.union([z.url(), z.literal(true)]).describe('URL do sandbox; `true` no corpo do próprio sandbox.'),
      registrado_como: z
        .string()
        .nullable()
        .describe('O `registration_id` (sub) do token; null no sandbox quando nenhum Bearer foi enviado.'),
      sandbox_token: sandboxTokenSchema,
    })
    .describe('Índice autenticado (`GET /api/v1/`): o índice público mais `registrado_como` e `sandbox_token`.');

/** The readiness envelope as documented: the `estado` values and what each means. */
export const ESTADO_DESCRIPTIONS: Record<(typeof ESTADOS)[number], string> = {
  registrada: 'há leitura pontuada registrada (200): `nota`, `grau`, `camadas`, `lacunas`, `medidoEm`.',
  ausente: 'não há leitura registrada para o domínio (200): `nota`/`grau` null e `medirEm` com a página da medição gratuita.',
  nao_pontuada:
    'a última medição não chegou a um resultado confiável (site fora do ar, desafio anti-robô, resposta inválida) (200): `motivo` diz por quê; sem `nota`/`grau`.',
  limite: 'o instrumento de leitura está pausado ou ocupado (429, ou 503): `tentarEm` e o cabeçalho `Retry-After`.',
  indisponivel: 'o armazenamento das leituras falhou (503): `tentarEm` e `Retry-After`.',
};

export const readingEnvelopeSchema = envelopeSchema
    .extend({
      estado: envelopeSchema.shape.estado.describe(
        `Estado da leitura. ${Object.entries(ESTADO_DESCRIPTIONS)
          .map(([k, v]) => `\`${k}\`: ${v}`)
          .join(' ')} Transições: uma medição nova na página de medição substitui a leitura (\`ausente\` → \`registrada\` ou \`nao_pontuada\`, e entre essas duas); \`limite\` e \`indisponivel\` são respostas momentâneas, não estados guardados.`,
      ),
    })
    .describe('Envelope da leitura de prontidão técnica registrada de um domínio (nunca mede).');

const grauOrNull = z.enum(GRAUS).nullable();
const statusOrNull = z.enum(STATUS_VERIFICACAO).nullable();

export const historyReadingSchema = z
  .object({
    medidoEm: z.iso.datetime({ offset: true }).describe('momento da medição (ISO 8601)'),
    estado: z.enum(['registrada', 'nao_pontuada']),
    nota: z.int().min(0).max(100).nullable().describe('null numa leitura sem nota (`nao_pontuada`)'),
    grau: grauOrNull,
    revisaoDoMetodo: z.string().nullable().describe('a revisão do método que pontuou a leitura; null nas leituras anteriores a este registro'),
    verificacoes: z
      .array(z.object({ id: z.string(), status: z.enum(STATUS_VERIFICACAO), versao: z.int().min(1).describe('a versão da verificação nesta leitura') }))
      .describe('o resultado de cada verificação (vazio numa leitura sem nota)'),
  })
  .describe('Uma leitura guardada no histórico: o resultado, sem os textos (que só a última leitura guarda).');

export const historyChangeSchema = z
  .object({
    de: z.iso.datetime({ offset: true }).describe('`medidoEm` da leitura anterior'),
    para: z.iso.datetime({ offset: true }).describe('`medidoEm` da leitura seguinte'),
    nota: z.object({ de: z.int().nullable(), para: z.int().nullable() }),
    grau: z.object({ de: grauOrNull, para: grauOrNull }),
    estado: z.object({ de: z.enum(['registrada', 'nao_pontuada']), para: z.enum(['registrada', 'nao_pontuada']) }),
    metodoMudou: z.boolean().describe('a revisão do método difere entre as duas leituras: parte da diferença de nota pode vir do método'),
    piorou: z.boolean().describe('uma regressão: o grau caiu, uma verificação piorou ou o site deixou de ter nota'),
    verificacoes: z
      .array(
        z.object({
          id: z.string(),
          nome: z.string(),
          de: statusOrNull.describe('null: a verificação não existia na leitura anterior'),
          para: statusOrNull.describe('null: a verificação saiu do método'),
          sentido: z.enum(['piorou', 'melhorou', 'mudou']).describe('`mudou`: de ou para `nao_se_aplica`, ou a verificação entrou ou saiu do método'),
          causa: z
            .enum(['site', 'verificacao', 'metodo'])
            .describe('`site`: mesma verificação, mesma versão, resultado diferente; `verificacao`: a verificação foi revista entre as leituras; `metodo`: a verificação entrou ou saiu do método'),
          versao: z.object({ de: z.int(), para: z.int() }).optional().describe('as revisões da verificação, quando diferem'),
        }),
      )
      .describe('as verificações que mudaram de resultado, as que pioraram primeiro'),
  })
  .describe('O que mudou entre duas leituras consecutivas.');

export const readingHistorySchema = z
  .object({
    dominio: z.string(),
    estado: z
      .enum(['registrada', 'ausente', 'limite', 'indisponivel'])
      .describe(
        '`registrada`: há leituras (200); `ausente`: nenhuma leitura registrada (200, listas vazias, `medirEm`); `limite`: o instrumento está pausado ou ocupado (429, ou 503, com `tentarEm`); `indisponivel`: o armazenamento falhou (503, com `tentarEm`).',
      ),
    limite: z.int().describe('quantas leituras o histórico guarda por domínio (as mais recentes)'),
    leituras: z.array(historyReadingSchema).describe('as leituras guardadas, da mais antiga à mais recente'),
    mudancas: z.array(historyChangeSchema).describe('o que mudou entre leituras consecutivas (só onde algo mudou), da mais antiga à mais recente'),
    tentarEm: z.iso.datetime().optional().describe('quando tentar de novo (`limite`, `indisponivel`)'),
    medirEm: z.url().optional().describe('página onde a medição gratuita é feita'),
    sandbox: sandboxFlag,
  })
  .describe('O histórico das leituras registradas de um domínio e o que mudou entre elas (nunca mede).');

export type ReadingHistoryBody = z.infer<typeof readingHistorySchema>;
export type { PageSummary } from '../../src/model/resources.ts';
export type PageBody = z.infer<typeof pageSchema>;
export type PageListBody = z.infer<typeof pageListSchema>;
export type SearchResponseBody = z.infer<typeof searchResponseSchema>;
export type SolutionsBody = z.infer<typeof solutionsResponseSchema>;
export type PricesBody = z.infer<typeof pricesResponseSchema>;
export type ApiIndexBody = z.infer<typeof apiIndexSchema>;
export type AuthenticatedIndexBody = z.infer<typeof authenticatedIndexSchema>;
export type Deprecation = z.infer<typeof deprecationSchema>;
export type Endpoint = z.infer<typeof endpointSchema>;
