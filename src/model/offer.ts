/**
 * The two names of the offer, declared once: the free tool and the paid diagnostic. Their names are content
 * (`nome` in content/precos.json); this module hands them, with their pages and their short menu labels, to the
 * templates, the menu, llms.txt, JSON-LD and the API and MCP texts, so no second spelling can appear.
 */
import type { Produto } from './content.ts';
import { loadPrices } from './prices.ts';

export interface OfferName {
  /** The one name, as people read it ("Medição gratuita de prontidão para IA"). */
  nome: string;
  /** The short label of menus. */
  rotulo: string;
  /** The product's page. */
  path: string;
}

const named = (tipo: Produto['tipo'], rotulo: string): OfferName => {
  const p = loadPrices().produtos.find((x) => x.tipo === tipo)!;
  return { nome: p.nome, rotulo, path: `/${p.rota}` };
};

/** The free tool (the measurement). */
export const FREE_TOOL: OfferName = named('gratuito', 'Medição gratuita');
/** The paid diagnostic. */
export const PAID_DIAGNOSTIC: OfferName = named('pago', 'Diagnóstico');
/**
 * What the paid diagnostic delivers, shown as a worked example on a demonstration domain (a page of its section,
 * content/paginas/diagnostico-de-visibilidade/exemplo-de-relatorio.md); linked wherever the offer is.
 */
export const SAMPLE_REPORT = { path: `${PAID_DIAGNOSTIC.path}/exemplo-de-relatorio`, rotulo: 'Ver um exemplo de relatório' } as const;
