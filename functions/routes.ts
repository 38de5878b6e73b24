/**
 * The route table: every path served by a function, declared once. The Netlify adapters under
 * netlify/functions are generated from it (scripts/generate-netlify.ts), the edge function's excluded paths
 * too, and the local server dispatches with it. Patterns use URLPattern syntax, as Netlify does.
 */
export interface FunctionRoute {
  /** Netlify function name (file netlify/functions/<name>.mts). */
  name: string;
  /** Module under functions/ whose default export is the handler. */
  module: string;
  paths: readonly string[];
  /** Methods the function answers; the handler itself answers 405 for the others on its paths. */
  methods?: readonly string[];
}

export const FUNCTION_ROUTES: readonly FunctionRoute[] = [
  { name: 'agent-auth', module: 'auth/handler.ts', paths: ['/agent/*'] },
  { name: 'api', module: 'api/handler.ts', paths: ['/api', '/api/', '/api/v1', '/api/v1/*', '/api/ia/leitura'] },
  { name: 'ask', module: 'ask/handler.ts', paths: ['/ask'] },
  { name: 'mcp', module: 'mcp/handler.ts', paths: ['/mcp', '/mcp/docs'] },
  { name: 'readiness', module: 'readiness/handler.ts', paths: ['/api/ia/medicao', '/.well-known/http-message-signatures-directory'] },
];

/** Static prefixes the edge negotiation never touches (functions and build assets). */
export const EDGE_EXCLUDED_PATHS: readonly string[] = [
  ...FUNCTION_ROUTES.flatMap((r) => r.paths),
  '/_astro/*',
  '/.well-known/*',
  // Static MCP server cards (`/mcp/server-card`, `/mcp/docs/server-card`): JSON for every client, AI crawlers included.
  '/mcp/*',
  '/feeds/*',
  '/agentes/*.json',
];

const compiled = FUNCTION_ROUTES.flatMap((route) => route.paths.map((pathname) => ({ route, pattern: new URLPattern({ pathname }) })));

/** The function route serving a path, if any (first match wins, as declared). */
export const matchFunctionRoute = (pathname: string): FunctionRoute | undefined =>
  compiled.find(({ pattern }) => pattern.test({ pathname }))?.route;
