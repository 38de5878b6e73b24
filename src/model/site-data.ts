/**
 * Shape of the data the functions serve, bundled at build from the published site
 * (src/build/integration.ts) into `.generated/site-data.json`. The resources in it (index entries, catalogue)
 * are the types inferred from their schemas (./resources.ts).
 */
import type { Catalogo, IndexEntry } from './resources.ts';

export const SITE_DATA_FILE = '.generated/site-data.json';

/**
 * The origin the generated data is written with (`.invalid`, RFC 2606: never a real origin). The build writes it
 * where the build's own origin stood (`originFree`), and the functions put the configured origin in its place per
 * origin (`withOrigin`), so the data serves any origin, whatever origin the last build used.
 */
export const ORIGIN_PLACEHOLDER = 'https://origem.invalid';

/** `json` with every absolute URL of `origin` written with `ORIGIN_PLACEHOLDER` (only whole origins: a longer host or port is left alone). */
export function originFree(json: string, origin: string): string {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return json.replace(new RegExp(`${escaped}(?![\\w.:-])`, 'g'), ORIGIN_PLACEHOLDER);
}

/** `value` with `ORIGIN_PLACEHOLDER` replaced by `origin` in every string (a copy; strings without it are shared). */
export function withOrigin<T>(value: T, origin: string): T {
  if (typeof value === 'string') return (value.includes(ORIGIN_PLACEHOLDER) ? value.replaceAll(ORIGIN_PLACEHOLDER, origin) : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withOrigin(item, origin)) as T;
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = withOrigin(item, origin);
    return copy as T;
  }
  return value;
}

/**
 * What the prerender hands the build integration (`src/pages/build-pages.json.ts`, deleted from the output once
 * read): every page, listed or not, with its index fields and its markdown twin, and the share images to render
 * (each once).
 */
export const PAGE_BUNDLE_FILE = 'build-pages.json';
/** Key on `globalThis` of the function through which the bundle route hands the bundle to the integration in process. */
export const PAGE_BUNDLE_CHANNEL = Symbol.for('sinal-cognitivo.build.page-bundle');
export interface PageBundle {
  origem: string;
  paginas: (Omit<IndexEntry, 'texto'> & { listada: boolean; markdown: string })[];
  imagens: ShareImageSpec[];
}

export type { Catalogo, CatalogoObjetivo, CatalogoSolucao, IndexEntry } from './resources.ts';

export interface SiteData {
  origem: string;
  paginas: (IndexEntry & { markdown: string })[];
  /** The public catalogue (`/agentes/catalogo.json`). */
  catalogo: Catalogo;
  /** Markdown and text documents (llms.txt files, auth.md, pricing.md, versioning) as served. */
  documentos: { caminho: string; conteudo: string }[];
}

/** A share image: what the build's worker renders and the layout names: root-relative path, the texts drawn, the text alternative. */
export interface ShareImageSpec {
  caminho: string;
  titulo: string;
  secao: string;
  alt: string;
}
