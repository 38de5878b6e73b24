/**
 * A content editor who commits a bad file gets a build error that names the file and the field, in pt-BR.
 * Each case builds a throwaway copy of the project with exactly one thing broken (the copy shares
 * node_modules through a symlink) and checks the exit status and the output of `astro build`.
 * Builds take a few seconds each; at most two run at a time. Every kind of content error is checked in process
 * by tests/unit/content-model.test.ts; here one of each path (a field, a date read as written, a cross-entry check,
 * precos.json) proves the messages reach the build's output and fail it, four mistakes in four files are all
 * listed by one build, and an image of public/ builds, sized.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildProjectCopy, copyProject } from '../../scripts/lib/project-copy.ts';

const CONCURRENCY = 2;
const TIMEOUT_MS = 120_000;

interface BuildResult {
  code: number | null;
  output: string;
}

const tempDirs: string[] = [];
after(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh copy of the project in a temp dir, with `change` applied to it. */
async function projectCopy(change: (dir: string) => Promise<void>): Promise<string> {
  const dir = await copyProject('content-errors');
  tempDirs.push(dir);
  await change(dir);
  return dir;
}

let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const astroBuild = (dir: string): Promise<BuildResult> => buildProjectCopy(dir, {}, TIMEOUT_MS);

/** Build a copy of the project with one change. */
const buildWith = (change: (dir: string) => Promise<void>): Promise<BuildResult> =>
  limited(async () => astroBuild(await projectCopy(change)));

async function edit(dir: string, file: string, transform: (text: string) => string): Promise<void> {
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  const after = transform(before);
  assert.notEqual(after, before, `a alteração de teste não mudou ${file}`);
  await writeFile(path, after);
}

/** Replace one frontmatter line (`campo: ...`) of a markdown file; `null` removes it. */
const setField = (dir: string, file: string, field: string, line: string | null) =>
  edit(dir, file, (text) => text.replace(new RegExp(`^${field}:.*\\n`, 'm'), line === null ? '' : `${line}\n`));

// Strip ANSI colours (in case the environment forces them) and Astro's markdown emphasis markers.
const plain = (output: string) => output.replace(/\x1b\[[0-9;]*m/g, '').replace(/\*\*/g, '');

function assertFails(result: BuildResult, ...expected: (string | RegExp)[]): void {
  const text = plain(result.output);
  if (process.env.SHOW_BUILD_OUTPUT) console.log(text.slice(-2500));
  assert.notEqual(result.code, 0, `o build deveria falhar, mas terminou com código ${result.code}:\n${text.slice(-3000)}`);
  for (const e of expected) {
    const found = typeof e === 'string' ? text.includes(e) : e.test(text);
    assert.ok(found, `a saída do build deveria conter ${String(e)}:\n${text.slice(-3000)}`);
  }
}

const ARTICLE = 'content/blog/llms-txt-na-pratica.md';

describe('erros de conteúdo no build', { concurrency: CONCURRENCY }, () => {
  test('controle: a cópia sem alterações passa no build', async () => {
    const result = await buildWith(async () => {});
    assert.equal(result.code, 0, `o build da cópia intacta falhou:\n${plain(result.output).slice(-3000)}`);
  });

  test('campo obrigatório ausente no frontmatter de um artigo', async () => {
    const result = await buildWith((dir) => setField(dir, ARTICLE, 'autor', null));
    assertFails(result, ARTICLE, /autor: campo obrigatório ausente/);
  });

  test('data impossível, lida como escrita (o YAML a transformaria em outra data)', async () => {
    const result = await buildWith((dir) => setField(dir, ARTICLE, 'publicadoEm', 'publicadoEm: 2026-13-01'));
    assertFails(result, ARTICLE, /publicadoEm: a data 2026-13-01 não existe/);
  });

  test('link interno quebrado no corpo de um artigo', async () => {
    const result = await buildWith((dir) =>
      edit(dir, ARTICLE, (text) => `${text.trimEnd()}\n\nVeja também [o guia antigo](/blog/guia-que-nao-existe).\n`),
    );
    assertFails(result, ARTICLE, /link interno quebrado: "\/blog\/guia-que-nao-existe"/, 'Corrija os arquivos indicados em content/');
  });

  test('quatro erros em quatro arquivos: um build só os lista todos, em português, com a data a escrever', async () => {
    const result = await buildWith(async (dir) => {
      await setField(dir, ARTICLE, 'publicadoEm', 'publicadoEm: 25/11/2026');
      await setField(dir, 'content/blog/markdown-para-agentes.md', 'autor', null);
      await edit(dir, 'content/solucoes/seo-tecnico.md', (text) => `${text.trimEnd()}\n\n![Gráfico](/imagens/grafico.png)\n`);
      await edit(dir, 'content/autores/rafael-tavares.md', (text) => text.replace(/^---\n/, '---\nfoto: "/autores/rafael.jpg"\n'));
    });
    assertFails(
      result,
      /4 problemas no conteúdo \(4 arquivos\)/,
      /publicadoEm: "25\/11\/2026" está no formato dia\/mês\/ano; no frontmatter a data se escreve ano-mês-dia: publicadoEm: 2026-11-25/,
      /autor: campo obrigatório ausente/,
      /imagem não encontrada: "\/imagens\/grafico\.png"/,
      /foto: o arquivo public\/autores\/rafael\.jpg não existe/,
    );
    assert.doesNotMatch(plain(result.output), /does not match collection schema/, 'not Astro\'s English message');
  });

  test('uma imagem de public/ com texto alternativo passa e ganha largura e altura (não é "link interno quebrado")', async () => {
    const dir = await projectCopy(async (copy) => {
      await mkdir(join(copy, 'public/imagens'), { recursive: true });
      await cp(join(copy, 'public/og.png'), join(copy, 'public/imagens/grafico.png'));
      await edit(copy, ARTICLE, (text) => `${text.trimEnd()}\n\n![Gráfico das citações por assistente](/imagens/grafico.png)\n`);
    });
    const result = await limited(() => astroBuild(dir));
    assert.equal(result.code, 0, plain(result.output).slice(-3000));
    const html = await readFile(join(dir, 'dist/blog/llms-txt-na-pratica.html'), 'utf8');
    assert.match(html, /<img src="\/imagens\/grafico\.png" alt="Gráfico das citações por assistente" loading="lazy" decoding="async" width="1200" height="630">/);
  });

  test('precos.json com dois produtos pagos', async () => {
    const result = await buildWith((dir) =>
      edit(dir, 'content/precos.json', (text) => {
        const prices = JSON.parse(text) as { produtos: { tipo: string; preco: number }[] };
        const free = prices.produtos.find((p) => p.tipo === 'gratuito');
        assert.ok(free, 'precos.json deveria ter um produto gratuito');
        Object.assign(free, { tipo: 'pago', preco: 490 });
        return `${JSON.stringify(prices, null, 2)}\n`;
      }),
    );
    assertFails(result, 'content/precos.json', /produtos: deve haver exatamente um produto pago com preço público/);
  });

});
