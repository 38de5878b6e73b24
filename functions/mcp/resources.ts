/**
 * MCP resources (`resources/list`, `resources/read`, `resources/templates/list`): on `/mcp`, every page of the
 * site, identified by its URL and read as its markdown twin; on `/mcp/docs`, the documentation files, as
 * served. The URIs are the `https://` addresses a client could also fetch itself (the specification's use of
 * that scheme). Built from the published site data the tools read (`ToolSources`), once per data object.
 */
import { MARKDOWN_MEDIA_TYPE } from '../../src/model/media-types.ts';
import { docFiles, findDoc } from './docs-tools.ts';
import { routeOf } from './product-tools.ts';
import type { ToolSources } from './registry.ts';

/** A resource as listed, with the text `resources/read` returns. */
export interface McpResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  /** Size of `text` in bytes (UTF-8). */
  size: number;
  /** ISO date of the last change, when known (the `lastModified` annotation). */
  lastModified?: string;
  text: string;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** The resources of one server. */
export interface ResourceSet {
  list(sources: ToolSources): readonly McpResource[];
  /** The resource a URI names (an exact URI, or another address of the same page or file on the service's origin). */
  find(uri: string, sources: ToolSources): McpResource | undefined;
  templates(origin: string): ResourceTemplate[];
}

const encoder = new TextEncoder();

/** The URL of `uri` when it is on `origin` (resources are never read from another origin). */
function onOrigin(uri: string, origin: string): URL | undefined {
  try {
    const url = new URL(uri);
    return url.origin === origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/** One list per data object (the data of an origin is built once: `siteDataFor`). */
function memo<T extends McpResource>(build: (sources: ToolSources) => T[]) {
  const cache = new WeakMap<object, T[]>();
  return (sources: ToolSources): T[] => {
    let found = cache.get(sources.data);
    if (!found) cache.set(sources.data, (found = build(sources)));
    return found;
  };
}

/** An ISO 8601 instant, as the `lastModified` annotation requires (a page's `lastmod` is a date: its start, UTC). */
const isoInstant = (lastmod: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(lastmod) ? `${lastmod}T00:00:00Z` : lastmod);

const pages = memo(({ data }) =>
  data.paginas.map((p) => ({
    uri: p.url,
    name: p.rota,
    title: p.titulo,
    description: p.descricao,
    mimeType: MARKDOWN_MEDIA_TYPE,
    size: encoder.encode(p.markdown).byteLength,
    ...(p.lastmod ? { lastModified: isoInstant(p.lastmod) } : {}),
    text: p.markdown,
  })),
);

/** A set whose `find` reads a URI on the service's origin by its path (`byPath`). */
function resourceSet<T extends McpResource>(
  list: (sources: ToolSources) => T[],
  byPath: (resources: readonly T[], path: string) => T | undefined,
  templates: ResourceSet['templates'],
): ResourceSet {
  return {
    list,
    find(uri, sources) {
      const url = onOrigin(uri, sources.origin);
      return url ? byPath(list(sources), url.pathname) : undefined;
    },
    templates,
  };
}

/** `/mcp`: the pages of the site, in the order of the published index. */
export const PAGE_RESOURCES: ResourceSet = resourceSet(
  pages,
  (resources, path) => {
    const route = routeOf(path);
    return resources.find((r) => r.name === route);
  },
  (origin) => [
    {
      uriTemplate: `${origin}/{+rota}`,
      name: 'pagina',
      title: 'Página do site',
      description: 'Qualquer página do site pelo endereço (rota sem barra inicial; a inicial é "index"), lida como markdown.',
      mimeType: MARKDOWN_MEDIA_TYPE,
    },
  ],
);

const docs = memo(({ data, origin }) =>
  docFiles(data, origin).map((d) => ({
    caminho: d.caminho,
    uri: d.url,
    name: d.caminho,
    title: d.titulo,
    description: d.descricao,
    mimeType: d.tipo,
    size: d.tamanho,
    text: d.conteudo,
  })),
);

/** `/mcp/docs`: the documentation files of `list_docs`, as served. */
export const DOC_RESOURCES: ResourceSet = resourceSet(docs, findDoc, () => []);
