/**
 * Which MCP revision a site's server answers, and whether it offers OpenAI's connector pair.
 *
 * On the site's own origin only (a card pointing elsewhere is reported, not followed), at the server's address
 * (the card's, or `/mcp`):
 *
 * 1. `server/discover` as MCP 2026-07-28 asks (per-request `_meta`, `MCP-Protocol-Version`, `Mcp-Method`):
 *    a result naming 2026-07-28 (or a later revision) is `atual`;
 * 2. otherwise `initialize` (the handshake of the revisions up to 2025-11-25): a legacy revision still honoured
 *    by today's clients (2025-03-26 to 2025-11-25) is `legado`, with a migration note; anything older, or a
 *    JSON-RPC answer without a valid handshake, is `invalido` (the verdicts of revision.ts, for the `mcp` row of
 *    src/model/agent-standards.ts);
 * 3. `tools/list` in the era found, and one read-only call of `search` when it is listed: `search` and `fetch`
 *    in OpenAI's shape (`{results:[{id,title,url}]}`, output schemas) or not.
 *
 * `readMcpRevision` returns the reading as data (every URL requested with its status, and what decided);
 * the check turns it into an outcome.
 */
import { LEGACY_VERSIONS, META, MODERN_VERSION } from '../../mcp/protocol.ts';
import { isObject, isResponse, type MeasurementContext, type Probe } from '../context.ts';
import { type Evidence, sitePath, siteText } from '../evidence.ts';
import { revisionOf, type Veredito, withVerdict } from '../revision.ts';
import { missingInterface } from './api-signals.ts';
import { jsonRpcResult, READER_CLIENT_INFO, rpc } from './mcp-ao-vivo.ts';
import { mcpEndpoint } from './mcp-cartao.ts';
import { type CheckDefinition, type CheckOutcome, partial } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export interface McpRequestRecord {
  method: string;
  url: string;
  /** HTTP status, or the fetch failure. */
  status: number | string;
  /** JSON-RPC error code, when the answer was one. */
  rpcError?: number;
}

export interface McpRevisionReading {
  /** The MCP endpoint requested. */
  url: string;
  /** The card's endpoint when it pointed to another origin (not followed). */
  offOrigin?: string;
  /** The verdict on the revision answered; absent when nothing at the address speaks MCP in either era. */
  verdict?: Veredito;
  /** The revision the server answered with (the newest of `supportedVersions`, or `initialize`'s `protocolVersion`). */
  revision?: string;
  /** What decided the verdict (pt-BR). */
  decidedBy: string;
  requests: McpRequestRecord[];
  connector: { search: boolean; fetch: boolean; shape: boolean; detail: string };
  /** The evidence of each request, in order: what was asked and what came back. */
  evidencias: Evidence[];
}

const isRevision = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

function record(method: string, url: string, probe: Probe, message?: Record<string, unknown>): McpRequestRecord {
  const error = isObject(message?.error) && typeof message.error.code === 'number' ? message.error.code : undefined;
  return { method, url, status: isResponse(probe) ? probe.status : probe.code, ...(error !== undefined ? { rpcError: error } : {}) };
}

/** A JSON-RPC error code as read from the site: a number as is, anything else quoted as site text. */
const codeText = (code: unknown): string => (Number.isInteger(code) ? String(code) : siteText(String(code)));

/** What decided an MCP request, for its evidence: the JSON-RPC error, or the status. */
function decisiveOf(probe: Probe, message?: Record<string, unknown>): { decisivo: string; em: Evidence['em'] } | Record<string, never> {
  if (!isResponse(probe)) return {};
  if (isObject(message?.error)) return { decisivo: `erro JSON-RPC ${codeText(message.error.code)}`, em: 'corpo' };
  if (isObject(message?.result)) return { decisivo: 'result JSON-RPC', em: 'corpo' };
  return { decisivo: `HTTP ${probe.status}`, em: 'status' };
}

/** A query for the one `search` call: the first long word of the home page's title, or the domain's first label. */
const searchQuery = (ctx: MeasurementContext): string =>
  ctx.page.title.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 4) ?? ctx.domain.split('.')[0] ?? 'site';

const hasStringProperty = (schema: unknown, name: string): boolean =>
  isObject(schema) && isObject(schema.properties) && isObject(schema.properties[name]) && schema.properties[name].type === 'string';

export async function readMcpRevision(ctx: MeasurementContext): Promise<McpRevisionReading> {
  const found = await mcpEndpoint(ctx);
  let url = found.url;
  let offOrigin: string | undefined;
  if (new URL(url).origin !== ctx.origin) {
    offOrigin = url;
    url = ctx.url('/mcp');
  }
  const requests: McpRequestRecord[] = [];
  const evidencias: Evidence[] = [];
  const note = (method: string, probe: Probe, message?: Record<string, unknown>) => {
    requests.push(record(method, url, probe, message));
    evidencias.push(ctx.evidence(probe, decisiveOf(probe, message)));
  };
  const meta = { [META.protocolVersion]: MODERN_VERSION, [META.clientCapabilities]: {}, [META.clientInfo]: READER_CLIENT_INFO };
  const modernHeaders = (method: string, name?: string) => ({
    'mcp-protocol-version': MODERN_VERSION,
    'mcp-method': method,
    ...(name ? { 'mcp-name': name } : {}),
  });

  let era: 'modern' | 'legacy' | undefined;
  let verdict: Veredito | undefined;
  let revision: string | undefined;
  let decidedBy: string;
  const legacyHeaders: Record<string, string> = {};

  const discover = await rpc(ctx, url, 1, 'server/discover', { _meta: meta }, modernHeaders('server/discover'));
  const discovered = isResponse(discover) ? jsonRpcResult(discover.body, 1) : undefined;
  note('server/discover', discover, discovered);
  const result = isObject(discovered?.result) ? discovered.result : undefined;
  const unsupported = isObject(discovered?.error) && discovered.error.code === -32022 && isObject(discovered.error.data) ? discovered.error.data : undefined;
  const versions = (result && Array.isArray(result.supportedVersions) ? result.supportedVersions : unsupported && Array.isArray(unsupported.supported) ? unsupported.supported : []).filter(isRevision);
  if (result || unsupported) {
    era = 'modern';
    revision = [...versions].sort().at(-1);
    if (versions.some((v) => v >= MODERN_VERSION)) {
      verdict = 'atual';
      decidedBy = `server/discover respondeu ${isResponse(discover) ? discover.status : ''} com supportedVersions ${JSON.stringify(versions)}`;
    } else {
      verdict = 'invalido';
      decidedBy = result
        ? `server/discover respondeu, mas supportedVersions ${JSON.stringify(versions)} não nomeia ${MODERN_VERSION} nem revisão posterior`
        : `server/discover recusou ${MODERN_VERSION} (erro -32022) e só aceita ${JSON.stringify(versions)}`;
    }
  } else {
    const why = isResponse(discover) ? `respondeu ${discover.status}${discovered?.error ? ` com o erro JSON-RPC ${codeText((discovered.error as Record<string, unknown>).code)}` : ''}` : `falhou (${discover.message})`;
    const init = await rpc(ctx, url, 2, 'initialize', { protocolVersion: LEGACY_VERSIONS[0], capabilities: {}, clientInfo: READER_CLIENT_INFO });
    const initialized = isResponse(init) ? jsonRpcResult(init.body, 2) : undefined;
    note('initialize', init, initialized);
    const answered = isObject(initialized?.result) ? initialized.result : undefined;
    if (answered && isRevision(answered.protocolVersion) && isObject(answered.serverInfo)) {
      era = 'legacy';
      revision = answered.protocolVersion;
      legacyHeaders['mcp-protocol-version'] = revision;
      const session = isResponse(init) ? init.headers.get('mcp-session-id') : null;
      if (session) legacyHeaders['mcp-session-id'] = session;
      const honoured = (LEGACY_VERSIONS as readonly string[]).includes(revision);
      verdict = honoured ? 'legado' : 'invalido';
      decidedBy = `server/discover ${why}; initialize respondeu com protocolVersion ${revision}${honoured ? '' : ', revisão anterior às que os clientes de hoje aceitam'}`;
    } else if (answered || initialized?.error) {
      verdict = 'invalido';
      decidedBy = `server/discover ${why}; initialize respondeu JSON-RPC${initialized?.error ? ` com o erro ${codeText((initialized.error as Record<string, unknown>).code)}` : ''} sem protocolVersion e serverInfo válidos`;
    } else {
      decidedBy = `server/discover ${why}; initialize ${isResponse(init) ? `respondeu ${init.status}` : `falhou (${init.message})`}`;
    }
  }

  const connector = { search: false, fetch: false, shape: false, detail: 'não verificado: nenhum servidor MCP respondeu' };
  if (era) {
    const headers = era === 'modern' ? modernHeaders('tools/list') : legacyHeaders;
    const list = await rpc(ctx, url, 3, 'tools/list', era === 'modern' ? { _meta: meta } : {}, headers);
    const listed = isResponse(list) ? jsonRpcResult(list.body, 3) : undefined;
    note('tools/list', list, listed);
    const tools = isObject(listed?.result) && Array.isArray(listed.result.tools) ? listed.result.tools.filter(isObject) : [];
    const search = tools.find((t) => t.name === 'search');
    const fetchTool = tools.find((t) => t.name === 'fetch');
    connector.search = Boolean(search);
    connector.fetch = Boolean(fetchTool);
    if (!search || !fetchTool) {
      connector.detail = `tools/list (${plural(tools.length, 'ferramenta', 'ferramentas')}) não tem ${[!search && 'search', !fetchTool && 'fetch'].filter(Boolean).join(' nem ')}`;
    } else {
      const problems: string[] = [];
      if (!hasStringProperty(search.inputSchema, 'query')) problems.push('search sem o argumento query (texto)');
      if (!hasStringProperty(fetchTool.inputSchema, 'id')) problems.push('fetch sem o argumento id (texto)');
      if (!isObject(search.outputSchema) || !isObject(fetchTool.outputSchema)) problems.push('sem outputSchema');
      const destructive = isObject(search.annotations) && (search.annotations.readOnlyHint === false || search.annotations.destructiveHint === true);
      if (destructive) problems.push('search não se declara somente leitura (a chamada não foi feita)');
      else {
        const query = searchQuery(ctx);
        const params = { name: 'search', arguments: { query }, ...(era === 'modern' ? { _meta: meta } : {}) };
        const called = await rpc(ctx, url, 4, 'tools/call', params, era === 'modern' ? modernHeaders('tools/call', 'search') : legacyHeaders);
        const answer = isResponse(called) ? jsonRpcResult(called.body, 4) : undefined;
        note('tools/call search', called, answer);
        const out = isObject(answer?.result) ? answer.result : undefined;
        const structured = isObject(out?.structuredContent) ? out.structuredContent : undefined;
        const results = structured && Array.isArray(structured.results) ? structured.results : undefined;
        if (!results) problems.push(`search(${siteText(query)}) não devolveu structuredContent.results`);
        else if (!results.every((r) => isObject(r) && typeof r.id === 'string' && typeof r.title === 'string' && typeof r.url === 'string')) {
          problems.push(`search(${siteText(query)}) devolveu resultados sem id, title e url`);
        }
      }
      connector.shape = problems.length === 0;
      connector.detail = problems.length ? `search e fetch listados, mas ${problems.join('; ')}` : 'search e fetch no formato dos conectores da OpenAI';
    }
  }
  return { url, ...(offOrigin ? { offOrigin } : {}), ...(verdict ? { verdict } : {}), ...(revision ? { revision } : {}), decidedBy, requests, connector, evidencias };
}

/** Share of the credit kept without OpenAI's search/fetch pair (on top of the verdict's: `LEGACY_CREDIT` for `legado`). */
const WITHOUT_CONNECTOR = 0.8;

/** The verdict in the words that open `detalhe`. */
const LABEL: Record<Veredito, string> = { atual: 'atual', legado: 'legado', invalido: 'obsoleto ou inválido' };

export const MIGRATION_NOTE =
  `Migre para o MCP ${MODERN_VERSION} mantendo o initialize: implemente server/discover, leia a versão e as capacidades do cliente em _meta de cada requisição, ` +
  'acrescente resultType a todo resultado e ttlMs/cacheScope às listas e leituras, e valide os cabeçalhos MCP-Protocol-Version, Mcp-Method e Mcp-Name ' +
  '(o SDK TypeScript v2, @modelcontextprotocol/server, atende as duas eras com um só endereço).';

const CONNECTOR_NOTE =
  'Para conectores da OpenAI (pesquisa aprofundada do ChatGPT), ofereça também as ferramentas somente leitura search(query) → {results:[{id,title,url}]} e fetch(id) → {id,title,text,url,metadata}, com outputSchema e o mesmo JSON num bloco de texto.';

/** The form found, for a verdict other than `atual`: the revision answered, and how it was asked. */
function formOf(reading: McpRevisionReading): string {
  const byInitialize = reading.requests.some((r) => r.method === 'initialize');
  if (!byInitialize) return reading.revision ? `server/discover só com ${reading.revision}` : 'server/discover sem supportedVersions';
  return reading.revision ? `${reading.revision}, pelo handshake initialize` : 'initialize sem protocolVersion e serverInfo válidos';
}

export function revisionOutcome(reading: McpRevisionReading): CheckOutcome | undefined {
  if (!reading.verdict) return undefined;
  const where = `${sitePath(reading.url)}${reading.offOrigin ? ` (o cartão aponta para ${siteText(reading.offOrigin)}, outra origem: não seguido)` : ''}`;
  const connector = reading.connector.shape ? 'Oferece search e fetch no formato dos conectores da OpenAI.' : `Conectores da OpenAI: ${reading.connector.detail}.`;
  const revisao = revisionOf('mcp', reading.verdict, reading.verdict === 'atual' ? {} : { forma: formOf(reading), migracao: MIGRATION_NOTE });
  const notes = [reading.verdict === 'atual' ? '' : MIGRATION_NOTE, reading.connector.shape ? '' : CONNECTOR_NOTE].filter(Boolean).join(' ');
  const evidencias = reading.evidencias.slice().reverse();
  const judged = withVerdict(`MCP ${LABEL[reading.verdict]} em ${where}: ${reading.decidedBy}. ${connector}`, revisao, { evidencias, ...(notes ? { comoCorrigir: notes } : {}) });
  if (judged.status === 'falhou') return judged;
  // The verdict's credit (1, or `LEGACY_CREDIT`), times the share kept without the connector pair.
  const { status: _status, credito, ...kept } = judged;
  const credit = (credito ?? 1) * (reading.connector.shape ? 1 : WITHOUT_CONNECTOR);
  const titulo = reading.verdict === 'legado' ? PARTIAL_TITLES.legacy : PARTIAL_TITLES.connector;
  return partial(credit, judged.detalhe, { ...kept, ...(credit < 1 ? { titulo } : {}) });
}

/** A partial result's title, true to what was seen: a legacy revision, or the current one without the connector pair. */
const PARTIAL_TITLES = {
  legacy: 'O servidor MCP só fala a revisão legada (initialize)',
  connector: `O servidor MCP fala a revisão ${MODERN_VERSION}, mas não oferece search e fetch`,
} as const;

export const mcpRevisao: CheckDefinition = {
  id: 'mcp-revisao',
  nome: `Revisão do MCP (${MODERN_VERSION}) e conectores`,
  camada: 'agentes',
  severidade: 'media',
  titulo: `O servidor MCP não fala a revisão atual (${MODERN_VERSION})`,
  tituloParcial: 'O servidor MCP fala uma revisão legada ou não oferece search e fetch',
  porque:
    `A revisão ${MODERN_VERSION} do MCP troca o aperto de mão initialize por server/discover e metadados em cada requisição; clientes novos a tentam primeiro. ` +
    'E os conectores da OpenAI (pesquisa aprofundada do ChatGPT) só enxergam um servidor pelas ferramentas search e fetch.',
  comoCorrigir: `${MIGRATION_NOTE} ${CONNECTOR_NOTE}`,
  referencia: `https://modelcontextprotocol.io/specification/${MODERN_VERSION}/basic/versioning`,
  dependeDe: 'mcp-ao-vivo',
  async run(ctx) {
    const reading = await readMcpRevision(ctx);
    return revisionOutcome(reading) ?? (await missingInterface(ctx, `Nenhum servidor MCP em ${sitePath(reading.url)}: ${reading.decidedBy}.`, reading.evidencias));
  },
};
