/**
 * Facts shown both on the HTML pages and in the markdown twins, derived once from the content
 * (so the two renderings cannot drift apart).
 */
import { findProduct, loadPrices, priceLabel } from '../model/prices.ts';
import type { Produto } from '../model/content.ts';
import type { SiteModel, SitePage } from './site.ts';

type Solution = Extract<SitePage, { kind: 'solucao' }>;
type Objective = Extract<SitePage, { kind: 'objetivo' }>;

export const TIPO_LABEL: Record<string, string> = {
  diagnostico: 'Diagnóstico',
  consultoria: 'Consultoria',
  implementacao: 'Implementação',
  conteudo: 'Conteúdo',
  treinamento: 'Treinamento',
};

export { priceLabel };

/** Price text of a solution: the public price of its product, or "sob proposta". */
export const solutionPrice = (s: Solution): string => {
  const id = s.entry.data.preco;
  const product = id === 'sob-proposta' ? undefined : findProduct(id);
  return product ? priceLabel(product) : 'Sob proposta';
};

export const solutionFacts = (s: Solution): { rotulo: string; valor: string | string[] }[] => [
  { rotulo: 'Tipo', valor: TIPO_LABEL[s.entry.data.tipo] ?? s.entry.data.tipo },
  { rotulo: 'Para quem', valor: s.entry.data.paraQuem },
  { rotulo: 'O que entregamos', valor: s.entry.data.entregaveis },
  { rotulo: 'Prazo', valor: s.entry.data.prazo },
  { rotulo: 'Investimento', valor: solutionPrice(s) },
  { rotulo: 'Como contratar', valor: s.entry.data.comoContratar },
];

export const solutionsOf = (o: Objective, model: SiteModel): Solution[] =>
  o.entry.data.solucoes.map((slug) => model.solucoes.find((s) => s.entry.id === slug)).filter((s): s is Solution => !!s);

export const objectivesOf = (s: Solution, model: SiteModel): Objective[] =>
  model.objetivos.filter((o) => o.entry.data.solucoes.includes(s.entry.id));

export interface PriceRow {
  produto: Produto;
  preco: string;
}
export const priceRows = (): PriceRow[] => loadPrices().produtos.map((produto) => ({ produto, preco: priceLabel(produto) }));
