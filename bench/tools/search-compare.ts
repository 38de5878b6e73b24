/**
 * The evidence behind docs/search.md: MiniSearch, FlexSearch and Orama against the hand-written engine on our
 * page index: relevance on pt-BR queries with expected results, query latency (p50/p95), index build time at
 * 1,000 and 5,000 synthetic pages, and minified+gzipped bundle size.
 *
 * Only the hand-written engine is a dependency; install the three libraries temporarily to rerun:
 *   npm install --no-save minisearch@^7 flexsearch@^0.8 @orama/orama@^3
 *   npm exec -- node bench/tools/search-compare.ts
 * Libraries that are not installed are skipped.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { siteData } from '../../functions/content/site-data.ts';
import type { IndexEntry } from '../../functions/content/site-data.ts';
import { analyze } from '../../functions/search/analyze.ts';
import { createSearchIndex, loadSearchIndex, serializeSearchIndex } from '../../functions/search/engine.ts';
import { SITE_INDEX_OPTIONS } from '../../functions/search/index.ts';
import { syntheticPages } from '../lib/synthetic.ts';

/** pt-BR queries an agent or visitor would send, with the pages that answer them (any of them counts). */
export const RELEVANCE_QUERIES: readonly { q: string; expected: readonly string[] }[] = [
  { q: 'robots.txt crawlers', expected: ['blog/robots-txt-e-crawlers-de-ia'] },
  { q: 'llms.txt', expected: ['blog/llms-txt-na-pratica'] },
  { q: 'dados estruturados', expected: ['solucoes/dados-estruturados', 'blog/dados-estruturados-em-2026'] },
  { q: 'quanto custa o diagnóstico', expected: ['precos', 'diagnostico-de-visibilidade'] },
  { q: 'migracao de site', expected: ['solucoes/migracao-sem-perda-de-trafego'] },
  { q: 'SEO local', expected: ['solucoes/seo-local', 'objetivos/crescer-na-busca-local'] },
  { q: 'aparecer nos mapas', expected: ['objetivos/crescer-na-busca-local', 'solucoes/seo-local'] },
  { q: 'renderizacao javascript', expected: ['blog/seo-tecnico-e-renderizacao-javascript', 'solucoes/seo-tecnico'] },
  { q: 'LGPD', expected: ['privacidade'] },
  { q: 'citações em IA', expected: ['solucoes/monitoramento-de-citacoes-em-ia', 'blog/medir-presenca-em-respostas-de-ia'] },
  { q: 'treinamento de equipe', expected: ['solucoes/treinamento-de-equipes'] },
  { q: 'medição gratuita', expected: ['diagnostico-de-visibilidade-cognitiva'] },
  { q: 'perguntas frequentes do diagnóstico', expected: ['diagnostico-de-visibilidade/perguntas-frequentes'] },
  { q: 'metodologia', expected: ['diagnostico-de-visibilidade/metodologia'] },
  { q: 'GEO motores generativos', expected: ['solucoes/otimizacao-para-motores-generativos'] },
  { q: 'trafego organico caiu', expected: ['objetivos/recuperar-trafego-organico'] },
  { q: 'termos de uso da API', expected: ['termos'] },
  { q: 'markdown para agentes', expected: ['blog/markdown-para-agentes'] },
  { q: 'MCP', expected: ['agentes', 'solucoes/prontidao-para-agentes'] },
  { q: 'quem somos', expected: ['sobre'] },
  { q: 'como funciona o diagnóstico', expected: ['diagnostico-de-visibilidade/como-funciona'] },
  { q: 'estrategia de conteudo', expected: ['solucoes/estrategia-de-conteudo'] },
  { q: 'vender mais', expected: ['objetivos/vender-mais-pela-busca'] },
  { q: 'o que é visibilidade cognitiva', expected: ['blog/o-que-e-visibilidade-cognitiva'] },
  { q: 'schema.org JSON-LD', expected: ['solucoes/dados-estruturados', 'blog/dados-estruturados-em-2026'] },
  { q: 'otimizaçao', expected: ['solucoes/otimizacao-para-motores-generativos'] },
  { q: 'fontes citadas pelos motores', expected: ['blog/como-motores-generativos-escolhem-fontes'] },
  { q: 'prontidão para agentes', expected: ['solucoes/prontidao-para-agentes', 'objetivos/preparar-o-site-para-agentes'] },
  { q: 'presença da marca em respostas', expected: ['blog/medir-presenca-em-respostas-de-ia', 'solucoes/monitoramento-de-citacoes-em-ia'] },
  { q: 'preparar o site para agentes', expected: ['objetivos/preparar-o-site-para-agentes', 'solucoes/prontidao-para-agentes'] },
];

/**
 * A buyer's short questions on the site search, each with the one page that must come first (the intents of
 * functions/search/intents.ts; tests/unit/search/buyer-queries.test.ts asserts the table on the built site).
 */
export const BUYER_QUERIES: readonly { q: string; first: string }[] = [
  { q: 'quanto custa', first: 'precos' },
  { q: 'quanto custa o diagnóstico', first: 'precos' },
  { q: 'preço', first: 'precos' },
  { q: 'preços', first: 'precos' },
  { q: 'qual o valor', first: 'precos' },
  { q: 'valor do diagnóstico', first: 'precos' },
  { q: 'tabela de preços', first: 'precos' },
  { q: 'quanto custa uma auditoria de SEO', first: 'precos' },
  { q: 'contratar', first: 'contato' },
  { q: 'quero contratar a consultoria', first: 'contato' },
  { q: 'pedir proposta', first: 'contato' },
  { q: 'orçamento', first: 'contato' },
  { q: 'pedir um orçamento de SEO', first: 'contato' },
  { q: 'whatsapp', first: 'contato' },
  { q: 'telefone', first: 'contato' },
  { q: 'número de telefone', first: 'contato' },
  { q: 'falar com um especialista', first: 'contato' },
  // Not a short buyer's question: the ranking as usual.
  { q: 'como contratar uma consultoria de SEO', first: 'blog/como-contratar-consultoria-de-seo' },
  { q: 'preço SEO local', first: 'solucoes/seo-local' },
  { q: 'exemplo de relatório', first: 'diagnostico-de-visibilidade/exemplo-de-relatorio' },
];

interface Engine {
  name: string;
  /** Builds an index; returns a ranked-ids search. */
  build(entries: readonly IndexEntry[]): (q: string, limit: number) => string[];
  /** Serializes an index and loads it back (the "index load" a deployed function would pay). */
  serialize?(entries: readonly IndexEntry[]): Promise<string> | string;
  load?(serialized: string, entries: readonly IndexEntry[]): Promise<unknown> | unknown;
  /** Entry source for the bundle-size measurement. */
  bundleEntry: string;
  /** Only the latency columns (a variant of an engine measured above). */
  latencyOnly?: boolean;
}

const WEIGHTS = { titulo: 4, descricao: 2 };
/** The same analysis for every engine (folding, stop words, light stemming): tokens come out as terms. */
const tokenize = analyze;
const processTerm = (term: string): string => term;

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Imports a library that is not a dependency of the project (installed only to rerun the comparison). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const optional = (name: string): Promise<any> => import(name);

async function engines(): Promise<{ available: Engine[]; missing: string[] }> {
  const available: Engine[] = [
    {
      name: 'escrito à mão (só ranking)',
      // As the site serves it: with the buyers' intents (functions/search/intents.ts).
      build: (entries) => {
        const index = createSearchIndex(entries, SITE_INDEX_OPTIONS);
        return (q, limit) => index.ranked(q, { limite: limit }).map((r) => r.rota);
      },
      serialize: (entries) => JSON.stringify(serializeSearchIndex(entries)),
      load: (serialized, entries) => loadSearchIndex(JSON.parse(serialized), entries, SITE_INDEX_OPTIONS),
      bundleEntry: `import { createSearchIndex } from './functions/search/engine.ts'; globalThis.x = createSearchIndex;`,
    },
  ];
  available.push({
    name: 'escrito à mão (com trechos)',
    build: (entries) => {
      const index = createSearchIndex(entries, SITE_INDEX_OPTIONS);
      return (q, limit) => index.search(q, { limite: limit }).map((r) => r.rota);
    },
    bundleEntry: '',
    latencyOnly: true,
  });
  const missing: string[] = [];
  try {
    const { default: MiniSearch } = await optional('minisearch');
    const options = {
      idField: 'rota',
      fields: ['titulo', 'descricao', 'texto'],
      tokenize,
      processTerm,
      searchOptions: { boost: WEIGHTS, prefix: (term: string) => term.length >= 4, combineWith: 'OR' },
    };
    available.push({
      name: 'MiniSearch 7 (same analysis)',
      build: (entries) => {
        const ms = new MiniSearch(options);
        ms.addAll(entries as IndexEntry[]);
        return (q, limit) => ms.search(q).slice(0, limit).map((r: { id: unknown }) => String(r.id));
      },
      serialize: (entries) => {
        const ms = new MiniSearch(options);
        ms.addAll(entries as IndexEntry[]);
        return JSON.stringify(ms);
      },
      load: (serialized) => MiniSearch.loadJSON(serialized, options),
      bundleEntry: `import MiniSearch from 'minisearch'; globalThis.x = MiniSearch;`,
    });
    available.push({
      name: 'MiniSearch 7 (defaults)',
      build: (entries) => {
        const ms = new MiniSearch({ idField: 'rota', fields: ['titulo', 'descricao', 'texto'], searchOptions: { boost: WEIGHTS, prefix: true } });
        ms.addAll(entries as IndexEntry[]);
        return (q, limit) => ms.search(q).slice(0, limit).map((r: { id: unknown }) => String(r.id));
      },
      bundleEntry: '',
    });
  } catch {
    missing.push('minisearch');
  }
  try {
    const flex = (await optional('flexsearch')) as { default: { Document: new (o: unknown) => FlexDocument } };
    interface FlexDocument {
      add(doc: unknown): void;
      search(q: string, o: { limit: number; suggest?: boolean }): { field: string; result: string[] }[];
    }
    const { Document } = flex.default;
    available.push({
      name: 'FlexSearch 0.8 (same analysis)',
      build: (entries) => {
        const doc = new Document({
          document: { id: 'rota', index: ['titulo', 'descricao', 'texto'] },
          tokenize: 'forward',
          encode: analyze,
        });
        for (const e of entries) doc.add(e);
        // FlexSearch ranks per field and has no cross-field score: fuse the field rankings with the same weights.
        const weight: Record<string, number> = { titulo: 4, descricao: 2, texto: 1 };
        return (q, limit) => {
          const scores = new Map<string, number>();
          for (const { field, result } of doc.search(q, { limit: 50, suggest: true })) {
            result.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + (weight[field] ?? 1) * (1 - rank / 50)));
          }
          return [...scores].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([id]) => id);
        };
      },
      bundleEntry: `import FlexSearch from 'flexsearch'; globalThis.x = FlexSearch.Document;`,
    });
  } catch {
    missing.push('flexsearch');
  }
  try {
    const orama = await optional('@orama/orama');
    const oramaDb = (entries: readonly IndexEntry[]) => {
      const db = orama.create({
        schema: { titulo: 'string', descricao: 'string', texto: 'string' } as const,
        components: { tokenizer: { language: 'portuguese', normalizationCache: new Map(), tokenize: (raw: string) => analyze(raw) } },
      });
      orama.insertMultiple(db, entries.map((e) => ({ id: e.rota, titulo: e.titulo, descricao: e.descricao, texto: e.texto })));
      return db;
    };
    available.push({
      name: 'Orama 3 (same analysis)',
      build: (entries) => {
        const db = oramaDb(entries);
        return (q, limit) => {
          const result = orama.search(db, { term: q, properties: ['titulo', 'descricao', 'texto'], boost: WEIGHTS, limit }) as { hits: { id: string }[] };
          return result.hits.map((h) => h.id);
        };
      },
      serialize: (entries) => JSON.stringify(orama.save(oramaDb(entries))),
      load: (serialized) => {
        const db = oramaDb([]);
        orama.load(db, JSON.parse(serialized));
        return db;
      },
      bundleEntry: `import { create, insertMultiple, search } from '@orama/orama'; globalThis.x = [create, insertMultiple, search];`,
    });
  } catch {
    missing.push('@orama/orama');
  }
  return { available, missing };
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export function relevance(search: (q: string, limit: number) => string[]) {
  let reciprocal = 0;
  let at1 = 0;
  let at3 = 0;
  const misses: string[] = [];
  for (const { q, expected } of RELEVANCE_QUERIES) {
    const ranked = search(q, 10);
    const rank = ranked.findIndex((r) => expected.includes(r));
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (rank === 0) at1++;
    if (rank >= 0 && rank < 3) at3++;
    if (rank !== 0) misses.push(`${q} → ${ranked[0] ?? '(nada)'}${rank > 0 ? ` (esperado em ${rank + 1}º)` : rank < 0 ? ' (esperado fora do top 10)' : ''}`);
  }
  const n = RELEVANCE_QUERIES.length;
  return { mrr: reciprocal / n, at1: at1 / n, at3: at3 / n, misses };
}

function latency(search: (q: string, limit: number) => string[], rounds: number): { p50: number; p95: number } {
  for (const { q } of RELEVANCE_QUERIES) search(q, 8); // warm-up
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const { q } of RELEVANCE_QUERIES) {
      const t0 = performance.now();
      search(q, 8);
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

function buildTime(engine: Engine, entries: readonly IndexEntry[]): number {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    engine.build(entries);
    runs.push(performance.now() - t0);
  }
  return runs.sort((a, b) => a - b)[1]!;
}

async function loadTime(engine: Engine, entries: readonly IndexEntry[]): Promise<number | undefined> {
  if (!engine.serialize || !engine.load) return undefined;
  const serialized = await engine.serialize(entries);
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const t0 = performance.now();
    await engine.load(serialized, entries);
    runs.push(performance.now() - t0);
  }
  return runs.sort((a, b) => a - b)[1]!;
}

async function bundleSize(entry: string): Promise<number | undefined> {
  if (!entry) return undefined;
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
    external: ['worker_threads', 'node:*'],
  });
  return gzipSync(result.outputFiles[0]!.contents).length;
}

const f = (n: number, digits = 2): string => n.toFixed(digits);

export async function compare(): Promise<string> {
  const { available, missing } = await engines();
  const real = siteData.paginas;
  const p1000 = syntheticPages(real, 1_000);
  const p5000 = syntheticPages(real, 5_000);
  const lines = [
    `Páginas reais: ${real.length}; consultas de relevância: ${RELEVANCE_QUERIES.length}; Node ${process.version}.`,
    '',
    '| motor | MRR@10 | acerto@1 | acerto@3 | p50 / p95 (índice real) ms | p50 / p95 (5.000 pág.) ms | construção 1.000 / 5.000 ms | carga serializada 1.000 / 5.000 ms | bundle min+gzip |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const missLines: string[] = [];
  for (const engine of available) {
    const started = performance.now();
    engine.build(real.slice(0, 5)); // warm-up (JIT)
    const search = engine.build(real);
    const small = latency(search, 30);
    const big = latency(engine.build(p5000), 10);
    if (engine.latencyOnly) {
      lines.push(`| ${engine.name} | — | — | — | ${f(small.p50, 3)} / ${f(small.p95, 3)} | ${f(big.p50, 3)} / ${f(big.p95, 3)} | — | — | — |`);
      console.error(`[search-compare] ${engine.name}: ${f((performance.now() - started) / 1000, 1)} s`);
      continue;
    }
    const rel = relevance(search);
    const t1000 = buildTime(engine, p1000);
    const t5000 = buildTime(engine, p5000);
    const l1000 = await loadTime(engine, p1000);
    const l5000 = await loadTime(engine, p5000);
    const size = await bundleSize(engine.bundleEntry);
    lines.push(
      `| ${engine.name} | ${f(rel.mrr, 3)} | ${f(rel.at1 * 100, 0)} % | ${f(rel.at3 * 100, 0)} % | ${f(small.p50, 3)} / ${f(small.p95, 3)} | ${f(big.p50, 3)} / ${f(big.p95, 3)} | ${f(t1000, 0)} / ${f(t5000, 0)} | ${l1000 === undefined ? '—' : `${f(l1000, 0)} / ${f(l5000!, 0)}`} | ${size === undefined ? '—' : `${f(size / 1024, 1)} KB`} |`,
    );
    console.error(`[search-compare] ${engine.name}: ${f((performance.now() - started) / 1000, 1)} s`);
    missLines.push(`- ${engine.name}: ${rel.misses.length ? rel.misses.join('; ') : 'nenhuma'}`);
  }
  lines.push('', 'Consultas cujo primeiro resultado não é o esperado:', ...missLines);
  if (missing.length) lines.push('', `Não instalados (pulados): ${missing.join(', ')}.`);
  return lines.join('\n');
}

if (import.meta.main) console.log(await compare());
