/**
 * The resources the site publishes, one zod schema each: a page of the index, a search result, a solution and
 * an objective of the catalogue, a priced product. The build data (./site-data.ts types), the API
 * (functions/api/schemas.ts, and so the OpenAPI document), the MCP tools and the sandbox fixtures all use these
 * schemas or the types inferred from them (`z.infer`), so a field is declared once. Pure: importable from the
 * Astro build, the functions and the tests.
 */
import { z } from 'zod';
import { tiposDeSolucao } from './content.ts';

/** A calendar day, `AAAA-MM-DD`. */
export const isoDay = z.iso.date().describe('Data AAAA-MM-DD.');

/** A page of the public index, without its text (`/api/v1/paginas`). */
export const pageSummarySchema = z
  .object({
    rota: z.string().describe('Rota sem barra inicial; a página inicial é `index`.'),
    url: z.url().describe('URL absoluta da página.'),
    titulo: z.string(),
    descricao: z.string(),
    secao: z.string().describe('Seção do site (ex.: `solucoes`, `blog`, `institucional`).'),
    lastmod: isoDay.describe('Última modificação (AAAA-MM-DD).'),
  })
  .describe('Entrada do índice de páginas.');

/** A page of the search index (`/agentes/indice.json`): the summary plus the page's plain text. */
export const indexEntrySchema = pageSummarySchema.extend({
  texto: z.string().describe('Texto simples da página (sem título nem descrição).'),
});

/** A complete page: the summary plus its markdown twin. */
export const pageSchema = pageSummarySchema
  .extend({
    markdown: z.string().describe('A página inteira em markdown (o mesmo conteúdo do gêmeo `.md`).'),
    markdownUrl: z.url().describe('URL do gêmeo markdown da página (`<rota>.md`; `/index.md` para a inicial).'),
  })
  .describe('Página completa: metadados e markdown.');

/** One result of the lexical search. */
export const searchResultSchema = z
  .object({
    rota: z.string(),
    url: z.url(),
    titulo: z.string(),
    descricao: z.string(),
    secao: z.string(),
    pontuacao: z.number().min(0).describe('Relevância (maior é melhor); comparável só dentro da mesma lista.'),
    trecho: z.string().describe('Trecho do texto em torno da melhor ocorrência dos termos (com `…` onde foi cortado).'),
  })
  .describe('Um resultado da busca lexical.');

/** A solution of the public catalogue (`/agentes/catalogo.json`). */
export const solutionSchema = z.object({
  slug: z.string(),
  rota: z.string(),
  url: z.url(),
  titulo: z.string(),
  descricao: z.string(),
  resumo: z.string(),
  tipo: z.string().describe(`Natureza do serviço: ${tiposDeSolucao.map((t) => `\`${t}\``).join(', ')}.`),
  paraQuem: z.array(z.string()),
  entregaveis: z.array(z.string()),
  prazo: z.string(),
  preco: z.string().describe('Preço público formatado ou `Sob proposta`.'),
  produto: z.string().nullable().describe('Id do produto com preço público (ver /api/v1/precos), ou null.'),
  comoContratar: z.string(),
  objetivos: z.array(z.string()).describe('Slugs dos objetivos de negócio atendidos.'),
});

/** An entry point by business objective. */
export const objectiveSchema = z
  .object({
    slug: z.string(),
    rota: z.string(),
    url: z.url(),
    titulo: z.string(),
    chamada: z.string().describe('Frase curta do ponto de entrada (ex.: “Quero aparecer nas respostas de IA”).'),
    descricao: z.string(),
    solucoes: z.array(z.string()).describe('Slugs das soluções indicadas, na ordem recomendada.'),
  })
  .describe('Ponto de entrada por objetivo de negócio.');

/** The public catalogue as the build bundles it. */
export const catalogueSchema = z.object({
  origem: z.url(),
  atualizadoEm: isoDay,
  solucoes: z.array(solutionSchema),
  objetivos: z.array(objectiveSchema),
});

/** A product with a public price, as the API and the MCP tools return it (`productView`, ./prices.ts). */
export const productSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.enum(['pago', 'gratuito']),
  preco: z.number().min(0).describe('Valor em reais (BRL); 0 no produto gratuito.'),
  precoFormatado: z
    .string()
    .describe('O preço como aparece no site e em /pricing.md: valor em pt-BR com a unidade (ex.: `R$ 2.900,00 por domínio`) ou `Gratuito`.'),
  unidade: z.string(),
  descricao: z.string(),
  inclui: z.array(z.string()),
  prazo: z.string(),
  url: z.url().describe('Página do produto.'),
  comoContratar: z.string(),
});

/** Payment and invoicing terms (content/precos.json `pagamento`). */
export const paymentSchema = z
  .object({
    formas: z.array(z.string()).describe('Formas de pagamento aceitas (ex.: Pix, boleto bancário, cartão de crédito).'),
    vencimento: z.string().describe('Quando o pagamento vence e em quantas parcelas.'),
    notaFiscal: z.string().describe('A nota fiscal emitida (nota fiscal de serviço eletrônica).'),
  })
  .describe('Condições de pagamento e faturamento.');

/** The public prices (content/precos.json, the same data as /pricing.md), with absolute URLs. */
export const pricesSchema = z
  .object({
    moeda: z.literal('BRL'),
    atualizadoEm: isoDay,
    fonte: z.url().describe('O mesmo conteúdo em markdown: /pricing.md.'),
    produtos: z.array(productSchema).describe('Produtos com preço público: um pago e um gratuito.'),
    pagamento: paymentSchema.optional(),
    sobProposta: z
      .object({ descricao: z.string(), url: z.url().describe('Página de contato para pedir proposta.') })
      .describe('Os demais serviços: orçados sob proposta.'),
  })
  .describe('Preços públicos (os mesmos dados de /pricing.md).');

export type PageSummary = z.infer<typeof pageSummarySchema>;
export type IndexEntry = z.infer<typeof indexEntrySchema>;
export type Page = z.infer<typeof pageSchema>;
export type SearchResult = z.infer<typeof searchResultSchema>;
export type CatalogoSolucao = z.infer<typeof solutionSchema>;
export type CatalogoObjetivo = z.infer<typeof objectiveSchema>;
export type Catalogo = z.infer<typeof catalogueSchema>;
export type ProductView = z.infer<typeof productSchema>;
export type Prices = z.infer<typeof pricesSchema>;
export type Payment = z.infer<typeof paymentSchema>;
