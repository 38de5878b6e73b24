/**
 * Pages with the public prices: the prices page (every product, each an Offer in JSON-LD) and the paid
 * diagnostic's page (its own product; the side of its HTML page shows only that tier).
 */
import { loadPrices, paymentTerms } from '../../model/prices.ts';
import { priceRows, startingPrices } from '../facts.ts';
import type { PageKind, SectionOf } from '../page-model.ts';
import { productService } from '../schema-org.ts';
import type { SiteModel } from '../site.ts';

/** The public prices section (all products, then the "sob proposta" services with their "a partir de" prices, if any). */
export const pricesSection = (model: SiteModel): SectionOf<'precos'> => ({
  tipo: 'precos',
  id: 'h-precos',
  titulo: 'Preços públicos',
  linhas: priceRows(),
  sobProposta: loadPrices().sobProposta,
  aPartirDe: startingPrices(model),
  pagamento: paymentTerms(),
});

/** The paid diagnostic's row. */
export const paidRow = () => priceRows().find((r) => r.produto.tipo === 'pago');

export const precos: PageKind = {
  modelo: 'precos',
  secoes: (_page, model) => [pricesSection(model)],
  jsonLd: () => loadPrices().produtos.map((p) => productService(p)),
};
