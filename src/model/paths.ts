/**
 * The paths the functions are mounted at, declared once: the operation tables (functions/api/operations.ts,
 * functions/auth/operations.ts, functions/ask/operations.ts) write their paths with them, the route table
 * (functions/routes.ts) hands them to the functions, and the site links to them (public-paths.ts, the search box).
 * A fact of the model: the site and the functions both read it, and it imports nothing but the model.
 */
import { BADGE_PREFIX, MEASURE_PATH, RESULT_PREFIX } from './measurement.ts';

export const API_INDEX = '/api';
export const V1 = '/api/v1';
export const SANDBOX = '/api/v1/sandbox';
export const OPEN_READING = '/api/ia/leitura';

/** The paths the API function answers: every operation of its table lives under them. */
export const API_FUNCTION_PATHS = [API_INDEX, `${API_INDEX}/`, V1, `${V1}/*`, OPEN_READING] as const;

/** Agent authentication: the credential routes live under this prefix (the function answers 404 for the rest). */
export const AGENT_AUTH = '/agent';
export const IDENTITY_PATH = `${AGENT_AUTH}/identity`;
export const TOKEN_PATH = `${AGENT_AUTH}/token`;

export const ASK_PATH = '/ask';

/** The contact form's function: GET renders the form (pre-filled from the query), POST stores and delivers a lead. */
export const CONTACT_FORM_PATH = '/contato/formulario';

/** The site search for people (functions/search/page.ts): HTML results, the header's search box posts here. */
export const SEARCH_PAGE_PATH = '/busca';

/** The free measurement (POST; the readiness function): the form of the measurement page posts here. */
export const MEASURE_API_PATH = '/api/ia/medicao';

/** The reading agent's key directory (Web Bot Auth; the readiness function signs it per request). */
export const KEY_DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';

/** The result pages for people of the free measurement (`<prefix><dominio>`, and `.md` twins): the readiness function. */
export const RESULT_PAGES = `${RESULT_PREFIX}*`;

/** The badges of the recorded readings (`<prefix><dominio>.svg`, SVG to embed in other sites): the readiness function. */
export const BADGE_IMAGES = `${BADGE_PREFIX}*`;
/**
 * Following a domain by e-mail (functions/follow/): POST here asks for it; `/confirmar?t=` and `/cancelar?t=` are
 * the links of the messages (the second is also the RFC 8058 one-click endpoint).
 */
export const FOLLOW_PATH = `${MEASURE_PATH}/acompanhar`;
export const FOLLOW_CONFIRM_PATH = `${FOLLOW_PATH}/confirmar`;
export const FOLLOW_CANCEL_PATH = `${FOLLOW_PATH}/cancelar`;

/** The A2A agent (JSON-RPC binding, functions/a2a/handler.ts). */
export const A2A_PATH = '/a2a';
/**
 * "Receber o relatório por e-mail" under a result (functions/report/): POST here stores the request as a lead of the
 * contact pipeline (and, with SMTP, sends the report).
 */
export const REPORT_PATH = `${MEASURE_PATH}/relatorio`;

/** The two MCP servers' endpoints (functions/mcp/servers.ts). */
export const MCP_PATHS = { product: '/mcp', docs: '/mcp/docs' } as const;

/** The functions' endpoints with a fixed path (no parameter), as public addresses content may link to. */
export const FUNCTION_ENDPOINTS = [API_INDEX, `${API_INDEX}/`, ASK_PATH, ...Object.values(MCP_PATHS), IDENTITY_PATH, TOKEN_PATH] as const;
