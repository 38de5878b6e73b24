/**
 * The readiness function:
 *
 * - `POST /api/ia/medicao`: the free measurement of the page /diagnostico-de-visibilidade-cognitiva.
 *   Body JSON `{ "site": "<domínio>" }` or the form field `site` (max 64 KB, else 413). Answers JSON (fetch,
 *   agents), an HTML result page (the form posted without JavaScript, `Accept: text/html`) or NDJSON progress
 *   (`Accept: application/x-ndjson`: one line per finished check, then the result). Limits: the operator
 *   pause, 3 measurements per visitor per 24 h, the instrument gate (8 calls per minute shared with reads).
 *   Storage failure → 503 with Retry-After, never 500. The reading is recorded per domain.
 * - `GET /.well-known/http-message-signatures-directory`: the reading agent's key directory (JWKS), signed
 *   per the Web Bot Auth draft (a static file cannot carry the per-request signature headers).
 * - `GET /diagnostico-de-visibilidade-cognitiva/resultado/<dominio>`: the result page of a recorded reading.
 * - `GET /diagnostico-de-visibilidade-cognitiva/selo/<dominio>.svg`: the badge of a recorded reading (badge.ts).
 */
import { z } from 'zod';
import { BADGE_PREFIX, badgePath, MEASURE_PATH, RESULT_PREFIX, resultPath, whenAgain } from '../../src/model/measurement.ts';
import { MARKDOWN_MEDIA_TYPE } from '../../src/model/media-types.ts';
import { accepts, preferredMediaType, prefersMarkdown } from '../edge/accept.ts';
import { isJsonMediaType, mediaType, readBodyText, readJson } from '../http/body.ts';
import { withCors } from '../http/cors.ts';
import { answerMethod } from '../http/methods.ts';
import { crossSiteReason } from '../http/same-origin.ts';
import { matchesIfNoneMatch } from '../http/conditional.ts';
import { errorResponse } from '../http/errors.ts';
import type { Handler, RequestContext } from '../http/types.ts';
import { currentReaderKey, DIRECTORY_PATH, directoryBody, directoryResponseHeaders } from './agent/signing.ts';
import { BADGE_CACHE_CONTROL, badgeEtag, badgeState, type BadgeState, renderBadge } from './badge.ts';
import { normalizeDomain } from './domain.ts';
import type { Envelope } from './envelope.ts';
import { type GateResult, passGate, PAUSED_RETRY_AFTER_SECONDS } from './gate.ts';
import { AnalysisCutShort } from './deadline.ts';
import { measure } from './measure.ts';
import { saveReading } from './readings.ts';
import { GATE_MOTIVO, GATE_TITULO, closedGateEnvelope, closedGateResponse, envelopeResponse, retryAfterHeader, unavailableGate, unavailableResponse } from './responses.ts';
import { getReading } from './readings.ts';
import { readingAddresses, renderLimitExtras, renderMessagePage, renderNotMeasuredPage, renderResultMarkdown, renderResultPage, renderResultSection, type ResultSections } from './result-page.ts';
import { entryOf, type HistoryEntry } from './changes.ts';
import { readHistory } from './history.ts';
import { renderHistoryMarkdown, renderHistorySection } from './history-html.ts';
import { renderFollowSection } from '../follow/form-html.ts';
import { renderReportSection } from '../report/form-html.ts';
import { countVisitor, peekVisitor, type VisitorState, visitorHeaders } from './visitor-limit.ts';

const MEASURE_METHODS = ['POST', 'OPTIONS'] as const;
const DIRECTORY_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** What a browser may read of the key directory's response: its signature. */
const DIRECTORY_EXPOSED_HEADERS = ['Signature', 'Signature-Input', 'Content-Digest'] as const;
const UNAVAILABLE_RETRY_SECONDS = 30;

const jsonBodySchema = z.object({ site: z.string().max(1024) });

type Format = 'json' | 'html' | 'ndjson';

const handler: Handler = async (request, context) => {
  const { pathname } = new URL(request.url);
  if (pathname === DIRECTORY_PATH) return keyDirectory(request, context);
  if (pathname.startsWith(RESULT_PREFIX)) return resultPage(request, context, pathname.slice(RESULT_PREFIX.length));
  if (pathname.startsWith(BADGE_PREFIX)) return badge(request, context, pathname.slice(BADGE_PREFIX.length));
  return measurement(request, context);
};
export default handler;

// ---------------------------------------------------------------------------------------------------------
// Key directory

async function keyDirectory(request: Request, context: RequestContext): Promise<Response> {
  const { config } = context;
  const refused = await answerMethod(request, { methods: DIRECTORY_METHODS, cors: {}, notAllowed: () => 'Use GET para ler o diretório de chaves.' });
  if (refused) return refused;
  const method = request.method.toUpperCase();
  const key = await currentReaderKey(config);
  if (!key) {
    return errorResponse('temporarily_unavailable', 'O agente de leitura não tem chave configurada (READER_SIGNING_KEY).', {
      headers: { 'Retry-After': String(PAUSED_RETRY_AFTER_SECONDS) },
    });
  }
  const body = directoryBody(key);
  const headers = new Headers(directoryResponseHeaders(key, config.origin, body));
  // Ephemeral keys (local start) change on restart: keep caches short then.
  headers.set('cache-control', config.readerSigningKeyEphemeral ? 'no-cache' : 'public, max-age=3600');
  headers.set('content-length', String(Buffer.byteLength(body)));
  return withCors(new Response(method === 'HEAD' ? null : body, { status: 200, headers }), DIRECTORY_EXPOSED_HEADERS);
}

// ---------------------------------------------------------------------------------------------------------
// The result page for people: `${RESULT_PREFIX}<dominio>` (HTML) and its markdown twin (`.md`, or Accept: text/markdown)

const PAGE_METHODS = ['GET', 'HEAD'] as const;

/**
 * The recorded reading of a domain as a page. A store read, like the static pages it sits among: it does not pass
 * the instrument gate (which meters the instrument's work and the API's reads), so a shared link always opens.
 * Other people's domains: `noindex` (header and the shell's meta). Never measured → 404 offering to measure it.
 */
async function resultPage(request: Request, context: RequestContext, rest: string): Promise<Response> {
  const refused = await answerMethod(request, { methods: PAGE_METHODS, cors: false, notAllowed: () => 'Use GET para ver o resultado.' });
  if (refused) return refused;
  const { origin, readinessAllowLoopback } = context.config;
  const twin = rest.endsWith('.md');
  const markdown = twin || prefersMarkdown(request.headers.get('accept'));
  let raw: string;
  try {
    raw = decodeURIComponent(twin ? rest.slice(0, -3) : rest);
  } catch {
    raw = '';
  }
  const page = (body: string, status: number, extra: Record<string, string> = {}): Response => {
    const headers = new Headers(extra);
    headers.set('content-type', markdown ? MARKDOWN_MEDIA_TYPE : 'text/html; charset=utf-8');
    headers.set('cache-control', 'no-cache');
    headers.set('x-robots-tag', 'noindex');
    if (!twin) headers.set('vary', 'Accept');
    return new Response(request.method === 'HEAD' ? null : body, { status, headers });
  };
  const normalized = normalizeDomain(raw, { allowLoopback: readinessAllowLoopback });
  if (!normalized.ok) {
    return page(markdown ? `# Domínio inválido\n\n${normalized.reason}\n` : renderMessagePage('Domínio inválido', normalized.reason, undefined, origin), 400);
  }
  const dominio = normalized.domain;
  // One address per domain: `WWW.Exemplo.com.br` or a pasted URL lead to the page of `exemplo.com.br`.
  if (dominio !== raw) return new Response(null, { status: 301, headers: { location: `${resultPath(dominio)}${twin ? '.md' : ''}`, 'cache-control': 'no-cache' } });
  let reading: Envelope | null;
  try {
    reading = await getReading(context.store, dominio);
  } catch {
    const message = 'O armazenamento das leituras está indisponível no momento.';
    return page(markdown ? `# Medidor indisponível\n\n${message}\n` : renderMessagePage('Medidor indisponível', message, `Tente de novo em ${UNAVAILABLE_RETRY_SECONDS} s.`, origin), 503, {
      'retry-after': String(UNAVAILABLE_RETRY_SECONDS),
    });
  }
  if (!reading) {
    return page(
      markdown ? `# ${dominio} ainda não foi medido\n\nNão há leitura registrada deste domínio. Meça-o de graça em ${origin}${MEASURE_PATH}.\n` : renderNotMeasuredPage(dominio, origin),
      404,
    );
  }
  const entries = await historyOf(context, reading);
  return page(markdown ? renderResultMarkdown(reading, origin, renderHistoryMarkdown(entries)) : renderResultPage(reading, origin, offerOf(context), sectionsOf(context, reading, entries)), 200);
}

const offerOf = (context: RequestContext) => ({ whatsapp: context.config.contactWhatsapp });

/**
 * The readings' history of a recorded reading's domain. A store failure here never fails the page: the result
 * shows without its history. A domain recorded before the history existed shows its one reading.
 */
async function historyOf(context: RequestContext, reading: Envelope): Promise<HistoryEntry[]> {
  let entries: HistoryEntry[] = [];
  try {
    entries = await readHistory(context.store, reading.dominio);
  } catch {
    // shown without history
  }
  const current = entryOf(reading);
  return entries.length || !current ? entries : [current];
}

/** The sections of a result: the history, the report by e-mail (a scored reading), the offer to follow the domain (only with SMTP). */
const sectionsOf = (context: RequestContext, reading: Envelope, entries: HistoryEntry[]): ResultSections => ({
  historico: renderHistorySection(entries),
  ...(reading.estado === 'registrada' && reading.nota !== null ? { relatorio: renderReportSection(reading.dominio) } : {}),
  acompanhar: renderFollowSection(context.config, reading.dominio),
});

// ---------------------------------------------------------------------------------------------------------
// The badge: `${BADGE_PREFIX}<dominio>.svg`

/**
 * The recorded reading of a domain as a badge. Like the result page, a store read that does not pass the instrument
 * gate. Never measured → 200 with the neutral badge that invites a measurement (an image must never break in a README
 * because nobody measured the site yet). Not a domain (or no `.svg`) → 404 with a badge saying so: nothing to
 * measure there, and the status tells link checkers the address is wrong. A non-normalized domain → 301 to the
 * normalized address (one address, one cache entry). Storage down → 503 with a badge saying so, not cached.
 */
async function badge(request: Request, context: RequestContext, rest: string): Promise<Response> {
  const refused = await answerMethod(request, { methods: PAGE_METHODS, cors: false, notAllowed: () => 'Use GET para ler o selo.' });
  if (refused) return refused;
  const { origin, readinessAllowLoopback } = context.config;
  const svg = (state: BadgeState, status: number, cacheControl: string, extra: Record<string, string> = {}): Response => {
    const body = renderBadge(state, origin);
    const etag = badgeEtag(body);
    const headers = new Headers(extra);
    headers.set('content-type', 'image/svg+xml; charset=utf-8');
    headers.set('cache-control', cacheControl);
    headers.set('etag', etag);
    headers.set('x-robots-tag', 'noindex');
    // Embedded by other sites: the site-wide `same-origin` resource policy would block every <img> elsewhere.
    headers.set('cross-origin-resource-policy', 'cross-origin');
    if (status === 200 && matchesIfNoneMatch(request, etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : body, { status, headers });
  };
  let raw: string | undefined;
  if (rest.endsWith('.svg')) {
    try {
      raw = decodeURIComponent(rest.slice(0, -4));
    } catch {
      raw = undefined;
    }
  }
  const normalized = raw === undefined ? undefined : normalizeDomain(raw, { allowLoopback: readinessAllowLoopback });
  if (!normalized?.ok) return svg({ kind: 'invalido' }, 404, BADGE_CACHE_CONTROL);
  const dominio = normalized.domain;
  if (dominio !== raw) return new Response(null, { status: 301, headers: { location: badgePath(dominio), 'cache-control': 'no-cache' } });
  let reading: Envelope | null;
  try {
    reading = await getReading(context.store, dominio);
  } catch {
    return svg({ kind: 'indisponivel', dominio }, 503, 'no-store', { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) });
  }
  return svg(badgeState(dominio, reading), 200, BADGE_CACHE_CONTROL);
}

// ---------------------------------------------------------------------------------------------------------
// Measurement

/** NDJSON when asked for; an HTML page for the no-JS form when the browser prefers HTML to JSON; else JSON. */
function formatOf(request: Request, type: string): Format {
  const accept = request.headers.get('accept');
  if (accepts(accept, 'application/x-ndjson', false)) return 'ndjson';
  if (type === 'application/x-www-form-urlencoded' && preferredMediaType(accept, ['text/html', 'application/json'], false) === 'text/html') return 'html';
  return 'json';
}

function htmlResponse(html: string, status: number, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'text/html; charset=utf-8');
  h.set('cache-control', 'no-store');
  return new Response(html, { status, headers: h });
}

/** An error answered in the requested format (JSON error body, or an HTML page for the no-JS form). */
function failure(origin: string, format: Format, status: number, code: Parameters<typeof errorResponse>[0], description: string, headers?: HeadersInit, extra?: string): Response {
  if (format === 'html') {
    const titles: Record<number, string> = { 403: 'Pedido de outro site recusado', 400: 'Domínio inválido', 413: 'Pedido grande demais', 415: 'Formato não aceito', 429: 'Limite de medições atingido', 503: 'Medidor indisponível' };
    return htmlResponse(renderMessagePage(titles[status] ?? 'Não foi possível medir', description, undefined, origin, extra), status, headers);
  }
  return errorResponse(code, description, { status, headers });
}

/** A closed gate (or paused instrument) in the requested format. */
function closed(context: RequestContext, format: Format, dominio: string, gate: Extract<GateResult, { ok: false }>, extra?: Headers): Response {
  const response = closedGateResponse(context, dominio, gate);
  extra?.forEach((value, name) => response.headers.set(name, value));
  if (format !== 'html') return response;
  const retry = response.headers.get('retry-after') ?? '60';
  return htmlResponse(renderMessagePage(GATE_TITULO[gate.reason], GATE_MOTIVO[gate.reason], `Tente de novo em ${retry} s. Esta tentativa não conta no seu limite de medições.`, context.config.origin), response.status, response.headers);
}

function unavailable(context: RequestContext, format: Format, dominio: string, motivo?: string): Response {
  const response = unavailableResponse(context, dominio, UNAVAILABLE_RETRY_SECONDS);
  if (format === 'html') {
    return htmlResponse(renderMessagePage('Medidor indisponível', motivo ?? 'O armazenamento das leituras está indisponível no momento.', `Tente de novo em ${UNAVAILABLE_RETRY_SECONDS} s.`, context.config.origin), 503, {
      'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
    });
  }
  if (!motivo) return response;
  const envelope: Envelope = { ...closedGateEnvelope(context, dominio, unavailableGate(UNAVAILABLE_RETRY_SECONDS)), motivo };
  return envelopeResponse(envelope, 503, retryAfterHeader(UNAVAILABLE_RETRY_SECONDS));
}

function unreadable(origin: string, format: Format, reason: 'too_large' | 'encoding' | 'read'): Response {
  if (reason === 'too_large') return failure(origin, format, 413, 'payload_too_large', 'O corpo da requisição passa de 64 KB.');
  return failure(origin, format, 400, 'invalid_request', 'O corpo da requisição não é texto UTF-8 legível.');
}

async function readSite(origin: string, request: Request, type: string, format: Format): Promise<{ site: string } | Response> {
  if (type === 'application/x-www-form-urlencoded') {
    const body = await readBodyText(request);
    if (!body.ok) return unreadable(origin, format, body.reason);
    const site = new URLSearchParams(body.text).get('site');
    if (site === null || site.trim() === '') return failure(origin, format, 400, 'invalid_request', 'Informe o domínio do site a medir, por exemplo exemplo.com.br.');
    return { site };
  }
  const json = await readJson(request, jsonBodySchema);
  if (json.ok) return { site: json.value.site };
  if (json.reason === 'empty' || json.reason === 'syntax') return failure(origin, format, 400, 'invalid_request', 'JSON malformado: envie {"site": "exemplo.com.br"}.');
  if (json.reason === 'schema') return failure(origin, format, 400, 'invalid_request', 'Envie {"site": "exemplo.com.br"}: o campo site é obrigatório e é um texto.');
  return unreadable(origin, format, json.reason);
}

async function measurement(request: Request, context: RequestContext): Promise<Response> {
  const refused = await answerMethod(request, {
    methods: MEASURE_METHODS,
    cors: false,
    notAllowed: () => 'Use POST com {"site": "exemplo.com.br"} ou o formulário da página de medição.',
  });
  if (refused) return refused;
  const { origin } = context.config;
  const type = mediaType(request);
  const format = formatOf(request, type);
  // Before anything is read or counted: a post from another site must not spend the visitor's quota or the gate.
  const crossSite = crossSiteReason(request, context.config.origin);
  if (crossSite) {
    await request.body?.cancel().catch(() => {});
    return failure(origin, format, 403, 'cross_site_request', `${crossSite} A medição gratuita só aceita pedidos feitos pela própria página de medição, em ${context.config.origin}${MEASURE_PATH}.`);
  }
  if (type !== 'application/x-www-form-urlencoded' && !isJsonMediaType(type)) {
    await request.body?.cancel().catch(() => {});
    return failure(origin, format, 415, 'unsupported_media_type', 'Envie application/json ({"site": "exemplo.com.br"}) ou um formulário (application/x-www-form-urlencoded) com o campo site.');
  }
  const read = await readSite(origin, request, type, format);
  if (read instanceof Response) return read;

  const { config } = context;
  const normalized = normalizeDomain(read.site, { allowLoopback: config.readinessAllowLoopback });
  if (!normalized.ok) return failure(origin, format, 400, 'invalid_request', normalized.reason);
  const dominio = normalized.domain;

  if (config.readinessPaused) return closed(context, format, dominio, { ok: false, status: 429, retryAfterSeconds: PAUSED_RETRY_AFTER_SECONDS, reason: 'paused' });
  const key = await currentReaderKey(config);
  if (!key) return unavailable(context, format, dominio, 'O agente de leitura não tem chave de assinatura configurada.');

  let visitor: VisitorState;
  try {
    visitor = await peekVisitor(context);
  } catch {
    return unavailable(context, format, dominio);
  }
  if (visitor.used >= visitor.limit) {
    const headers = visitorHeaders(visitor);
    headers.set('Retry-After', String(visitor.resetSeconds));
    const now = context.now();
    return failure(
      origin,
      format,
      429,
      'rate_limited',
      `Você já fez ${visitor.limit} medições nas últimas 24 horas. Você pode medir de novo ${whenAgain(now, now + visitor.resetSeconds * 1000)}. Os resultados já medidos continuam nas suas páginas.`,
      headers,
      renderLimitExtras(offerOf(context)),
    );
  }

  const gate = await passGate(context);
  if (!gate.ok) return closed(context, format, dominio, gate, visitorHeaders(visitor));
  try {
    visitor = await countVisitor(context, visitor);
  } catch {
    return unavailable(context, format, dominio);
  }

  const headers = visitorHeaders(visitor);
  const addresses = readingAddresses(config.origin, dominio);
  const run = async (onProgress?: Parameters<typeof measure>[1]['onProgress']): Promise<{ envelope: Envelope } | { error: Response }> => {
    let envelope: Envelope;
    try {
      envelope = await measure(dominio, { key, agentOrigin: config.origin, allowLoopback: config.readinessAllowLoopback, totalMs: config.readinessBudgetMs, now: context.now, network: context.network, onProgress });
    } catch (error) {
      // Cut short by the deadline: an honest answer, and no reading recorded from partial work.
      if (error instanceof AnalysisCutShort) return { error: unavailable(context, format, dominio, error.message) };
      console.error('[readiness] medição falhou:', error);
      return { error: unavailable(context, format, dominio, 'A medição falhou por um erro interno do medidor. Tente de novo em instantes.') };
    }
    try {
      await saveReading(context.store, envelope);
    } catch {
      return { error: unavailable(context, format, dominio, 'A medição terminou, mas o armazenamento das leituras está indisponível: o resultado não pôde ser registrado.') };
    }
    return { envelope: { ...envelope, enderecos: { leitura: addresses.leitura, api: addresses.api } } };
  };
  const sections = async (envelope: Envelope): Promise<ResultSections> => sectionsOf(context, envelope, await historyOf(context, envelope));

  if (format === 'ndjson') return streamMeasurement(run, sections, headers, config.origin, offerOf(context));
  const outcome = await run();
  if ('error' in outcome) return outcome.error;
  if (format === 'html') return htmlResponse(renderResultPage(outcome.envelope, config.origin, offerOf(context), await sections(outcome.envelope)), 200, headers);
  return envelopeResponse(outcome.envelope, 200, headers);
}

type Run = (onProgress?: (event: { verificacao: string; nome: string; feitas: number; total: number }) => void) => Promise<{ envelope: Envelope } | { error: Response }>;

/**
 * NDJSON: `{"tipo":"inicio"}`, one `{"tipo":"progresso",…}` per finished check, then `resultado` (the reading, and
 * `html`: the result as the server renders it, which /medicao.js shows in place) or `erro`.
 */
function streamMeasurement(run: Run, sections: (envelope: Envelope) => Promise<ResultSections>, headers: Headers, origin: string, offer: ReturnType<typeof offerOf>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (value: unknown) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
        } catch {
          // the client went away
        }
      };
      send({ tipo: 'inicio' });
      try {
        const outcome = await run((event) => send({ tipo: 'progresso', ...event }));
        if ('error' in outcome) {
          send({ tipo: 'erro', status: outcome.error.status, leitura: await outcome.error.json().catch(() => null) });
        } else {
          send({ tipo: 'resultado', leitura: outcome.envelope, html: renderResultSection(outcome.envelope, origin, offer, await sections(outcome.envelope)) });
        }
      } catch (error) {
        console.error('[readiness] medição falhou:', error);
        send({ tipo: 'erro', status: 503, mensagem: 'A medição falhou por um erro interno. Tente de novo em instantes.' });
      }
      try {
        controller.close();
      } catch {
        // already closed
      }
    },
  });
  const h = new Headers(headers);
  h.set('content-type', 'application/x-ndjson; charset=utf-8');
  h.set('cache-control', 'no-store');
  h.set('x-accel-buffering', 'no');
  return new Response(stream, { status: 200, headers: h });
}
