/** The public prices, read from content/precos.json and validated once. */
import raw from '../../content/precos.json' with { type: 'json' };
import { type Precos, type Produto, precosSchema } from './content.ts';
import type { Prices, ProductView } from './resources.ts';
import { parseOrThrow } from './validation.ts';

export const PRICES_FILE = 'content/precos.json';

let cached: Precos | undefined;
export const loadPrices = (): Precos => (cached ??= parseOrThrow(precosSchema, raw, PRICES_FILE));

export const findProduct = (id: string): Produto | undefined => loadPrices().produtos.find((p) => p.id === id);

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatBRL = (value: number): string => brl.format(value);

/** The "a partir de" price of a project on proposal (content/precos.json `sobProposta.aPartirDe`), when the firm published one. */
export const startingPrice = (solucao: string): number | undefined => loadPrices().sobProposta.aPartirDe?.[solucao];

/** Price as shown everywhere (pages, /pricing.md, API, MCP): "R$ 2.900,00 por domínio" or "Gratuito". */
export const priceLabel = (product: Produto): string =>
  product.preco === 0 ? 'Gratuito' : `${formatBRL(product.preco)} ${product.unidade}`;

const orList = new Intl.ListFormat('pt-BR', { type: 'disjunction' });

/** The title of the payment terms, wherever they are shown (page, twin, /pricing.md). */
export const PAYMENT_TITLE = 'Pagamento e nota fiscal';

/** The payment and invoicing terms as labelled lines: the page renders them as a list, the markdown as bullets. */
export interface PaymentTerm {
  rotulo: string;
  valor: string;
}
export const paymentTerms = (pagamento: Precos['pagamento'] = loadPrices().pagamento): PaymentTerm[] => [
  { rotulo: 'Formas de pagamento', valor: orList.format(pagamento.formas) },
  { rotulo: 'Vencimento', valor: pagamento.vencimento },
  { rotulo: 'Nota fiscal', valor: pagamento.notaFiscal },
];

/** The payment terms as a markdown section (the /precos twin and /pricing.md). */
export const paymentMarkdown = (terms: readonly PaymentTerm[] = paymentTerms(), level = '##'): string =>
  `${level} ${PAYMENT_TITLE}\n\n${terms.map((t) => `- ${t.rotulo}: ${t.valor}`).join('\n')}`;

/** A product as the API (`/api/v1/precos`) and MCP (`get_pricing`) return it, with absolute URLs. */
export const productView = (p: Produto, origin: string): ProductView => ({
  id: p.id,
  nome: p.nome,
  tipo: p.tipo,
  preco: p.preco,
  precoFormatado: priceLabel(p),
  unidade: p.unidade,
  descricao: p.descricao,
  inclui: p.inclui,
  prazo: p.prazo,
  url: `${origin}/${p.rota}`,
  comoContratar: p.comoContratar,
});

/** The prices body from content/precos.json (the same data as /pricing.md). */
export function pricesBody(origin: string): Prices {
  const precos = loadPrices();
  return {
    moeda: precos.moeda,
    atualizadoEm: precos.atualizadoEm.toISOString().slice(0, 10),
    fonte: `${origin}/pricing.md`,
    produtos: precos.produtos.map((p) => productView(p, origin)),
    pagamento: precos.pagamento,
    sobProposta: { descricao: precos.sobProposta.descricao, url: `${origin}/${precos.sobProposta.rota}` },
  };
}
