/**
 * Facts shown both on the HTML pages and in the markdown twins, derived once from the content
 * (so the two renderings cannot drift apart).
 */
import { findProduct, formatBRL, loadPrices, priceLabel, startingPrice } from '../model/prices.ts';
import type { Produto } from '../model/content.ts';
import { labelOf } from '../layouts/trail.ts';
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

/** Price text of a solution: the public price of its product, or "sob proposta" (with its "a partir de" price when there is one). */
export const solutionPrice = (s: Solution): string => {
  const id = s.entry.data.preco;
  const product = id === 'sob-proposta' ? undefined : findProduct(id);
  if (product) return priceLabel(product);
  const from = startingPrice(s.entry.id);
  return from ? `Sob proposta, a partir de ${formatBRL(from)}` : 'Sob proposta';
};

/** A project's "a partir de" price, as the prices page, its twin and /pricing.md list it. */
export interface StartingPrice {
  nome: string;
  path: string;
  valor: number;
  /** "a partir de R$ 4.500,00". */
  preco: string;
}

/** The projects whose "a partir de" price the firm published, cheapest first (none: an empty list, and nothing is shown). */
export const startingPrices = (model: SiteModel): StartingPrice[] =>
  model.solucoes
    .flatMap((s) => {
      const valor = s.entry.data.preco === 'sob-proposta' ? startingPrice(s.entry.id) : undefined;
      return valor ? [{ nome: labelOf(s), path: s.path, valor, preco: `a partir de ${formatBRL(valor)}` }] : [];
    })
    .sort((a, b) => a.valor - b.valor || a.nome.localeCompare(b.nome, 'pt-BR'));

/** The title of the starting prices, wherever they are listed. */
export const STARTING_PRICES_TITLE = 'Valores de partida dos projetos';

/** The starting prices as a markdown paragraph and list ('' when there is none). */
export const startingPricesMarkdown = (list: readonly StartingPrice[], origin: string): string =>
  list.length ? `${STARTING_PRICES_TITLE}:\n\n${list.map((p) => `- [${p.nome}](${origin}${p.path}): ${p.preco}`).join('\n')}` : '';

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
