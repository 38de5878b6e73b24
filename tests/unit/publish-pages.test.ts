/**
 * Publishing the page bundle (what the build integration does, in a worker or in the build hook): twins, the
 * public index, the search index and the functions' site data, from one small bundle into a temp dir.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { after, before, describe, test } from 'node:test';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import siteArtifacts from '../../src/build/integration.ts';
import { completeSiteData, type PartialSiteData, type Published, publishPages } from '../../src/build/publish-pages.ts';
import { PAGE_BUNDLE_CHANNEL, PAGE_BUNDLE_FILE, ORIGIN_PLACEHOLDER, type PageBundle, type SiteData, withOrigin } from '../../src/model/site-data.ts';
import { PAGE_SHELL_FILE, PAGE_SHELL_ROUTE, SHELL_SLOTS } from '../../src/model/page-shell.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { loadSearchIndex } from '../../functions/search/index.ts';
import { SEARCH_INDEX_FILE } from '../../functions/search/prebuilt.ts';
import { pngSize } from '../helpers/png.ts';

const ORIGIN = 'https://exemplo.com.br';
const twin = (titulo: string, corpo: string) => `# ${titulo}\n\n> Descrição de ${titulo}\n\nURL canônica: ${ORIGIN}/x\n\nAtualizado em 2026-11-01\n\n${corpo}\n`;
const page = (rota: string, listada: boolean, corpo: string): PageBundle['paginas'][number] => ({
  rota,
  url: `${ORIGIN}/${rota}`,
  titulo: `Título ${rota}`,
  descricao: `Descrição ${rota}`,
  secao: rota.split('/')[0] ?? rota,
  lastmod: '2026-11-01',
  listada,
  markdown: twin(`Título ${rota}`, corpo),
});
const bundle: PageBundle = {
  origem: ORIGIN,
  paginas: [
    page('index', true, '## Início\n\nDiagnóstico de **visibilidade** em buscas.'),
    page('blog/um-artigo', true, 'Texto sobre [rastreadores](https://exemplo.com.br/blog) de IA.'),
    page('rascunho', false, 'Página oculta.'),
    // Many more twins in a folder that does not exist yet (written at once, they must wait for the folder).
    ...Array.from({ length: 100 }, (_, i) => page(`arquivo/rascunho-${i}`, false, 'Outra página oculta.')),
  ],
  imagens: [
    { caminho: '/og/index.png', titulo: 'Título index', secao: 'Início', alt: 'Cartão com o título “Título index”' },
    { caminho: '/og/blog/um-artigo.png', titulo: 'Título blog/um-artigo', secao: 'Blog', alt: 'Cartão com o título “Título blog/um-artigo”' },
  ],
};
const rest: Pick<SiteData, 'catalogo' | 'documentos'> = {
  catalogo: { origem: ORIGIN, atualizadoEm: '2026-11-01', solucoes: [], objetivos: [] },
  documentos: [{ caminho: '/llms.txt', conteudo: '# Exemplo\n' }],
};

describe('publishPages', () => {
  let dir: string;
  let out: string;
  let documentos: number;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'publish-pages-'));
    out = join(dir, 'dist');
    const publication = await publishPages(bundle, out, dir);
    assert.deepEqual(publication.published, { twins: 103, listed: 2, images: 2 });
    documentos = await publication.finish(rest.catalogo, rest.documentos);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('a twin for every page, listed or not, byte for byte', async () => {
    for (const p of bundle.paginas) assert.equal(await readFile(join(out, `${p.rota}.md`), 'utf8'), p.markdown);
  });

  const expectedEntries = [
    { rota: 'index', url: `${ORIGIN}/index`, titulo: 'Título index', descricao: 'Descrição index', secao: 'index', lastmod: '2026-11-01', texto: 'Início Diagnóstico de visibilidade em buscas.' },
    { rota: 'blog/um-artigo', url: `${ORIGIN}/blog/um-artigo`, titulo: 'Título blog/um-artigo', descricao: 'Descrição blog/um-artigo', secao: 'blog', lastmod: '2026-11-01', texto: 'Texto sobre rastreadores de IA.' },
  ];

  test('a 1200×630 PNG for every share image of the bundle, each of its own', async () => {
    const pngs = await Promise.all(bundle.imagens.map((i) => readFile(join(out, i.caminho))));
    for (const png of pngs) assert.deepEqual(pngSize(png), { width: 1200, height: 630 });
    assert.notDeepEqual(pngs[0], pngs[1]);
  });

  test('/agentes/indice.json: the listed pages, their text without the twin header, pretty-printed', async () => {
    const text = await readFile(join(out, 'agentes/indice.json'), 'utf8');
    assert.equal(text, `${JSON.stringify({ origem: ORIGIN, total: 2, paginas: expectedEntries }, null, 2)}\n`);
  });

  test('site data: the listed pages with their markdown, the catalogue and the documents, in place and complete', async () => {
    const stored = await readFile(join(dir, '.generated/site-data.json'), 'utf8');
    assert.ok(!stored.includes(ORIGIN), 'origin-free: no URL of the build origin is stored');
    const data = withOrigin(JSON.parse(stored) as SiteData, ORIGIN);
    assert.equal(documentos, 1);
    assert.deepEqual(data, {
      paginas: expectedEntries.map((e, i) => ({ ...e, markdown: bundle.paginas[i]!.markdown })),
      origem: ORIGIN,
      ...rest,
    });
    await assert.rejects(readFile(join(dir, '.generated/site-data.json.parcial')), { code: 'ENOENT' });
  });

  test('the serialized search index loads and finds the pages', async () => {
    const serialized = JSON.parse(await readFile(join(dir, SEARCH_INDEX_FILE), 'utf8'));
    const index = loadSearchIndex(serialized, expectedEntries);
    assert.ok(index);
    assert.deepEqual(index.ranked('rastreadores', { limite: 5 }).map((r) => r.rota), ['blog/um-artigo']);
  });
});

test('once published, the publication holds no page: only the site data\'s file waits for finish', async () => {
  // A full collection, so that what a WeakRef sees is what the heap holds (V8's `gc`, exposed for this test).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const dir = await mkdtemp(join(tmpdir(), 'publish-release-'));
  try {
    // Handed over like the worker does: the caller keeps nothing of the bundle.
    let own: PageBundle | undefined = { ...bundle, paginas: bundle.paginas.map((p) => ({ ...p })), imagens: [] };
    const pages = new WeakRef(own.paginas);
    const publishing = publishPages(own, join(dir, 'dist'), dir);
    own = undefined;
    const publication = await publishing;
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    assert.equal(pages.deref(), undefined, 'the pages were let go');
    assert.equal(await publication.finish(rest.catalogo, rest.documentos), 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the publish worker posts what it published and the site data so far, then ends, its heap with it', { timeout: 30_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'publish-worker-'));
  try {
    const worker = new Worker(new URL('../../src/build/publish-worker.ts', import.meta.url), { workerData: { outDir: join(dir, 'dist'), projectRoot: dir } });
    const exited = once(worker, 'exit');
    worker.postMessage({ ...bundle, imagens: [] });
    const [message] = (await once(worker, 'message')) as [{ type: string; published: Published; siteData: PartialSiteData }];
    assert.deepEqual([message.type, message.published], ['published', { twins: 103, listed: 2, images: 0 }]);
    // Before the build's end, with nothing more asked of it (the main thread completes the site data).
    assert.deepEqual(await exited, [0]);
    assert.equal(await completeSiteData(message.siteData, rest.catalogo, rest.documentos), 1);
    const data = withOrigin(JSON.parse(await readFile(join(dir, '.generated/site-data.json'), 'utf8')) as SiteData, ORIGIN);
    assert.deepEqual([data.paginas.length, data.catalogo, data.documentos], [2, rest.catalogo, rest.documentos]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

describe('the build integration hands the bundle over both ways, with the same result', () => {
  const logger = { info: () => undefined } as never;
  const hooks = async (via: 'worker' | 'file') => {
    const dir = await mkdtemp(join(tmpdir(), `integration-${via}-`));
    const out = join(dir, 'dist');
    await mkdir(join(out, 'agentes'), { recursive: true });
    await writeFile(join(out, 'agentes/catalogo.json'), JSON.stringify(rest.catalogo));
    await writeFile(join(out, 'llms.txt'), rest.documentos[0]!.conteudo);
    await writeFile(join(out, `${PAGE_SHELL_ROUTE}.html`), `<!doctype html><title>${SHELL_SLOTS.titulo}</title><link rel="icon" href="${siteOrigin()}/favicon.svg">`);
    const integration = siteArtifacts();
    const h = integration.hooks as Record<string, (options: unknown) => Promise<void> | void>;
    await h['astro:config:done']!({ config: { outDir: pathToFileURL(`${out}/`), root: pathToFileURL(`${dir}/`) } });
    await h['astro:build:start']!({});
    const channel = (globalThis as Record<symbol, ((b: PageBundle) => boolean) | undefined>)[PAGE_BUNDLE_CHANNEL];
    assert.equal(typeof channel, 'function', 'the channel is offered while the build runs');
    if (via === 'worker') assert.equal(channel!(bundle), true);
    // What the bundle route writes: a marker when handed over, the whole bundle otherwise.
    await writeFile(join(out, PAGE_BUNDLE_FILE), via === 'worker' ? '{"entregue":true}\n' : JSON.stringify(bundle));
    await h['astro:build:done']!({ dir: pathToFileURL(`${out}/`), logger });
    assert.equal((globalThis as Record<symbol, unknown>)[PAGE_BUNDLE_CHANNEL], undefined, 'the channel is withdrawn');
    await assert.rejects(readFile(join(out, PAGE_BUNDLE_FILE)), { code: 'ENOENT' }, 'the bundle is never published');
    await assert.rejects(readFile(join(out, `${PAGE_SHELL_ROUTE}.html`)), { code: 'ENOENT' }, 'the page shell is never published');
    const files = {
      twin: await readFile(join(out, 'blog/um-artigo.md'), 'utf8'),
      indice: await readFile(join(out, 'agentes/indice.json'), 'utf8'),
      siteData: await readFile(join(dir, '.generated/site-data.json'), 'utf8'),
      searchIndex: await readFile(join(dir, SEARCH_INDEX_FILE), 'utf8'),
      headers: await readFile(join(out, '_headers'), 'utf8'),
      image: await readFile(join(out, 'og/blog/um-artigo.png')),
      shell: await readFile(join(dir, PAGE_SHELL_FILE), 'utf8'),
    };
    await rm(dir, { recursive: true, force: true });
    return files;
  };

  test('in a worker thread (the channel) and in the build hook (the file)', async () => {
    const worker = await hooks('worker');
    const file = await hooks('file');
    assert.deepEqual(worker, file);
    assert.equal(worker.twin, bundle.paginas[1]!.markdown);
    assert.match(worker.headers, /^\/blog\/um-artigo\.md\n(?:  .+\n)*  Content-Type: text\/markdown; charset=utf-8; variant=GFM$/m);
    assert.equal((JSON.parse(worker.siteData) as SiteData).documentos.length, 1);
    assert.doesNotMatch(worker.headers, new RegExp(PAGE_SHELL_ROUTE), 'no headers for the page shell');
    // The shell goes to the functions origin-free, its placeholders kept.
    assert.deepEqual(JSON.parse(worker.shell), { html: `<!doctype html><title>${SHELL_SLOTS.titulo}</title><link rel="icon" href="${ORIGIN_PLACEHOLDER}/favicon.svg">` });
  });
});
