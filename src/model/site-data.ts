/**
 * Shape of the data the functions serve, bundled at build from the published site
 * (src/build/integration.ts) into `.generated/site-data.json`.
 */
export const SITE_DATA_FILE = '.generated/site-data.json';

/**
 * What the prerender hands the build integration (`src/pages/build-pages.json.ts`, deleted from the output once
 * read): every page, listed or not, with its index fields and its markdown twin.
 */
export const PAGE_BUNDLE_FILE = 'build-pages.json';
/** Key on `globalThis` of the function through which the bundle route hands the bundle to the integration in process. */
export const PAGE_BUNDLE_CHANNEL = Symbol.for('sinal-cognitivo.build.page-bundle');
export interface PageBundle {
  origem: string;
  paginas: (Omit<IndexEntry, 'texto'> & { listada: boolean; markdown: string })[];
}

/** One page of the public search index (`/agentes/indice.json`). */
export interface IndexEntry {
  rota: string;
  url: string;
  titulo: string;
  descricao: string;
  secao: string;
  /** Last modification, `AAAA-MM-DD`. */
  lastmod: string;
  /** Plain text of the page (title and description excluded). */
  texto: string;
}

export interface SiteData {
  origem: string;
  paginas: (IndexEntry & { markdown: string })[];
  /** The public catalogue (`/agentes/catalogo.json`). */
  catalogo: Catalogo;
  /** Markdown and text documents (llms.txt files, auth.md, pricing.md, versioning) as served. */
  documentos: { caminho: string; conteudo: string }[];
}

export interface CatalogoSolucao {
  slug: string;
  rota: string;
  url: string;
  titulo: string;
  descricao: string;
  resumo: string;
  tipo: string;
  paraQuem: string[];
  entregaveis: string[];
  prazo: string;
  preco: string;
  produto: string | null;
  comoContratar: string;
  objetivos: string[];
}
export interface CatalogoObjetivo {
  slug: string;
  rota: string;
  url: string;
  titulo: string;
  chamada: string;
  descricao: string;
  solucoes: string[];
}
export interface Catalogo {
  origem: string;
  atualizadoEm: string;
  solucoes: CatalogoSolucao[];
  objetivos: CatalogoObjetivo[];
}
