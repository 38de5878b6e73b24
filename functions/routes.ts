/**
 * The route table: every path served by a function, declared once. The Netlify adapters under
 * netlify/functions are generated from it (scripts/generate-netlify.ts), the edge function's excluded paths
 * too, and the local server dispatches with it. Patterns use URLPattern syntax, as Netlify does. The mount points
 * of the functions with an operation table come from src/model/paths.ts, where those tables take their paths.
 */
import {
  A2A_PATH,
  AGENT_AUTH,
  API_FUNCTION_PATHS,
  ASK_PATH,
  BADGE_IMAGES,
  CONTACT_FORM_PATH,
  FOLLOW_PATH,
  KEY_DIRECTORY_PATH,
  MCP_PATHS,
  MEASURE_API_PATH,
  REPORT_PATH,
  RESULT_PAGES,
  SEARCH_PAGE_PATH,
} from '../src/model/paths.ts';

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
  { name: 'a2a', module: 'a2a/handler.ts', paths: [A2A_PATH] },
  { name: 'agent-auth', module: 'auth/handler.ts', paths: [`${AGENT_AUTH}/*`] },
  { name: 'api', module: 'api/handler.ts', paths: API_FUNCTION_PATHS },
  { name: 'ask', module: 'ask/handler.ts', paths: [ASK_PATH] },
  { name: 'contact', module: 'contact/handler.ts', paths: [CONTACT_FORM_PATH] },
  { name: 'follow', module: 'follow/handler.ts', paths: [FOLLOW_PATH, `${FOLLOW_PATH}/*`] },
  { name: 'mcp', module: 'mcp/handler.ts', paths: Object.values(MCP_PATHS) },
  { name: 'report', module: 'report/handler.ts', paths: [REPORT_PATH] },
  { name: 'search', module: 'search/page.ts', paths: [SEARCH_PAGE_PATH] },
  { name: 'readiness', module: 'readiness/handler.ts', paths: [MEASURE_API_PATH, KEY_DIRECTORY_PATH, RESULT_PAGES, BADGE_IMAGES] },
];

/** A job run on a schedule (Netlify scheduled function); `module` default-exports `() => Promise<void>`. */
export interface ScheduledFunction {
  name: string;
  module: string;
  /** Cron expression (Netlify runs scheduled functions at most once a minute). */
  schedule: string;
}

export const SCHEDULED_FUNCTIONS: readonly ScheduledFunction[] = [
  // Contact leads whose webhook delivery failed: retried with backoff (functions/contact/retry.ts).
  { name: 'contact-retry', module: 'contact/scheduled.ts', schedule: '* * * * *' },
  // Followed domains due for a new measurement: one per run (a measurement takes up to 20 s of the 30 s a
  // scheduled function may run), every 5 minutes (functions/follow/scheduler.ts).
  { name: 'follow-measure', module: 'follow/scheduled.ts', schedule: '*/5 * * * *' },
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

/**
 * Compiles a path pattern of the forms this table uses (literal segments and `*` wildcards, which match any
 * characters, slashes included, as in URLPattern) into a RegExp: the same matches as `new URLPattern({ pathname })`
 * (a unit test compares both on many paths), at a fraction of the cost on every request.
 */
export const compilePathPattern = (pattern: string): RegExp => {
  if (/[:(){}+?\\]/.test(pattern)) throw new Error(`padrão de rota não suportado: ${pattern}`);
  return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
};

const compiled = FUNCTION_ROUTES.flatMap((route) => route.paths.map((pathname) => ({ route, pattern: compilePathPattern(pathname) })));

/** The function route serving a path, if any (first match wins, as declared). */
export const matchFunctionRoute = (pathname: string): FunctionRoute | undefined => compiled.find(({ pattern }) => pattern.test(pathname))?.route;

const edgeExcluded = EDGE_EXCLUDED_PATHS.map(compilePathPattern);
/** Whether the edge negotiation skips a path (Netlify's `excludedPath`). */
export const isEdgeExcluded = (pathname: string): boolean => edgeExcluded.some((pattern) => pattern.test(pathname));
