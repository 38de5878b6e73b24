/**
 * The one lexical search of the service, over the page index (`/agentes/indice.json`). The v1 API
 * (`/api/v1/busca`), MCP `search_site` / `search_docs` and `/ask` all call it; none keeps its own copy.
 */
export interface SearchResult {
  rota: string;
  url: string;
  titulo: string;
  descricao: string;
  secao: string;
  /** Relevance score (higher is better), comparable within one result list only. */
  pontuacao: number;
  /** Excerpt of the text around the best match, with the matched terms. */
  trecho: string;
}

export interface SearchOptions {
  /** Maximum results (the caller validates its own bounds). */
  limite: number;
  /** Restrict to sections (`secao` values). */
  secoes?: readonly string[];
}
