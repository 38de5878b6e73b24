/**
 * Search that answers buyers (issue 20, item 6): synonyms widen a query, intents put the page made for a short
 * buyer's question first (functions/search/intents.ts). Checked on the built site's index against the table of
 * realistic queries of bench/tools/search-compare.ts (`BUYER_QUERIES`, each with its expected first result), and
 * the relevance bench of docs/search.md keeps its hit@1.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUYER_QUERIES, RELEVANCE_QUERIES, relevance } from '../../../bench/tools/search-compare.ts';
import { type IndexEntry, siteData } from '../../../functions/content/site-data.ts';
import { analyze } from '../../../functions/search/analyze.ts';
import { queryTermsOf } from '../../../functions/search/engine.ts';
import { createSearchIndex, siteSearch } from '../../../functions/search/index.ts';
import { BUYER_INTENTS, SYNONYMS, intentsOf } from '../../../functions/search/intents.ts';
import { makeSnippet } from '../../../functions/search/snippet.ts';

const entry = (rota: string, titulo: string, texto: string): IndexEntry => ({
  rota,
  url: `https://exemplo.com.br/${rota}`,
  titulo,
  descricao: `Descrição da página ${titulo}.`,
  secao: 'institucional',
  lastmod: '2026-01-01',
  texto,
});
const terms = (q: string) => queryTermsOf(q).map((t) => t.term);

describe('buyers\' words: synonyms and intents', () => {
  test('synonyms: "custa" also matches "preço" and "valor", at a discount', () => {
    const index = createSearchIndex([
      entry('precos', 'Tabela da consultoria', 'O preço de cada serviço e o valor do diagnóstico.'),
      entry('custos', 'Quanto custa', 'Quanto custa manter um site.'),
      entry('outra', 'Outra página', 'Nada a ver com dinheiro.'),
    ]);
    const ranked = index.ranked('custa', { limite: 5 }).map((r) => r.rota);
    assert.deepEqual(ranked, ['custos', 'precos'], 'the exact word first, then its synonym');
    assert.ok(SYNONYMS.get(analyze('custa')[0]!)?.includes(analyze('preço')[0]!));
  });

  test('a synonym is highlighted like the word typed (the snippet finds "preço" for "custa")', () => {
    const text = `${'Texto sem relação. '.repeat(20)}Aqui está o preço do diagnóstico. ${'Mais texto. '.repeat(20)}`;
    assert.match(makeSnippet(text, queryTermsOf('custa')), /preço do diagnóstico/);
  });

  test('intents: a short buyer\'s question asks them; a how-to question or another subject does not', () => {
    const names = (q: string) => intentsOf(terms(q), q).map((i) => i.nome);
    assert.deepEqual(names('quanto custa o diagnóstico'), ['saber o preço']);
    assert.deepEqual(names('Orçamento'), ['contratar ou pedir uma proposta']);
    assert.deepEqual(names('WhatsApp'), ['falar com a equipe']);
    assert.deepEqual(names('preço whatsapp'), ['saber o preço', 'falar com a equipe']);
    assert.deepEqual(names('como contratar uma consultoria de SEO'), []);
    assert.deepEqual(names('preço SEO local'), []);
    assert.deepEqual(names('dados estruturados'), []);
    assert.deepEqual(names(''), []);
  });

  test('every intent\'s page exists on the site, and the proposal intent offers the form', () => {
    const indexed = new Set(siteData.paginas.map((p) => p.rota));
    for (const rota of BUYER_INTENTS.flatMap((i) => i.rotas)) assert.ok(indexed.has(rota), `${rota} está no índice`);
    assert.match(BUYER_INTENTS.find((i) => i.nome === 'contratar ou pedir uma proposta')?.acao?.href ?? '', /^\/contato\/formulario/);
  });

  for (const { q, first } of BUYER_QUERIES) {
    test(`“${q}” → /${first} first`, () => {
      const ranked = siteSearch().ranked(q, { limite: 5 });
      assert.equal(ranked[0]?.rota, first, ranked.map((r) => r.rota).join(', '));
    });
  }

  test('pinned pages lead with monotonic scores and respect the sections asked for', () => {
    const ranked = siteSearch().ranked('orçamento', { limite: 5 });
    assert.deepEqual(ranked.slice(0, 2).map((r) => r.rota), ['contato', 'precos']);
    for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1]!.pontuacao >= ranked[i]!.pontuacao, `${ranked[i - 1]!.rota} ≥ ${ranked[i]!.rota}`);
    const blogOnly = siteSearch().search('orçamento', { limite: 5, secoes: ['blog'] });
    assert.ok(blogOnly.length > 0 && blogOnly.every((r) => r.secao === 'blog'), blogOnly.map((r) => r.rota).join(', '));
  });

  test(`the relevance bench of docs/search.md keeps its hit@1 (27 of ${RELEVANCE_QUERIES.length} or more)`, () => {
    const result = relevance((q, limit) => siteSearch().ranked(q, { limite: limit }).map((r) => r.rota));
    assert.ok(result.at1 * RELEVANCE_QUERIES.length >= 27, `hit@1 ${result.at1}: ${result.misses.join('; ')}`);
  });
});
