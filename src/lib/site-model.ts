/**
 * The site model, assembled from the content entries and validated across them (duplicate routes, references,
 * prices, internal links). Pure: no `astro:content` at run time, so the same code runs in the build
 * (src/lib/site.ts feeds it the collections) and in process in tests (tests/unit/content-model.test.ts feeds it
 * the files as parsed from disk), with the same messages for editors.
 */
import type { CollectionEntry } from 'astro:content';
import { AstroError } from 'astro/errors';
import { SHARE_IMAGE, SITE_NAME, absoluteUrl } from '../config/site.ts';
import type { Precos } from '../model/content.ts';
import { DOCUMENT_PATHS, LINKABLE_PREFIXES } from '../model/public-paths.ts';
import { COLLECTION_PREFIX, type PageKind, ROUTE_PATTERN, type Section, pathOf, sectionOf, twinOf } from '../model/routes.ts';
import { ContentError } from '../model/validation.ts';
import { BLOG_ROUTE, THEMES_ROUTE, listingPageRoute, pageCount, pageSlice, themeRoute, themeSlug } from '../model/blog.ts';
import type { ShareImageSpec } from '../model/site-data.ts';
import { ARTICLES_WITH_OWN_IMAGE, SHARE_IMAGE_SIZE, pageShareImage, sectionShareImage } from './share-images.ts';
import { CONTACT_FORM_PATH } from '../model/paths.ts';

type EntryOf = {
  pagina: CollectionEntry<'paginas'>;
  solucao: CollectionEntry<'solucoes'>;
  objetivo: CollectionEntry<'objetivos'>;
  artigo: CollectionEntry<'blog'>;
  autor: CollectionEntry<'autores'>;
  listagem: ListingEntry;
};

/** A theme of the blog: an articles' tag, its address and its articles (newest first). */
export interface Theme {
  nome: string;
  slug: string;
  /** Route of the theme's first page. */
  rota: string;
  artigos: BasePage<'artigo'>[];
}

/**
 * What a listing page derived from the articles lists (it has no file of its own): a later page of the blog
 * (`blog`), a page of a theme (`tema`) or the index of themes (`temas`). `rotulo` names it in the breadcrumb trail.
 */
export type Listing =
  | ({ tipo: 'blog' } & ListingPage)
  | ({ tipo: 'tema'; tema: Theme } & ListingPage)
  | { tipo: 'temas'; rotulo: string; temas: Theme[] };

/** One page of a paginated listing: its articles and where it sits (`base` is the route of the first page). */
interface ListingPage {
  rotulo: string;
  base: string;
  pagina: number;
  paginas: number;
  artigos: BasePage<'artigo'>[];
}

/** The entry of a listing page: its route below the blog, its listing, no body. */
export interface ListingEntry {
  id: string;
  data: Listing;
  body?: undefined;
  filePath?: undefined;
}

/** A page's image (share cards, schema.org `image`): absolute URL, text alternative and size in pixels. */
export interface PageImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** The site's share image (pages outside the site model: the 404). */
export const shareImage = (origin?: string): PageImage => ({
  url: absoluteUrl(SHARE_IMAGE.path, origin),
  alt: SHARE_IMAGE.alt,
  width: SHARE_IMAGE.width,
  height: SHARE_IMAGE.height,
});

/** A generated share image (./share-images.ts) as the page model carries it. */
const generatedImage = (spec: ShareImageSpec): PageImage => ({ url: absoluteUrl(spec.caminho), alt: spec.alt, ...SHARE_IMAGE_SIZE });

interface BasePage<K extends PageKind> {
  kind: K;
  rota: string;
  path: string;
  url: string;
  secao: Section;
  titulo: string;
  descricao: string;
  /** Image of the page (share cards, JSON-LD). */
  imagem: PageImage;
  /** What the build renders for that image (src/build/share-image.ts). */
  imagemGerada: ShareImageSpec;
  lastmod: Date;
  /** Source file, relative to the project root (for error messages). */
  file: string;
  entry: EntryOf[K];
}
export type SitePage = { [K in PageKind]: BasePage<K> }[PageKind];

export interface SiteModel {
  pages: SitePage[];
  byRoute: Map<string, SitePage>;
  solucoes: BasePage<'solucao'>[];
  objetivos: BasePage<'objetivo'>[];
  artigos: BasePage<'artigo'>[];
  documentos: CollectionEntry<'documentos'>[];
  /** The authors' pages (content/autores, `/autores/<file name>`), by the name articles use in `autor`. */
  autores: Map<string, BasePage<'autor'>>;
  /** The blog's themes (the articles' tags), by name (pt-BR order). */
  temas: Theme[];
}

const fileOf = (entry: { filePath?: string; id: string }, folder: string) => entry.filePath ?? `content/${folder}/${entry.id}`;

const withImage = (spec: ShareImageSpec) => ({ imagem: generatedImage(spec), imagemGerada: spec });

type Titled = { titulo: string; descricao: string };

/** Where a route is: its path, its URL, its section. */
const placed = (rota: string) => ({ rota, path: pathOf(rota), url: absoluteUrl(rota), secao: sectionOf(rota) });

function page<K extends Exclude<PageKind, 'listagem'>>(kind: K, entry: EntryOf[K], folder: string, lastmod: Date, { titulo, descricao }: Titled = entry.data as Titled): BasePage<K> {
  const rota = `${COLLECTION_PREFIX[kind]}${entry.id}`;
  return {
    kind,
    ...placed(rota),
    titulo,
    descricao,
    ...withImage(pageShareImage({ rota, titulo, secao: sectionOf(rota) })),
    lastmod,
    file: fileOf(entry, folder),
    entry,
  };
}

/** The themes of the articles (newest first), by name; a tag spelled two ways that make one address is one theme, named as the newest article spells it (validate() rejects it). */
function themesOf(articles: readonly BasePage<'artigo'>[]): Theme[] {
  const bySlug = new Map<string, Theme>();
  for (const a of articles) {
    const own = new Set<string>();
    for (const tag of a.entry.data.tags) {
      const slug = themeSlug(tag);
      if (!slug || own.has(slug)) continue;
      own.add(slug);
      let theme = bySlug.get(slug);
      if (!theme) bySlug.set(slug, (theme = { nome: tag, slug, rota: themeRoute(tag), artigos: [] }));
      theme.artigos.push(a);
    }
  }
  return [...bySlug.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

const newest = (articles: readonly BasePage<'artigo'>[], fallback: Date): Date =>
  new Date(Math.max(fallback.getTime(), ...articles.map((a) => a.lastmod.getTime())));

/** A listing page: derived from the articles, it takes its place and image from what it lists. */
function listingPage(rota: string, data: Listing, { titulo, descricao }: Titled, lastmod: Date, image: Pick<BasePage<'pagina'>, 'imagem' | 'imagemGerada'>): BasePage<'listagem'> {
  return {
    kind: 'listagem',
    ...placed(rota),
    titulo,
    descricao,
    imagem: image.imagem,
    imagemGerada: image.imagemGerada,
    lastmod,
    file: 'content/blog',
    entry: { id: rota.slice(BLOG_ROUTE.length + 1), data },
  };
}

/**
 * The listings derived from the articles: the blog's later pages (`/blog/pagina/<n>`; its first page is the
 * blog's own page), the index of themes (`/blog/temas`) and each theme's pages (`/blog/temas/<tema>`,
 * `/blog/temas/<tema>/pagina/<n>`). Every page of a listing is as fresh as the newest article it lists or may list.
 */
function listingPages(blog: BasePage<'pagina'>, articles: BasePage<'artigo'>[], themes: Theme[]): BasePage<'listagem'>[] {
  const out: BasePage<'listagem'>[] = [];
  const blogPages = pageCount(articles.length);
  for (let n = 2; n <= blogPages; n++) {
    const listing: Listing = { tipo: 'blog', rotulo: `Página ${n}`, base: BLOG_ROUTE, pagina: n, paginas: blogPages, artigos: pageSlice(articles, n) };
    const titled = { titulo: `Artigos do blog: página ${n} de ${blogPages}`, descricao: `Artigos da ${SITE_NAME}, do mais recente ao mais antigo: página ${n} de ${blogPages}.` };
    out.push(listingPage(listingPageRoute(BLOG_ROUTE, n), listing, titled, newest(articles, blog.lastmod), blog));
  }
  if (!themes.length) return out;

  const themesTitle = 'Temas do blog';
  const index = listingPage(
    THEMES_ROUTE,
    { tipo: 'temas', rotulo: 'Temas', temas: themes },
    { titulo: themesTitle, descricao: `Os ${themes.length} temas dos artigos da ${SITE_NAME}, cada um com os seus artigos, do mais recente ao mais antigo.` },
    newest(articles, blog.lastmod),
    withImage(pageShareImage({ rota: THEMES_ROUTE, titulo: themesTitle, secao: 'blog' })),
  );
  out.push(index);
  for (const theme of themes) {
    const paginas = pageCount(theme.artigos.length);
    const titulo = `Artigos sobre ${theme.nome}`;
    const image = withImage(pageShareImage({ rota: theme.rota, titulo, secao: 'blog' }));
    const lastmod = newest(theme.artigos, new Date(0));
    for (let n = 1; n <= paginas; n++) {
      const listing: Listing = { tipo: 'tema', rotulo: n === 1 ? theme.nome : `Página ${n}`, tema: theme, base: theme.rota, pagina: n, paginas, artigos: pageSlice(theme.artigos, n) };
      const which = n === 1 ? '' : ` Página ${n} de ${paginas}.`;
      const titled = {
        titulo: n === 1 ? titulo : `${titulo}: página ${n} de ${paginas}`,
        descricao: `O que a ${SITE_NAME} publicou sobre ${theme.nome}, do mais recente ao mais antigo.${which}`,
      };
      out.push(listingPage(listingPageRoute(theme.rota, n), listing, titled, lastmod, image));
    }
  }
  return out;
}

/**
 * What the build knows besides the entries: the files of public/ (root-relative paths: `/imagens/grafico.png`),
 * which images, author photos and links to files must exist in; and, when some entries failed their own checks,
 * their routes and author names, so that links and references to them are not reported a second time.
 */
export interface SiteAssets {
  publicFiles: ReadonlySet<string>;
  pendingRoutes?: readonly string[];
  pendingAuthors?: readonly string[];
}

/** Images, as editors write them: `![texto alternativo](/imagens/arquivo.png "título opcional")` or `<img src alt>`. */
const MARKDOWN_IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+["'][^"']*["'])?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*>/gi;
/** Links (not images): `[texto](destino)` and `href="destino"`. */
const MARKDOWN_LINK = /(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g;
const HTML_HREF = /\bhref=["']([^"']+)["']/g;
const attribute = (tag: string, name: string): string | undefined => new RegExp(`\\b${name}=["']([^"']*)["']`, 'i').exec(tag)?.[1];
/** Image formats a browser shows. */
const IMAGE_EXTENSIONS = /\.(?:png|jpe?g|webp|avif|gif|svg)$/i;
/** An address with a scheme (`https:`, `mailto:`), protocol-relative, or only a fragment: not a file of this site. */
const notInternal = (target: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(target);
const SITE_BASE = 'https://site.invalid';
/** The path a link of page `path` leads to (relative links resolved as a browser would), without query or fragment. */
const resolvePath = (target: string, path: string): string => {
  let resolved: string;
  try {
    resolved = decodeURI(new URL(target, `${SITE_BASE}${path}`).pathname);
  } catch {
    return target;
  }
  return resolved.length > 1 ? resolved.replace(/\/$/, '') : resolved;
};
/** How a link was written, for the message: a relative one with where it leads. */
const asWritten = (target: string, resolved: string): string => (target.startsWith('/') ? `"${target}"` : `"${target}" (relativo a esta página, leva a ${resolved})`);

/** The problems of the images of a page's body. */
function imageProblems(prose: string, path: string, publicFiles: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const images = [
    ...[...prose.matchAll(MARKDOWN_IMAGE)].map((m) => ({ alt: m[1] ?? '', src: m[2] ?? '', written: m[0] })),
    ...[...prose.matchAll(HTML_IMAGE)].map((m) => ({ alt: attribute(m[0], 'alt') ?? '', src: attribute(m[0], 'src') ?? '', written: m[0] })),
  ];
  for (const { alt, src, written } of images) {
    if (!src) {
      problems.push(`imagem sem endereço: ${written} (escreva o caminho do arquivo em public/, por exemplo /imagens/grafico.png)`);
      continue;
    }
    if (notInternal(src)) {
      problems.push(
        `imagem de outro endereço: "${src}" não aparece no site (a política de segurança só carrega imagens do próprio site); salve o arquivo em public/imagens/ e use /imagens/<arquivo>`,
      );
    } else if (!src.startsWith('/')) {
      problems.push(`imagem com caminho relativo: "${src}"; escreva o caminho a partir da raiz do site, ${resolvePath(src, path)} (o arquivo fica em public${resolvePath(src, path)})`);
    } else {
      const file = resolvePath(src, path);
      if (!IMAGE_EXTENSIONS.test(file)) problems.push(`imagem em formato não aceito: "${src}" (use .png, .jpg, .webp, .avif, .gif ou .svg)`);
      else if (!publicFiles.has(file)) problems.push(`imagem não encontrada: ${asWritten(src, file)}; o arquivo deveria estar em public${file}`);
    }
    if (alt.trim() === '') problems.push(`imagem sem texto alternativo: "${src}"; escreva entre os colchetes o que a imagem mostra (é o que ouve quem não a vê)`);
  }
  return problems;
}

function validate(model: SiteModel, prices: Precos, assets?: SiteAssets): void {
  const problems = new Map<string, string[]>();
  const report = (file: string, message: string) => problems.set(file, [...(problems.get(file) ?? []), message]);

  const seen = new Map<string, SitePage>();
  for (const p of model.pages) {
    if (!ROUTE_PATTERN.test(p.rota) && p.kind !== 'listagem') report(p.file, `rota "${p.rota}": use letras minúsculas sem acento, números, hífens e barras`);
    const other = seen.get(p.rota);
    if (!other) seen.set(p.rota, p);
    else if (other.kind === 'listagem' || p.kind === 'listagem') {
      const [listing, file] = other.kind === 'listagem' ? [other, p.file] : [p, other.file];
      report(file, `rota "${p.rota}" é reservada: é o endereço de "${listing.titulo}", que o blog gera; dê outro nome ao arquivo`);
    } else report(p.file, `rota "${p.rota}" duplicada: já definida em ${other.file}`);
  }

  for (const a of model.artigos) {
    const autor = a.entry.data.autor;
    if (!model.autores.has(autor) && !assets?.pendingAuthors?.includes(autor)) {
      const known = [...model.autores.keys()].map((n) => `"${n}"`).join(', ');
      report(a.file, `autor: "${autor}" não existe em content/autores (use o nome de um destes: ${known})`);
    }
  }

  // Tags: each must make an address, and one address is one spelling (the theme's page shows one name).
  const spelling = new Map<string, { tag: string; file: string }>();
  for (const a of model.artigos) {
    a.entry.data.tags.forEach((tag, i) => {
      const slug = themeSlug(tag);
      if (!slug) return report(a.file, `tags.${i}: "${tag}" não tem letras nem números para formar o endereço do tema`);
      const first = spelling.get(slug);
      if (!first) spelling.set(slug, { tag, file: a.file });
      else if (first.tag !== tag)
        report(a.file, `tags.${i}: "${tag}" e "${first.tag}" (em ${first.file}) levam ao mesmo tema /${THEMES_ROUTE}/${slug}; escreva a tag do mesmo jeito nos dois artigos`);
    });
  }

  const pendingSolutions = (assets?.pendingRoutes ?? []).filter((r) => r.startsWith('solucoes/')).map((r) => r.slice('solucoes/'.length));
  const solutionSlugs = new Set([...model.solucoes.map((s) => s.entry.id), ...pendingSolutions]);
  for (const o of model.objetivos) {
    o.entry.data.solucoes.forEach((slug, i) => {
      if (!solutionSlugs.has(slug)) report(o.file, `solucoes.${i}: a solução "${slug}" não existe em content/solucoes`);
    });
  }
  for (const s of model.solucoes) {
    const preco = s.entry.data.preco;
    if (preco !== 'sob-proposta' && !prices.produtos.some((p) => p.id === preco)) report(s.file, `preco: o produto "${preco}" não existe em content/precos.json`);
  }
  prices.produtos.forEach((p, i) => {
    if (!model.byRoute.has(p.rota)) report('content/precos.json', `produtos.${i}.rota: a página "${p.rota}" não existe`);
  });
  if (!model.byRoute.has(prices.sobProposta.rota)) report('content/precos.json', `sobProposta.rota: a página "${prices.sobProposta.rota}" não existe`);
  for (const slug of Object.keys(prices.sobProposta.aPartirDe ?? {})) {
    const solution = model.solucoes.find((s) => s.entry.id === slug);
    if (!solution && !solutionSlugs.has(slug)) report('content/precos.json', `sobProposta.aPartirDe.${slug}: a solução "${slug}" não existe em content/solucoes`);
    else if (solution && solution.entry.data.preco !== 'sob-proposta')
      report('content/precos.json', `sobProposta.aPartirDe.${slug}: a solução "${slug}" tem preço público (produto "${solution.entry.data.preco}"); o valor "a partir de" é só para projetos sob proposta`);
  }

  // Authors' photos are files of public/.
  if (assets) {
    for (const a of model.autores.values()) {
      const foto = a.entry.data.foto;
      if (foto && !assets.publicFiles.has(foto)) report(a.file, `foto: o arquivo public${foto} não existe (coloque a foto em public${foto} ou corrija o caminho)`);
    }
  }

  // Pages besides the content: the documents, the contact form (a function, prefilled by its query), the files of
  // public/ (a PDF, an image) and the pages whose files failed their own checks (reported there).
  const linkable = new Set<string>([...DOCUMENT_PATHS, CONTACT_FORM_PATH, ...(assets?.publicFiles ?? []), ...(assets?.pendingRoutes ?? []).flatMap((r) => [pathOf(r), twinOf(r)])]);
  for (const p of model.pages) linkable.add(p.path).add(twinOf(p.rota));
  for (const p of model.pages) {
    const prose = (p.entry.body ?? '').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    if (assets) for (const problem of imageProblems(prose, p.path, assets.publicFiles)) report(p.file, problem);
    const targets = [...prose.matchAll(MARKDOWN_LINK), ...prose.matchAll(HTML_HREF)].map((m) => m[1] ?? '');
    for (const target of targets) {
      if (target === '' || notInternal(target)) continue;
      const path = resolvePath(target, p.path);
      if (linkable.has(path) || LINKABLE_PREFIXES.some((prefix) => `${path}/`.startsWith(prefix))) continue;
      report(p.file, `link interno quebrado: ${asWritten(target, path)} não corresponde a nenhuma página nem arquivo publicado pelo site`);
    }
  }

  if (problems.size) throw new SiteContentError(problems);
}

/** What an editor is told after the list of problems. */
export const CONTENT_HINT = 'Corrija os arquivos indicados em content/ (campos do frontmatter, datas, rotas, links internos e imagens) e rode o build de novo.';

/** The content problems found across the entries, by file (src/build/content-check.ts merges them with its own). */
export class SiteContentError extends AstroError {
  readonly problemsByFile: Map<string, string[]>;
  constructor(problemsByFile: Map<string, string[]>) {
    super([...problemsByFile].map(([file, list]) => new ContentError(file, list).message).join('\n'), CONTENT_HINT);
    this.problemsByFile = problemsByFile;
  }
}

/** The entries of the content collections, as Astro's `getCollection` returns them. */
export interface SiteEntries {
  paginas: CollectionEntry<'paginas'>[];
  solucoes: CollectionEntry<'solucoes'>[];
  objetivos: CollectionEntry<'objetivos'>[];
  blog: CollectionEntry<'blog'>[];
  documentos: CollectionEntry<'documentos'>[];
  autores: CollectionEntry<'autores'>[];
}

/** The validated site model from the entries and the prices; throws an error naming each file and field. */
export function assembleSite({ paginas, solucoes, objetivos, blog, documentos, autores }: SiteEntries, prices: Precos, assets?: SiteAssets): SiteModel {
  const byOrder = <T extends { entry: { data: { ordem: number; titulo: string } } }>(a: T, b: T) =>
    a.entry.data.ordem - b.entry.data.ordem || a.entry.data.titulo.localeCompare(b.entry.data.titulo, 'pt-BR');

  const solutionPages = solucoes.map((e) => page('solucao', e, 'solucoes', e.data.atualizadoEm)).sort(byOrder);
  const objectivePages = objetivos.map((e) => page('objetivo', e, 'objetivos', e.data.atualizadoEm)).sort(byOrder);
  const articlePages = blog
    .map((e) => page('artigo', e, 'blog', e.data.atualizadoEm ?? e.data.publicadoEm))
    .sort((a, b) => b.entry.data.publicadoEm.getTime() - a.entry.data.publicadoEm.getTime());
  // Beyond the newest articles, the blog's image (see ARTICLES_WITH_OWN_IMAGE).
  for (const a of articlePages.slice(ARTICLES_WITH_OWN_IMAGE)) Object.assign(a, withImage(sectionShareImage(a.secao)));
  const plainPages = paginas.map((e) => page('pagina', e, 'paginas', e.data.atualizadoEm));
  // An author's page: titled by the name, described by the summary, as fresh as their newest article (else the team's page).
  const teamDate = plainPages.find((p) => p.rota === 'sobre')?.lastmod ?? new Date(0);
  const authorPages = autores
    .map((e) => {
      const own = articlePages.filter((a) => a.entry.data.autor === e.data.nome).map((a) => a.lastmod.getTime());
      return page('autor', e, 'autores', new Date(Math.max(teamDate.getTime(), ...own)), { titulo: e.data.nome, descricao: e.data.resumo });
    })
    .sort((a, b) => a.titulo.localeCompare(b.titulo, 'pt-BR'));

  const themes = themesOf(articlePages);
  const blogPage = plainPages.find((p) => p.rota === BLOG_ROUTE);
  const listings = blogPage ? listingPages(blogPage, articlePages, themes) : [];

  const pages: SitePage[] = [...plainPages, ...solutionPages, ...objectivePages, ...articlePages, ...authorPages, ...listings].sort((a, b) =>
    a.rota === 'index' ? -1 : b.rota === 'index' ? 1 : a.rota.localeCompare(b.rota),
  );
  const model: SiteModel = {
    pages,
    byRoute: new Map(pages.map((p) => [p.rota, p])),
    solucoes: solutionPages,
    objetivos: objectivePages,
    artigos: articlePages,
    documentos,
    autores: new Map(authorPages.map((a) => [a.titulo, a])),
    temas: themes,
  };
  validate(model, prices, assets);
  return model;
}

