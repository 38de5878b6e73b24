/**
 * `search` and `fetch` on `POST /mcp`, in the shape OpenAI's connectors call (ChatGPT deep research, company
 * knowledge, the API's MCP tool: developers.openai.com/api/docs/mcp, "Company knowledge compatibility"):
 *
 * - `search(query)` → `{ results: [{ id, title, url }] }`;
 * - `fetch(id)` → `{ id, title, text, url, metadata? }`;
 *
 * each returned as `structuredContent` and as the same JSON in the one text block, with an output schema.
 * Both answer from what `search_site` and `get_page` read (the shared search engine, the published pages): an
 * `id` is a page route, and `fetch` also takes the page's URL, path or `.md` twin.
 */
import { z } from 'zod';
import { twinUrl } from '../../src/model/routes.ts';
import { findPage, searchHits } from './product-tools.ts';
import { READ_ONLY, type ToolDefinition, defineTool, jsonResult, toolError } from './registry.ts';

/** Results of one `search` call (OpenAI's shape has no limit parameter). */
export const CONNECTOR_SEARCH_LIMIT = 10;

const search = defineTool({
  name: 'search',
  title: 'Buscar páginas (formato de conectores)',
  description:
    'Busca por palavras-chave nas páginas do site (a mesma busca de search_site) e devolve as mais relevantes como {results: [{id, title, url}]}, o formato dos conectores da OpenAI (pesquisa aprofundada do ChatGPT). Use fetch com o id para ler a página inteira; é o mesmo conteúdo de get_page.',
  inputSchema: z.object({
    query: z.string().trim().min(1, 'Informe o que buscar.').max(500).describe('Palavras-chave em português (ex.: "dados estruturados", "preço do diagnóstico").'),
  }),
  outputSchema: z.object({
    results: z
      .array(
        z.object({
          id: z.string().describe('identificador da página (a rota; use em fetch)'),
          title: z.string(),
          url: z.string().describe('endereço da página, para citar'),
        }),
      )
      .describe(`até ${CONNECTOR_SEARCH_LIMIT} páginas, da mais relevante para a menos`),
  }),
  annotations: READ_ONLY,
  async handler({ query }, context) {
    const results = searchHits(context, query, CONNECTOR_SEARCH_LIMIT).map((h) => ({ id: h.rota, title: h.titulo, url: h.url }));
    return jsonResult({ results });
  },
});

const fetchPage = defineTool({
  name: 'fetch',
  title: 'Ler uma página (formato de conectores)',
  description:
    'Devolve uma página do site inteira em markdown como {id, title, text, url, metadata}, o formato dos conectores da OpenAI. O id vem de search (a rota da página); também aceita o endereço da página ou a versão .md.',
  inputSchema: z.object({
    id: z.string().trim().min(1, 'Informe o id de um resultado de search.').max(500).describe('id de um resultado de search (a rota, ex.: solucoes/seo-tecnico), o endereço da página ou a versão .md.'),
  }),
  outputSchema: z.object({
    id: z.string(),
    title: z.string(),
    text: z.string().describe('a página inteira em markdown (o mesmo conteúdo de <rota>.md)'),
    url: z.string(),
    metadata: z
      .object({
        descricao: z.string(),
        secao: z.string(),
        lastmod: z.string().describe('data da última modificação'),
        markdownUrl: z.string().describe('endereço da versão em markdown'),
      })
      .optional(),
  }),
  annotations: READ_ONLY,
  async handler({ id }, context) {
    const page = findPage(context, id);
    if (!page) return toolError(`Página não encontrada: "${id}". Use o id de um resultado de search (a rota da página; a inicial é "index").`);
    return jsonResult({
      id: page.rota,
      title: page.titulo,
      text: page.markdown,
      url: page.url,
      metadata: { descricao: page.descricao, secao: page.secao, lastmod: page.lastmod, markdownUrl: twinUrl(context.origin, page.rota) },
    });
  },
});

/** OpenAI's two connector tools, listed after the product tools of the contract. */
export const CONNECTOR_TOOLS: readonly ToolDefinition[] = [search, fetchPage];
