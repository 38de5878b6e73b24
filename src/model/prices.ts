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

/** Price as shown everywhere (pages, /pricing.md, API, MCP): "R$ 2.900,00 por domínio" or "Gratuito". */
export const priceLabel = (product: Produto): string =>
  product.preco === 0 ? 'Gratuito' : `${formatBRL(product.preco)} ${product.unidade}`;

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
    sobProposta: { descricao: precos.sobProposta.descricao, url: `${origin}/${precos.sobProposta.rota}` },
  };
}
