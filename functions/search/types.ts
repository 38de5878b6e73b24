/**
 * The one lexical search of the service, over the page index (`/agentes/indice.json`). The v1 API
 * (`/api/v1/busca`), MCP `search_site` / `search_docs` and `/ask` all call it; none keeps its own copy.
 */
/** A result: the shared resource schema's type (src/model/resources.ts), as the API and the MCP tools return it. */
export type { SearchResult } from '../../src/model/resources.ts';

export interface SearchOptions {
  /** Maximum results (the caller validates its own bounds). */
  limite: number;
  /** Restrict to sections (`secao` values). */
  secoes?: readonly string[];
}
