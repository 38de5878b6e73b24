/**
 * Content errors, in process: each case breaks one thing in a copy of content/ held in memory and checks the
 * message the build gives an editor (file and field, in pt-BR), with the build's own schemas and site model
 * (tests/helpers/content.ts). tests/integration/content-errors.test.ts proves with real builds that these
 * messages reach the build's output and fail it.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { publicFilesOf } from '../../src/lib/public-files.ts';
import { type ContentFiles, checkContent, readContentFiles } from '../helpers/content.ts';

const ARTICLE = 'content/blog/llms-txt-na-pratica.md';
const SOLUTION = 'content/solucoes/seo-tecnico.md';
const OBJECTIVE = 'content/objetivos/crescer-na-busca-local.md';

let original: ContentFiles;
before(async () => {
  original = readContentFiles(process.cwd());
});

/** `original` with `change` applied to a copy; the change must change something. */
function withChange(change: (files: ContentFiles) => void): ContentFiles {
  const files = new Map(original);
  const before = JSON.stringify([...files]);
  change(files);
  assert.notEqual(JSON.stringify([...files]), before, 'a alteração de teste não mudou nada');
  return files;
}
const edit = (files: ContentFiles, file: string, transform: (text: string) => string) => files.set(file, transform(files.get(file)!));
const setField = (files: ContentFiles, file: string, field: string, line: string | null) =>
  edit(files, file, (text) => text.replace(new RegExp(`^${field}:.*\\n`, 'm'), line === null ? '' : `${line}\n`));
const addField = (files: ContentFiles, file: string, line: string) => edit(files, file, (text) => text.replace(/^---\n/, `---\n${line}\n`));
const editPrices = (files: ContentFiles, change: (prices: { produtos: Record<string, unknown>[] }) => void) =>
  edit(files, 'content/precos.json', (text) => {
    const prices = JSON.parse(text) as { produtos: Record<string, unknown>[] };
    change(prices);
    return JSON.stringify(prices);
  });

function assertFails(files: ContentFiles, ...expected: (string | RegExp)[]): void {
  const { error } = checkContent(files);
  assert.ok(error, 'o conteúdo deveria ser recusado');
  for (const e of expected) assert.ok(typeof e === 'string' ? error.includes(e) : e.test(error), `a mensagem deveria conter ${String(e)}:\n${error}`);
}

describe('erros de conteúdo, em processo', () => {
  test('controle: o conteúdo do repositório passa, com todas as páginas', () => {
    const { model, error } = checkContent(original);
    assert.equal(error, undefined);
    assert.ok(model!.pages.length >= 30);
    assert.ok(model!.byRoute.has('index') && model!.byRoute.has('solucoes/seo-tecnico'));
  });

  test('campo obrigatório ausente no frontmatter de um artigo', () => {
    assertFails(withChange((f) => setField(f, ARTICLE, 'autor', null)), ARTICLE, /autor: campo obrigatório ausente/);
  });

  test('data em formato inválido', () => {
    assertFails(withChange((f) => setField(f, ARTICLE, 'publicadoEm', 'publicadoEm: "9 de junho de 2026"')), ARTICLE, /publicadoEm: deve ser uma data no formato AAAA-MM-DD/);
  });

  test('data impossível (o YAML a transformaria em outra data)', () => {
    assertFails(withChange((f) => setField(f, ARTICLE, 'publicadoEm', 'publicadoEm: 2026-13-01')), ARTICLE, /publicadoEm: a data 2026-13-01 não existe/);
    assertFails(withChange((f) => setField(f, SOLUTION, 'atualizadoEm', 'atualizadoEm: "2026-02-30"')), SOLUTION, /atualizadoEm: a data 2026-02-30 não existe/);
  });

  test('autor que não está em content/autores', () => {
    assertFails(withChange((f) => setField(f, ARTICLE, 'autor', 'autor: "Fulano"')), ARTICLE, /autor: "Fulano" não existe em content\/autores \(use o nome de um destes: .*"Marina Albuquerque"/);
  });

  test('autor com perfil que não é https', () => {
    assertFails(withChange((f) => addField(f, 'content/autores/rafael-tavares.md', 'perfis: ["http://exemplo.com/rafael"]')), 'content/autores/rafael-tavares.md', /perfis\.0: use um endereço https:\/\/ completo/);
  });

  test('tipo de solução fora da lista permitida', () => {
    assertFails(withChange((f) => setField(f, SOLUTION, 'tipo', 'tipo: auditoria')), SOLUTION, /tipo: valor "auditoria" não permitido; use um destes: "diagnostico", "consultoria"/);
  });

  test('campo desconhecido (schemas estritos)', () => {
    assertFails(withChange((f) => addField(f, ARTICLE, 'categoria: "Busca"')), ARTICLE, /categoria: campo desconhecido/);
  });

  test('rota duplicada entre uma página e uma solução', () => {
    const files = withChange((f) => {
      const solution = f.get(SOLUTION)!;
      const body = solution.slice(solution.indexOf('\n---\n', 4) + 5);
      f.set(
        'content/paginas/solucoes/seo-tecnico.md',
        `---\ntitulo: "SEO técnico (página duplicada)"\ndescricao: "Uma página institucional que ocupa a mesma rota de uma solução do catálogo, o que o build deve recusar."\natualizadoEm: 2026-11-03\n---\n${body}`,
      );
    });
    assertFails(files, /rota "solucoes\/seo-tecnico" duplicada/, 'content/paginas/solucoes/seo-tecnico.md', SOLUTION);
  });

  test('link interno quebrado no corpo de um artigo', () => {
    const files = withChange((f) => edit(f, ARTICLE, (text) => `${text.trimEnd()}\n\nVeja também [o guia antigo](/blog/guia-que-nao-existe).\n`));
    assertFails(files, ARTICLE, /link interno quebrado: "\/blog\/guia-que-nao-existe"/, 'Corrija os arquivos indicados em content/');
  });

  test('objetivo que aponta para uma solução inexistente', () => {
    const files = withChange((f) => edit(f, OBJECTIVE, (text) => text.replace(/^ {2}- seo-local$/m, '  - seo-para-marte')));
    assertFails(files, OBJECTIVE, /solucoes\.\d+: a solução "seo-para-marte" não existe em content\/solucoes/);
  });

  test('solução com preço de um produto inexistente', () => {
    assertFails(withChange((f) => setField(f, SOLUTION, 'preco', 'preco: plano-ouro')), SOLUTION, /preco: o produto "plano-ouro" não existe em content\/precos.json/);
  });

  test('precos.json com dois produtos pagos', () => {
    const files = withChange((f) =>
      editPrices(f, (prices) => {
        const free = prices.produtos.find((p) => p.tipo === 'gratuito');
        assert.ok(free, 'precos.json deveria ter um produto gratuito');
        Object.assign(free, { tipo: 'pago', preco: 490 });
      }),
    );
    assertFails(files, 'content/precos.json', /produtos: deve haver exatamente um produto pago com preço público/);
  });

  test('precos.json com campo obrigatório ausente', () => {
    assertFails(withChange((f) => editPrices(f, (prices) => delete prices.produtos[0]?.prazo)), 'content/precos.json', /produtos\.0\.prazo: campo obrigatório ausente/);
  });

  test('precos.json apontando para uma página inexistente', () => {
    assertFails(withChange((f) => editPrices(f, (prices) => (prices.produtos[0]!.rota = 'pagina-que-nao-existe'))), 'content/precos.json', /produtos\.0\.rota: a página "pagina-que-nao-existe" não existe/);
  });

  test('a mesma tag escrita de dois jeitos que dão o mesmo endereço de tema', () => {
    const other = 'content/blog/markdown-para-agentes.md';
    const files = withChange((f) => edit(f, ARTICLE, (text) => text.replace(/^tags: \[/m, 'tags: ["Seo Técnico", ')));
    assertFails(files, ARTICLE, /tags\.0: "Seo Técnico" e "SEO técnico" \(em content\/blog\/[a-z-]+\.md\) levam ao mesmo tema \/blog\/temas\/seo-tecnico/);
    assert.ok(original.get(other)!.includes('"SEO técnico"'), 'controle: outro artigo usa "SEO técnico"');
  });

  test('tag sem letras nem números (não forma endereço)', () => {
    assertFails(withChange((f) => edit(f, ARTICLE, (text) => text.replace(/^tags: \[/m, 'tags: ["!!!", '))), ARTICLE, /tags\.0: "!!!" não tem letras nem números/);
  });

  test('artigo no endereço que o blog reserva para os temas', () => {
    const files = withChange((f) => f.set('content/blog/temas.md', original.get(ARTICLE)!));
    assertFails(files, 'content/blog/temas.md', /rota "blog\/temas" é reservada: é o endereço de "Temas do blog"/);
  });

  test('data no formato brasileiro (25/11/2026): a mensagem diz como escrever', () => {
    for (const line of ['publicadoEm: 25/11/2026', 'publicadoEm: "25/11/2026"', 'publicadoEm: 5/3/2026']) {
      const iso = line.includes('5/3/') && !line.includes('25') ? '2026-03-05' : '2026-11-25';
      assertFails(withChange((f) => setField(f, ARTICLE, 'publicadoEm', line)), ARTICLE, new RegExp(`publicadoEm: "\\d{1,2}/\\d{1,2}/2026" está no formato dia/mês/ano; no frontmatter a data se escreve ano-mês-dia: publicadoEm: ${iso}`));
    }
    const { error } = checkContent(withChange((f) => setField(f, ARTICLE, 'publicadoEm', 'publicadoEm: 25/11/2026')));
    assert.doesNotMatch(error!, /AAAA-MM-DD|Invalid|expected/i, 'one message per date, in pt-BR');
  });

  test('campo obrigatório ausente: diz onde ver os campos', () => {
    assertFails(withChange((f) => setField(f, ARTICLE, 'autor', null)), /autor: campo obrigatório ausente: acrescente-o \(os campos de cada tipo de conteúdo estão no README/);
  });

  test('todos os erros de um build aparecem juntos: campo, data, link, foto e imagem em arquivos diferentes', () => {
    const files = withChange((f) => {
      setField(f, 'content/blog/markdown-para-agentes.md', 'autor', null);
      setField(f, ARTICLE, 'publicadoEm', 'publicadoEm: 25/11/2026');
      edit(f, SOLUTION, (text) => `${text.trimEnd()}\n\nVeja [o guia](guia-que-nao-existe) e ![](/imagens/falta.png).\n`);
      addField(f, 'content/autores/rafael-tavares.md', 'foto: "/autores/rafael.jpg"');
    });
    const { error } = checkContent(files);
    assert.ok(error);
    for (const expected of [
      /content\/blog\/markdown-para-agentes\.md:\n\s+- autor: campo obrigatório ausente/,
      new RegExp(`${ARTICLE}:\\n\\s+- publicadoEm: "25/11/2026"`),
      /link interno quebrado: "guia-que-nao-existe" \(relativo a esta página, leva a \/solucoes\/guia-que-nao-existe\)/,
      /imagem não encontrada: "\/imagens\/falta\.png"; o arquivo deveria estar em public\/imagens\/falta\.png/,
      /imagem sem texto alternativo: "\/imagens\/falta\.png"/,
      /foto: o arquivo public\/autores\/rafael\.jpg não existe/,
    ])
      assert.match(error, expected);
    assert.match(error, /^6 problemas no conteúdo \(4 arquivos\):/);
  });

  test('uma página inválida não gera erros repetidos em quem aponta para ela (autor e links)', () => {
    const files = withChange((f) => {
      setField(f, 'content/autores/marina-albuquerque.md', 'cargo', null);
      setField(f, 'content/solucoes/seo-local.md', 'tipo', 'tipo: auditoria');
    });
    const { error } = checkContent(files);
    assert.match(error!, /^2 problemas no conteúdo \(2 arquivos\):/, error);
    assert.doesNotMatch(error!, /"Marina Albuquerque" não existe|link interno quebrado/);
  });

  test('imagem em public/ com texto alternativo passa (não é "link interno quebrado"), e ganha largura e altura no build', () => {
    const files = withChange((f) => edit(f, ARTICLE, (text) => `${text.trimEnd()}\n\n![Gráfico de citações por assistente](/imagens/grafico.png)\n\nBaixe [o guia em PDF](/arquivos/guia.pdf).\n`));
    const { model, error } = checkContent(files, new Set([...publicFilesOf(process.cwd()), '/imagens/grafico.png', '/arquivos/guia.pdf']));
    assert.equal(error, undefined);
    assert.ok(model);
  });

  test('imagens com problema: arquivo ausente, sem texto alternativo, de outro site, caminho relativo, formato', () => {
    const image = (markdown: string) => withChange((f) => edit(f, ARTICLE, (text) => `${text.trimEnd()}\n\n${markdown}\n`));
    assertFails(image('![Gráfico](/imagens/nao-existe.webp)'), ARTICLE, /imagem não encontrada: "\/imagens\/nao-existe\.webp"; o arquivo deveria estar em public\/imagens\/nao-existe\.webp/);
    assertFails(image('![ ](/og.png)'), ARTICLE, /imagem sem texto alternativo: "\/og\.png"; escreva entre os colchetes o que a imagem mostra/);
    assertFails(image('![Logo de parceiro](https://exemplo.com/logo.png)'), ARTICLE, /imagem de outro endereço: "https:\/\/exemplo\.com\/logo\.png" não aparece no site .*salve o arquivo em public\/imagens\//);
    assertFails(image('![Gráfico](imagens/grafico.png)'), ARTICLE, /imagem com caminho relativo: "imagens\/grafico\.png"; escreva o caminho a partir da raiz do site, \/blog\/imagens\/grafico\.png/);
    assertFails(image('![Planilha](/manifest.webmanifest)'), ARTICLE, /imagem em formato não aceito: "\/manifest\.webmanifest"/);
    assertFails(image('<img src="/imagens/x.png">'), ARTICLE, /imagem não encontrada: "\/imagens\/x\.png".*\n.*imagem sem texto alternativo: "\/imagens\/x\.png"/);
  });

  test('foto de autor que não existe em public/', () => {
    assertFails(withChange((f) => addField(f, 'content/autores/rafael-tavares.md', 'foto: "/autores/rafael.jpg"')), 'content/autores/rafael-tavares.md', /foto: o arquivo public\/autores\/rafael\.jpg não existe/);
  });

  test('links relativos: conferidos como o navegador os resolve', () => {
    const link = (markdown: string) => withChange((f) => edit(f, ARTICLE, (text) => `${text.trimEnd()}\n\n${markdown}\n`));
    assert.equal(checkContent(link('Veja [o outro artigo](markdown-para-agentes) e [a solução](../solucoes/seo-tecnico).')).error, undefined);
    assertFails(link('Veja [a solução](solucoes/seo-tecnico).'), ARTICLE, /link interno quebrado: "solucoes\/seo-tecnico" \(relativo a esta página, leva a \/blog\/solucoes\/seo-tecnico\)/);
  });

  test('"a partir de" de uma solução que não existe ou que tem preço público', () => {
    const withStart = (aPartirDe: Record<string, number>) => withChange((f) => edit(f, 'content/precos.json', (text) => JSON.stringify({ ...JSON.parse(text), sobProposta: { ...JSON.parse(text).sobProposta, aPartirDe } })));
    assert.equal(checkContent(withStart({ 'seo-tecnico': 4500 })).error, undefined);
    assertFails(withStart({ 'seo-para-marte': 4500 }), 'content/precos.json', /sobProposta\.aPartirDe\.seo-para-marte: a solução "seo-para-marte" não existe em content\/solucoes/);
    assertFails(withStart({ 'diagnostico-de-visibilidade': 1000 }), /sobProposta\.aPartirDe\.diagnostico-de-visibilidade: a solução "diagnostico-de-visibilidade" tem preço público/);
    assertFails(withStart({ 'seo-tecnico': 0 }), /sobProposta\.aPartirDe\.seo-tecnico: o valor "a partir de" deve ser maior que 0/);
  });
});
