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
import { twinUrl } from '../../src/model/routes.ts';
import { CONNECTOR_SEARCH_LIMIT, MCP_TOOLS } from '../../src/model/mcp.ts';
import { findPage, searchHits } from './product-tools.ts';
import { type ToolDefinition, defineTool, jsonResult, toolError } from './registry.ts';

/** Results of one `search` call (OpenAI's shape has no limit parameter). */
const search = defineTool(MCP_TOOLS.search, async ({ query }, context) => {
  const results = searchHits(context, query, CONNECTOR_SEARCH_LIMIT).map((h) => ({ id: h.rota, title: h.titulo, url: h.url }));
  return jsonResult({ results });
});

const fetchPage = defineTool(MCP_TOOLS.fetch, async ({ id }, context) => {
  const page = findPage(context, id);
  if (!page) return toolError(`Página não encontrada: "${id}". Use o id de um resultado de search (a rota da página; a inicial é "index").`);
  return jsonResult({
    id: page.rota,
    title: page.titulo,
    text: page.markdown,
    url: page.url,
    metadata: { descricao: page.descricao, secao: page.secao, lastmod: page.lastmod, markdownUrl: twinUrl(context.origin, page.rota) },
  });
});

/** OpenAI's two connector tools, listed after the product tools of the contract. */
export const CONNECTOR_TOOLS: readonly ToolDefinition[] = [search, fetchPage];
