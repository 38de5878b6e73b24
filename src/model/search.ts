/**
 * The bounds of the site search, declared once: the API (`/api/v1/busca`, its schemas and the OpenAPI document),
 * the engine (functions/search/engine.ts), the MCP search tools, the page for people (`/busca`) and the header's
 * search box all read them here.
 */

/** Upper bound of a query (characters): longer queries are refused with 400, and the engine reads no more. */
export const MAX_QUERY_LENGTH = 500;

/** Results of one search: 1 to 20, 8 when not asked (the API's `limite` and the MCP `search_site`). */
export const SEARCH_RESULTS = { min: 1, max: 20, default: 8 } as const;

/** Items of one page of the page list (`/api/v1/paginas`): 1 to 100, 50 when not asked. */
export const PAGE_LIST_ITEMS = { min: 1, max: 100, default: 50 } as const;

/** Upper bound of a page's route (characters, decoded): longer values are refused with 400. */
export const MAX_ROUTE_LENGTH = 256;
