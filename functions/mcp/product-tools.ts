/**
 * Tools of the product MCP server (`POST /mcp`): the recorded readiness reading, the site search, pages,
 * the catalogue, prices and how to hire. Read-only; every tool reads the published site data, the shared
 * search and the recorded readings through its `ToolSources` (never a copy of its own).
 */
import type { CatalogoSolucao, SiteData } from '../../src/model/site-data.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { PAGE_ALIASES } from '../../src/model/aliases.ts';
import { tiposDeSolucao, type Produto } from '../../src/model/content.ts';
import { type HirePath, MCP_TOOLS, type SearchHit } from '../../src/model/mcp.ts';
import { loadPrices, pricesBody, productView } from '../../src/model/prices.ts';
import { twinUrl } from '../../src/model/routes.ts';
import { QUOTED_DATA_NOTE, type ToolSources, type ToolDefinition, dataResult, defineTool, foldText, quoted, toolError } from './registry.ts';

/** Where the free measurement is made (contract: the API and the tools never measure). */
import { MEASURE_PATH as MEASURE_PAGE } from '../../src/model/measurement.ts';

export { MEASURE_PAGE };

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** Accepts a route, a root-relative path, an absolute URL, a `.md` twin or an alias; returns the route. */
export function routeOf(input: string): string {
  let path = input.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      /* keep as typed */
    }
  }
  path = path.split(/[?#]/)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    /* keep as typed */
  }
  path = path.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.(md|html)$/i, '').toLowerCase();
  if (path === '' || path === 'index') return 'index';
  const alias = PAGE_ALIASES[`/${path}`];
  return alias ? alias.replace(/^\//, '') || 'index' : path;
}

/** The search results of the tools: the shared engine's hits with the twin's address (scores rounded). */
export function searchHits(context: ToolSources, consulta: string, limite: number, secoes?: readonly string[]) {
  return context.search.search(consulta, { limite, ...(secoes ? { secoes } : {}) }).map((r) => ({
    rota: r.rota,
    url: r.url,
    markdown: twinUrl(context.origin, r.rota),
    titulo: r.titulo,
    descricao: r.descricao,
    secao: r.secao,
    pontuacao: Math.round(r.pontuacao * 1000) / 1000,
    trecho: r.trecho,
  }));
}

/** The page of the published data that a route, path, URL, twin or alias names, if any. */
export const findPage = (context: ToolSources, input: string): SiteData['paginas'][number] | undefined => {
  const route = routeOf(input);
  return context.data.paginas.find((p) => p.rota === route);
};

const hitsText = (hits: SearchHit[]): string =>
  hits.map((h, i) => `${i + 1}. ${h.titulo}\n   ${h.url} (markdown: ${h.markdown})\n   ${h.descricao}${h.trecho ? `\n   Trecho: ${h.trecho}` : ''}`).join('\n');

type ProductMatch =
  | { kind: 'produto'; produto: Produto; solucao?: CatalogoSolucao }
  | { kind: 'sob-proposta'; solucao: CatalogoSolucao }
  | { kind: 'nenhum' };

/** A product id, a product page route, a solution slug or route, or part of a name. */
export function matchProduct(input: string, data: SiteData): ProductMatch {
  const produtos = loadPrices().produtos;
  const route = routeOf(input);
  const key = foldText(input);
  const byProduct = produtos.find((p) => p.id === key || p.rota === route);
  if (byProduct) return { kind: 'produto', produto: byProduct };
  const solutions = data.catalogo.solucoes;
  const solution =
    solutions.find((s) => s.slug === key || s.rota === route || `solucoes/${key}` === s.rota) ??
    (key.length >= 3 ? solutions.find((s) => foldText(s.titulo).includes(key)) : undefined);
  const productByName = key.length >= 3 ? produtos.find((p) => foldText(p.nome).includes(key)) : undefined;
  if (solution) {
    const produto = solution.produto ? produtos.find((p) => p.id === solution.produto) : undefined;
    return produto ? { kind: 'produto', produto, solucao: solution } : { kind: 'sob-proposta', solucao: solution };
  }
  if (productByName) return { kind: 'produto', produto: productByName };
  return { kind: 'nenhum' };
}

const knownProducts = (data: SiteData): string =>
  `Produtos com preço público: ${loadPrices()
    .produtos.map((p) => p.id)
    .join(', ')}. Soluções do catálogo: ${data.catalogo.solucoes.map((s) => s.slug).join(', ')}.`;

// ---------------------------------------------------------------------------------------------------------
// Tools

/**
 * The prose block of `get_readiness_score`. A recorded reason or gap may carry what the measured site sent (a
 * `Location` value, a canonical href, robots lines): it reaches the model quoted, as data, with a note that
 * says so.
 */
function readingText(e: Envelope & { ausente: boolean }): string {
  if (e.ausente) return `Não há leitura registrada de ${e.dominio}. A medição gratuita é feita na página ${e.medirEm} (a API e estas ferramentas nunca medem).`;
  if (e.estado === 'limite' || e.estado === 'indisponivel') {
    const motivo = e.motivo === undefined ? '' : ` Motivo: ${quoted(e.motivo)}.`;
    return `A leitura de ${e.dominio} não pôde ser consultada agora (${e.estado}).${motivo} Tente de novo em ${e.tentarEm ?? 'alguns instantes'}.`;
  }
  if (e.estado === 'nao_pontuada') {
    return `A última medição de ${e.dominio} (${e.medidoEm}) não chegou a uma nota confiável. Motivo registrado: ${e.motivo === undefined ? 'nenhum' : quoted(e.motivo)}.\n${QUOTED_DATA_NOTE}`;
  }
  const lacunas = e.lacunas.slice(0, 8).map((l) => `- [${l.severidade}] ${quoted(l.titulo)}; como corrigir: ${quoted(l.comoCorrigir)}`);
  return [
    `Leitura registrada de ${e.dominio}: nota ${e.nota}/100, grau ${e.grau}, medida em ${e.medidoEm}.`,
    ...e.camadas.map((c) => `- ${c.nome}: ${c.nota ?? 'não se aplica'}`),
    ...(lacunas.length ? ['Principais lacunas:', ...lacunas, QUOTED_DATA_NOTE] : ['Nenhuma lacuna registrada.']),
  ].join('\n');
}

const getReadinessScore = defineTool(MCP_TOOLS.get_readiness_score, async ({ dominio }, context) => {
  // A pasted address is reduced to its domain by normalizeDomain, as everywhere.
  const outcome = await context.readReading(dominio);
  if (outcome.kind === 'invalid') return toolError(outcome.reason);
  const envelope = outcome.envelope;
  const ausente = envelope.estado === 'ausente';
  const result = { ...envelope, ausente, ...(ausente ? { medirEm: envelope.medirEm ?? `${context.origin}${MEASURE_PAGE}` } : {}) };
  return dataResult(readingText(result), result);
});

const searchSite = defineTool(MCP_TOOLS.search_site, async ({ consulta, limite }, context) => {
  const resultados = searchHits(context, consulta, limite);
  const text = resultados.length
    ? `${resultados.length} resultado(s) para "${consulta}":\n${hitsText(resultados)}\n\nUse get_page com a rota para ler uma página inteira.`
    : `Nenhuma página contém os termos de "${consulta}". Tente palavras mais gerais ou sinônimos; list_services lista o catálogo inteiro.`;
  return dataResult(text, { consulta, total: resultados.length, resultados });
});

const getPage = defineTool(MCP_TOOLS.get_page, async ({ rota }, context) => {
  const page = findPage(context, rota);
  if (!page) {
    const sugestoes = searchHits(context, rota.replace(/[/_.-]+/g, ' '), 3);
    const dica = sugestoes.length ? ` Páginas parecidas: ${sugestoes.map((s) => s.rota).join(', ')}.` : '';
    return toolError(`Página não encontrada: "${rota}". Use a rota sem barra inicial (a página inicial é "index") ou busque com search_site.${dica}`);
  }
  const result = {
    rota: page.rota,
    url: page.url,
    markdownUrl: twinUrl(context.origin, page.rota),
    titulo: page.titulo,
    descricao: page.descricao,
    secao: page.secao,
    lastmod: page.lastmod,
    markdown: page.markdown,
  };
  return dataResult(page.markdown, result);
});

const listServices = defineTool(MCP_TOOLS.list_services, async ({ tipo, termo }, context) => {
  const { solucoes, objetivos } = context.data.catalogo;
  const words = termo ? foldText(termo).split(' ').filter(Boolean) : [];
  const selected = solucoes.filter((s) => {
    if (tipo && s.tipo !== tipo) return false;
    if (!words.length) return true;
    const haystack = foldText([s.slug, s.titulo, s.descricao, s.resumo, ...s.paraQuem, ...s.entregaveis].join(' '));
    return words.every((w) => haystack.includes(w));
  });
  const slugs = new Set(selected.map((s) => s.slug));
  const related = objetivos.filter((o) => o.solucoes.some((s) => slugs.has(s)));
  const text = selected.length
    ? [
        `${selected.length} solução(ões):`,
        ...selected.map((s) => `- ${s.titulo} (${s.tipo}; ${s.preco}; prazo: ${s.prazo})\n  ${s.resumo}\n  ${s.url}`),
        related.length ? `\nObjetivos relacionados: ${related.map((o) => `${o.chamada} (${o.url})`).join('; ')}` : '',
      ].join('\n')
    : `Nenhuma solução encontrada${tipo ? ` do tipo ${tipo}` : ''}${termo ? ` com "${termo}"` : ''}. Tipos disponíveis: ${tiposDeSolucao.join(', ')}.`;
  return dataResult(text.trim(), {
    total: selected.length,
    filtros: { tipo: tipo ?? null, termo: termo ?? null },
    solucoes: selected,
    objetivos: related,
  });
});

const getPricing = defineTool(MCP_TOOLS.get_pricing, async ({ produto }, context) => {
  // The same body as /api/v1/precos.
  const { produtos: all, ...base } = pricesBody(context.origin);
  const { sobProposta } = base;
  let views = all;
  let solucao: { slug: string; titulo: string; preco: string; url: string } | undefined;
  if (produto) {
    const match = matchProduct(produto, context.data);
    if (match.kind === 'nenhum') return toolError(`Produto não encontrado: "${produto}". ${knownProducts(context.data)}`);
    if (match.kind === 'sob-proposta') {
      const s = match.solucao;
      const result = { ...base, produtos: [], solucao: { slug: s.slug, titulo: s.titulo, preco: s.preco, url: s.url } };
      return dataResult(`${s.titulo}: sob proposta. ${sobProposta.descricao} Pedido de proposta: ${sobProposta.url}.`, result);
    }
    views = all.filter((p) => p.id === match.produto.id);
    if (match.solucao) solucao = { slug: match.solucao.slug, titulo: match.solucao.titulo, preco: match.solucao.preco, url: match.solucao.url };
  }
  const text = [
    ...views.map((p) => `${p.nome}: ${p.precoFormatado} (prazo: ${p.prazo}). ${p.url}`),
    produto ? '' : `Demais serviços: sob proposta. ${sobProposta.descricao}`,
    `Fonte: ${base.fonte}`,
  ]
    .filter(Boolean)
    .join('\n');
  return dataResult(text, { ...base, produtos: views, ...(solucao ? { solucao } : {}) });
});

const howToHire = defineTool(MCP_TOOLS.how_to_hire, async ({ produto }, context) => {
  const prices = loadPrices();
  const origin = context.origin;
  const fromProduct = (p: Produto) => {
    const v = productView(p, origin);
    return { id: p.id, nome: p.nome, tipo: p.tipo, preco: v.precoFormatado, prazo: p.prazo, comoContratar: p.comoContratar, url: v.url };
  };
  const onProposal = (s?: CatalogoSolucao) => ({
    id: s?.slug ?? 'sob-proposta',
    nome: s?.titulo ?? 'Demais serviços (implementação, consultoria contínua, conteúdo e treinamento)',
    tipo: 'sob-proposta' as const,
    preco: 'Sob proposta',
    prazo: s?.prazo ?? 'Proposta com valor e cronograma em até 3 dias úteis',
    comoContratar: s ? `${s.comoContratar} ${prices.sobProposta.descricao}` : prices.sobProposta.descricao,
    url: s ? s.url : `${origin}/${prices.sobProposta.rota}`,
  });
  let caminhos: HirePath[];
  if (produto) {
    const match = matchProduct(produto, context.data);
    if (match.kind === 'nenhum') return toolError(`Produto não encontrado: "${produto}". ${knownProducts(context.data)}`);
    caminhos = [match.kind === 'produto' ? fromProduct(match.produto) : onProposal(match.solucao)];
  } else {
    caminhos = [...prices.produtos.map(fromProduct), onProposal()];
  }
  const contato = { email: context.contactEmail, url: `${origin}/${prices.sobProposta.rota}` };
  const text = [
    ...caminhos.map((c) => `${c.nome} (${c.preco}; prazo: ${c.prazo})\n${c.comoContratar}\n${c.url}`),
    `Contato: ${contato.email} · ${contato.url}`,
  ].join('\n\n');
  return dataResult(text, { caminhos, contato });
});

/** The tools of `POST /mcp`, in the order `tools/list` gives them. */
export const PRODUCT_TOOLS: readonly ToolDefinition[] = [getReadinessScore, searchSite, getPage, listServices, getPricing, howToHire];
