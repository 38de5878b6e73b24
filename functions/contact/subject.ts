/**
 * What a lead is about: the `produto` code a call to action puts in the form's link (`contactFormHref`), read
 * back by the form (its "Assunto"), kept in the lead and sent to the webhook. The calls to action name a
 * subject in three ways, all accepted here and brought to one code per subject, so a receiver sees the same
 * code whichever button the visitor pressed:
 *
 * - a product of content/precos.json by its id (the offer after a result: `diagnostico-completo`), or by the
 *   route of its page (the price table and the product's page: `diagnostico-de-visibilidade`) → the product id;
 * - a solution by its slug (`seo-local`) → the slug, or the product id when the solution sells a product
 *   with a public price.
 *
 * Anything else is no subject (the form drops it, never an error).
 */
import { loadPrices } from '../../src/model/prices.ts';
import { siteData } from '../content/site-data.ts';

export interface Subject {
  /** The one code of the subject (a product id or a solution slug). */
  code: string;
  /** Its name, as the form and the webhook message show it. */
  label: string;
}

export function resolveSubject(code: string): Subject | undefined {
  if (!code) return undefined;
  const { produtos } = loadPrices();
  const solution = siteData.catalogo.solucoes.find((s) => s.slug === code);
  const productId = solution?.produto ?? undefined;
  const product = produtos.find((p) => p.id === code) ?? produtos.find((p) => p.rota === code) ?? produtos.find((p) => p.id === productId);
  if (product) return { code: product.id, label: product.nome };
  return solution ? { code: solution.slug, label: solution.titulo } : undefined;
}
