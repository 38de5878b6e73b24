/**
 * The sandbox's fixed data: a handful of pages (real routes of the site, fixed short content), a search
 * index built over them with the same engine as the site's, a small catalogue with the five entry points,
 * the public prices (static content, not storage) and a readiness fixture. Nothing here reads storage, the
 * readiness instrument or the published site: answers are the same on every deploy and every day.
 */
import { createSearchIndex, searchFor } from '../../search/index.ts';
import { type Catalogo, ORIGIN_PLACEHOLDER, withOrigin } from '../../../src/model/site-data.ts';
import { MEASURE_PATH, MEASURE_ROUTE } from '../../../src/model/measurement.ts';
import type { Envelope } from '../../../src/model/reading.ts';
import type { HistoryEntry } from '../../readiness/changes.ts';
import { historyBody } from '../../readiness/read-history.ts';
import type { ReadingHistoryBody } from '../schemas.ts';
import { type ApiData, type PageEntry, createApiData } from '../data.ts';
import { perOrigin } from '../../memo.ts';

/** Fixture URLs are written origin-free, like the site's data, and made for the serving origin by createApiData. */
const FIXTURE_ORIGIN = ORIGIN_PLACEHOLDER;
const LASTMOD = '2026-01-15';

function page(rota: string, secao: string, titulo: string, descricao: string, paragraphs: string[]): PageEntry {
  const texto = paragraphs.join(' ');
  const url = rota === 'index' ? `${FIXTURE_ORIGIN}/` : `${FIXTURE_ORIGIN}/${rota}`;
  const markdown = [`# ${titulo}`, `> ${descricao}`, `URL: ${url}`, `Atualizado em: ${LASTMOD}`, ...paragraphs].join('\n\n') + '\n';
  return { rota, url, titulo, descricao, secao, lastmod: LASTMOD, texto, markdown };
}

export const SANDBOX_PAGES: readonly PageEntry[] = [
  page('index', 'inicio', 'Sinal Cognitivo (sandbox): visibilidade em buscas e em motores generativos', 'Página inicial fixa do sandbox: os mesmos campos da API real, com conteúdo que não muda.', [
    'Este é o conteúdo fixo do sandbox. Ele serve para testar integrações: as respostas têm a mesma forma das rotas reais da API v1 e não mudam entre implantações.',
    'Ajudamos empresas a serem encontradas, entendidas e citadas por buscadores e por motores generativos, com diagnóstico técnico, dados estruturados e preparação do site para agentes.',
  ]),
  page('solucoes', 'solucoes', 'Soluções (sandbox)', 'Lista fixa de soluções para testes de integração.', [
    'Três soluções de exemplo: diagnóstico de visibilidade, SEO técnico e prontidão para agentes.',
    'Cada solução tem prazo, entregáveis e forma de contratação; os valores reais estão em /api/v1/precos.',
  ]),
  page('solucoes/seo-tecnico', 'solucoes', 'SEO técnico (sandbox): rastreamento, indexação e renderização', 'Página fixa de uma solução, para testar rotas com barras.', [
    'Robôs de busca precisam rastrear, renderizar e indexar as páginas. Corrigimos bloqueios no robots.txt, redirecionamentos em cadeia e páginas que dependem de JavaScript para mostrar o conteúdo.',
    'A migração de um site é o momento de maior risco: mapeamos as URLs antigas e novas antes da troca.',
  ]),
  page('blog/llms-txt-na-pratica', 'blog', 'llms.txt na prática (sandbox)', 'Artigo fixo do sandbox sobre o arquivo llms.txt.', [
    'O llms.txt é um arquivo em markdown na raiz do site que apresenta as páginas mais úteis para modelos de linguagem.',
    'Ele não substitui o robots.txt: as regras de rastreamento continuam lá; o llms.txt é um guia de leitura para agentes.',
  ]),
  page(MEASURE_ROUTE, 'diagnostico-de-visibilidade', 'Medição gratuita de prontidão para IA (sandbox)', 'Página fixa da medição gratuita.', [
    'A medição gratuita lê sinais técnicos públicos de um domínio e devolve uma nota de 0 a 100 e um grau de A+ a F.',
    'A API nunca mede: ela só devolve leituras registradas. No sandbox, a leitura é sempre a mesma, com medidoEm nulo.',
  ]),
];

const objetivo = (slug: string, titulo: string, chamada: string, solucoes: string[]) => ({
  slug,
  rota: `objetivos/${slug}`,
  url: `${FIXTURE_ORIGIN}/objetivos/${slug}`,
  titulo: `${titulo} (sandbox)`,
  chamada,
  descricao: `Ponto de entrada fixo do sandbox: ${chamada.toLowerCase()}.`,
  solucoes,
});

const solucao = (slug: string, titulo: string, tipo: string, preco: string, produto: string | null, objetivos: string[]) => ({
  slug,
  rota: `solucoes/${slug}`,
  url: `${FIXTURE_ORIGIN}/solucoes/${slug}`,
  titulo: `${titulo} (sandbox)`,
  descricao: `Solução fixa do sandbox: ${titulo.toLowerCase()}.`,
  resumo: `Resumo fixo de ${titulo.toLowerCase()}, para testes.`,
  tipo,
  paraQuem: ['Equipes que integram agentes à API e precisam de respostas estáveis'],
  entregaveis: ['Relatório de exemplo', 'Plano de ação de exemplo'],
  prazo: '10 dias úteis',
  preco,
  produto,
  comoContratar: 'Exemplo fixo: no serviço real, escreva para o contato publicado no site.',
  objetivos,
});

export const SANDBOX_CATALOGUE: Catalogo = {
  origem: FIXTURE_ORIGIN,
  atualizadoEm: LASTMOD,
  solucoes: [
    solucao('diagnostico-de-visibilidade', 'Diagnóstico de Visibilidade', 'diagnostico', 'R$ 2.900,00 por domínio', 'diagnostico-completo', ['recuperar-trafego-organico']),
    solucao('seo-tecnico', 'SEO técnico', 'implementacao', 'sob proposta', null, ['recuperar-trafego-organico', 'vender-mais-pela-busca']),
    solucao('prontidao-para-agentes', 'Prontidão para agentes', 'implementacao', 'sob proposta', null, ['preparar-o-site-para-agentes', 'aparecer-nas-respostas-de-ia']),
  ],
  objetivos: [
    objetivo('aparecer-nas-respostas-de-ia', 'Aparecer nas respostas de IA', 'Quero aparecer nas respostas de IA', ['prontidao-para-agentes']),
    objetivo('crescer-na-busca-local', 'Crescer na busca local', 'Quero ser encontrado por quem está perto', ['seo-tecnico']),
    objetivo('preparar-o-site-para-agentes', 'Preparar o site para agentes', 'Quero preparar o site para agentes', ['prontidao-para-agentes']),
    objetivo('recuperar-trafego-organico', 'Recuperar o tráfego orgânico', 'Quero recuperar o tráfego que perdi', ['diagnostico-de-visibilidade', 'seo-tecnico']),
    objetivo('vender-mais-pela-busca', 'Vender mais pela busca', 'Quero vender mais pela busca', ['seo-tecnico']),
  ],
};

const sandboxSearch = createSearchIndex(SANDBOX_PAGES);
/** The sandbox's data for the serving origin. */
export const sandboxApiData = perOrigin(
  (origin): ApiData =>
    createApiData({
      origin,
      pages: withOrigin(SANDBOX_PAGES, origin),
      search: searchFor(sandboxSearch, origin),
      catalogo: withOrigin(SANDBOX_CATALOGUE, origin),
      sandbox: true,
    }),
);

/** The readiness fixture: the requested (normalized) domain, a fixed scored reading, `medidoEm: null`. */
export function sandboxReading(dominio: string, origin: string): Envelope {
  return {
    dominio,
    estado: 'registrada',
    nota: 72,
    grau: 'B-',
    camadas: [
      {
        id: 'acesso',
        nome: 'Acesso de robôs',
        nota: 90,
        verificacoes: [
          { id: 'robots-txt-valido', nome: 'robots.txt válido e acessível', status: 'passou', peso: 5, pontos: 5, detalhe: 'Exemplo fixo do sandbox: robots.txt respondeu 200 e é interpretável.' },
          { id: 'robos-ia-liberados', nome: 'Robôs de IA não bloqueados', status: 'parcial', peso: 5, pontos: 4, detalhe: 'Exemplo fixo do sandbox: um robô de IA está bloqueado.' },
        ],
      },
      {
        id: 'descoberta',
        nome: 'Descoberta por agentes',
        nota: 50,
        verificacoes: [
          { id: 'llms-txt-valido', nome: 'llms.txt presente e no formato', status: 'falhou', peso: 4, pontos: 0, detalhe: 'Exemplo fixo do sandbox: /llms.txt respondeu 404.' },
          { id: 'sitemap-xml', nome: 'sitemap.xml declarado e válido', status: 'passou', peso: 4, pontos: 4, detalhe: 'Exemplo fixo do sandbox: sitemap com 120 URLs.' },
        ],
      },
    ],
    lacunas: [
      {
        verificacao: 'llms-txt-valido',
        camada: 'descoberta',
        severidade: 'media',
        titulo: 'Falta o llms.txt',
        porque: 'Agentes usam o llms.txt para achar as páginas mais úteis sem rastrear o site inteiro.',
        comoCorrigir: 'Publique /llms.txt em markdown com um título, um resumo e listas de links para as páginas principais.',
        referencia: 'https://llmstxt.org/',
      },
    ],
    medidoEm: null,
    medirEm: `${origin}${MEASURE_PATH}`,
    sandbox: true,
  };
}

/** The history fixture's readings: fixed dates, the checks of the reading fixture, one that got worse. */
const SANDBOX_HISTORY: readonly HistoryEntry[] = [
  ['2026-01-01T12:00:00.000Z', 80, 'B+', 'passou'],
  ['2026-01-08T12:00:00.000Z', 80, 'B+', 'passou'],
  ['2026-01-15T12:00:00.000Z', 72, 'B-', 'parcial'],
].map(([medidoEm, nota, grau, robos]) => ({
  medidoEm: medidoEm as string,
  estado: 'registrada',
  nota: nota as number,
  grau: grau as HistoryEntry['grau'],
  metodo: 'sandbox00001',
  verificacoes: {
    'robots-txt-valido': { status: 'passou', versao: 1 },
    'robos-ia-liberados': { status: robos as 'passou' | 'parcial', versao: 1 },
    'llms-txt-valido': { status: 'falhou', versao: 1 },
    'sitemap-xml': { status: 'passou', versao: 1 },
  },
}));

/** The history fixture: the requested (normalized) domain, three fixed readings and what changed between them. */
export function sandboxHistory(dominio: string, origin: string): ReadingHistoryBody {
  return { ...historyBody(dominio, SANDBOX_HISTORY, origin), sandbox: true };
}
