import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { siteData } from '../../../functions/content/site-data.ts';
import type { IndexEntry } from '../../../functions/content/site-data.ts';
import { analyze, analyzeQuery, fold, stem } from '../../../functions/search/analyze.ts';
import { createSearchIndex, loadSearchIndex, serializeSearchIndex, siteSearch } from '../../../functions/search/index.ts';
import { makeSnippet } from '../../../functions/search/snippet.ts';

const entry = (rota: string, titulo: string, descricao: string, texto: string, secao = 'blog'): IndexEntry => ({
  rota,
  url: `https://exemplo.com.br/${rota}`,
  titulo,
  descricao,
  secao,
  lastmod: '2026-01-01',
  texto,
});

describe('análise de texto pt-BR', () => {
  test('dobra caixa e acentos', () => {
    assert.equal(fold('Migração AÇÃO Índice'), 'migracao acao indice');
    assert.equal(fold('plain ascii'), 'plain ascii');
  });

  test('tokens: letras e dígitos depois da dobra; llms.txt vira dois termos', () => {
    assert.deepEqual(analyze('llms.txt'), ['llm', 'txt']);
    assert.deepEqual(analyze('Schema.org em JSON-LD'), ['schem', 'org', 'json', 'ld']);
  });

  test('palavras vazias não viram termos', () => {
    assert.deepEqual(analyze('o que é de para a'), []);
  });

  test('radicalização leve: plural, feminino e vogal final se encontram', () => {
    assert.equal(stem(fold('migrações')), stem(fold('migração')));
    assert.equal(stem('estruturados'), stem('estruturada'));
    assert.equal(stem('motores'), 'motor');
    assert.equal(stem('generativos'), stem('generativa'));
    assert.equal(stem('buscas'), stem('busca'));
  });

  test('acentos decompostos (NFD) casam com os compostos', () => {
    assert.deepEqual(analyze('migrac\u0327a\u0303o'), analyze('migração'));
  });

  test('consulta: termos sem repetição, na ordem', () => {
    assert.deepEqual(analyzeQuery('Dados dados DADOS estruturados'), ['dado', 'estruturad']);
  });
});

describe('ranking', () => {
  const pages = [
    entry('a', 'Guia de robots.txt', 'Como configurar', 'Texto sobre rastreamento e outras coisas.'),
    entry('b', 'Outro assunto', 'Fala de robots.txt na descrição', 'Texto qualquer sem o termo.'),
    entry('c', 'Terceiro', 'Sem relação', 'O arquivo robots.txt aparece aqui no texto, robots.txt duas vezes.'),
    entry('d', 'Migração de sites', 'Trocar de plataforma sem perder tráfego', 'Migrações exigem mapa de redirecionamentos.', 'solucoes'),
    entry('e', 'Dados estruturados', 'Marcação schema.org', 'JSON-LD coerente com o conteúdo visível.', 'solucoes'),
  ];
  const index = createSearchIndex(pages);

  test('peso por campo: título > descrição > texto', () => {
    assert.deepEqual(
      index.search('robots', { limite: 3 }).map((r) => r.rota),
      ['a', 'b', 'c'],
    );
  });

  test('sem diferença de caixa nem de acento', () => {
    const a = index.search('MIGRACAO', { limite: 5 }).map((r) => r.rota);
    const b = index.search('migração', { limite: 5 }).map((r) => r.rota);
    assert.deepEqual(a, ['d']);
    assert.deepEqual(b, a);
  });

  test('prefixo de 4+ letras casa palavras que começam com ele', () => {
    assert.deepEqual(
      index.search('estrut', { limite: 5 }).map((r) => r.rota),
      ['e'],
    );
    // Termos curtos só casam exatamente.
    assert.deepEqual(index.search('rob', { limite: 5 }), []);
  });

  test('páginas com todos os termos vêm antes das que têm só alguns', () => {
    const results = index.search('robots rastreamento', { limite: 5 }).map((r) => r.rota);
    assert.equal(results[0], 'a');
  });

  test('limite, seções e consultas sem termo', () => {
    assert.equal(index.search('robots', { limite: 1 }).length, 1);
    assert.deepEqual(index.search('robots', { limite: 0 }), []);
    assert.deepEqual(index.search('', { limite: 5 }), []);
    assert.deepEqual(index.search('   ', { limite: 5 }), []);
    assert.deepEqual(index.search('de para o', { limite: 5 }), []);
    assert.deepEqual(index.search('inexistentezzz', { limite: 5 }), []);
    assert.deepEqual(
      index.search('migração dados', { limite: 5, secoes: ['solucoes'] }).map((r) => r.secao),
      ['solucoes', 'solucoes'],
    );
    assert.deepEqual(index.search('robots', { limite: 5, secoes: ['solucoes'] }), []);
  });

  test('resultado traz os campos da página, pontuação decrescente e trecho', () => {
    const results = index.search('robots', { limite: 3 });
    for (const r of results) {
      const page = pages.find((p) => p.rota === r.rota)!;
      assert.equal(r.url, page.url);
      assert.equal(r.titulo, page.titulo);
      assert.equal(typeof r.trecho, 'string');
      assert.ok(r.pontuacao > 0);
    }
    assert.ok(results[0]!.pontuacao >= results[1]!.pontuacao && results[1]!.pontuacao >= results[2]!.pontuacao);
  });

  test('ranked: a mesma ordem e pontuação de search, sem montar trechos', () => {
    for (const q of ['robots', 'migração dados', 'estrut']) {
      assert.deepEqual(
        index.ranked(q, { limite: 5 }),
        index.search(q, { limite: 5 }).map(({ rota, pontuacao }) => ({ rota, pontuacao })),
      );
    }
  });

  test('consultas enormes não quebram', () => {
    assert.doesNotThrow(() => index.search('robots '.repeat(5_000), { limite: 5 }));
    assert.doesNotThrow(() => index.search('\u0000\uffff\ud800 %% <script>', { limite: 5 }));
  });
});

describe('trecho', () => {
  const long = `${'Introdução sem nada de especial. '.repeat(20)}Aqui falamos de migração de plataforma com cuidado e de redirecionamentos. ${'Conclusão genérica. '.repeat(20)}`;

  test('janela em torno da ocorrência, cortada em palavras, com reticências', () => {
    const snippet = makeSnippet(long, [{ term: stem('migracao'), prefix: true }]);
    assert.match(snippet, /migração de plataforma/);
    assert.ok(snippet.startsWith('…') && snippet.endsWith('…'));
    assert.ok(snippet.length <= 240, `trecho longo demais: ${snippet.length}`);
  });

  test('sem ocorrência no texto: o começo do texto', () => {
    const snippet = makeSnippet(long, [{ term: 'inexistent', prefix: false }]);
    assert.ok(snippet.startsWith('Introdução'));
  });

  test('texto curto volta inteiro', () => {
    assert.equal(makeSnippet('Curto  e\n simples.', []), 'Curto e simples.');
  });
});

describe('índice serializado', () => {
  test('carregar o serializado dá os mesmos resultados que construir', () => {
    const pages = siteData.paginas;
    const built = createSearchIndex(pages);
    const loaded = loadSearchIndex(JSON.parse(JSON.stringify(serializeSearchIndex(pages))), pages);
    assert.ok(loaded);
    for (const q of ['dados estruturados', 'robots.txt', 'migração', 'otimiz', 'preço diagnóstico']) {
      assert.deepEqual(loaded.search(q, { limite: 8 }), built.search(q, { limite: 8 }), q);
    }
  });

  test('um índice que não corresponde às páginas é recusado', () => {
    const pages = siteData.paginas;
    const serialized = serializeSearchIndex(pages);
    assert.equal(loadSearchIndex(serialized, pages.slice(1)), undefined);
    assert.equal(loadSearchIndex(serialized, [...pages].reverse()), undefined);
    assert.equal(loadSearchIndex({ ...serialized, formato: 1 as never }, pages), undefined);
    assert.equal(loadSearchIndex({ ...serialized, tfs: '' }, pages), undefined);
  });
});

describe('busca do site', () => {
  const search = siteSearch();

  test('cobre todas as páginas do índice', () => {
    assert.equal(search.size, siteData.paginas.length);
  });

  // A few of the relevance queries of docs/search.md (bench/tools/search-compare.ts).
  const expectations: [string, string[]][] = [
    ['dados estruturados', ['solucoes/dados-estruturados', 'blog/dados-estruturados-em-2026']],
    ['robots.txt crawlers', ['blog/robots-txt-e-crawlers-de-ia']],
    ['migracao de site', ['solucoes/migracao-sem-perda-de-trafego']],
    ['LGPD', ['privacidade']],
    ['otimizaçao', ['solucoes/otimizacao-para-motores-generativos']],
  ];
  for (const [q, expected] of expectations) {
    test(`"${q}" traz ${expected[0]} em primeiro`, () => {
      const [first] = search.search(q, { limite: 3 });
      assert.ok(first && expected.includes(first.rota), `${q} → ${first?.rota}`);
      assert.ok(first.trecho.length > 0);
    });
  }
});
