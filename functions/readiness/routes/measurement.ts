/**
 * `POST /api/ia/medicao`: the free measurement of the page /diagnostico-de-visibilidade-cognitiva. Body JSON
 * `{ "site": "<domínio>" }` or the form field `site` (max 64 KB, else 413). Answers JSON (fetch, agents), an HTML
 * result page (the form posted without JavaScript, `Accept: text/html`) or NDJSON progress
 * (`Accept: application/x-ndjson`: one line per finished check, then the result). Limits: the operator pause,
 * 3 measurements per visitor per 24 h, the instrument gate (8 calls per minute shared with reads). Storage failure →
 * 503 with Retry-After, never 500. The reading is recorded per domain.
 */
import { z } from 'zod';
import { MEASURE_PATH, whenAgain } from '../../../src/model/measurement.ts';
import type { Envelope } from '../../../src/model/reading.ts';
import type { RequestContext } from '../../context.ts';
import { accepts, preferredMediaType } from '../../edge/accept.ts';
import { htmlResponse } from '../../html/response.ts';
import { isJsonMediaType, MAX_BODY_BYTES, mediaType, parseJson } from '../../http/body.ts';
import { ERROR_STATUS, errorResponse } from '../../http/errors.ts';
import type { Step } from '../../http/pipeline.ts';
import { methods, readBody, sameOrigin, validate, type Validated } from '../../http/steps.ts';
import { route, type RouteExchange } from '../../route.ts';
import { currentReaderKey, type ReaderKey } from '../agent/signing.ts';
import { AnalysisCutShort } from '../deadline.ts';
import { normalizeDomain } from '../domain.ts';
import { type GateResult, passGate, PAUSED_RETRY_AFTER_SECONDS, UNAVAILABLE_RETRY_AFTER_SECONDS as UNAVAILABLE_RETRY_SECONDS } from '../gate.ts';
import { measure } from '../measure.ts';
import { saveReading } from '../readings.ts';
import { GATE_MOTIVO, GATE_TITULO, closedGateEnvelope, closedGateResponse, envelopeResponse, retryAfterHeader, unavailableGate, unavailableResponse } from '../responses.ts';
import { readingAddresses, renderLimitExtras, renderMessagePage, renderResultPage, renderResultSection, type ResultSections } from '../result-page.ts';
import { countVisitor, peekVisitor, type VisitorState, visitorHeaders } from '../visitor-limit.ts';
import { historyOf, offerOf, sectionsOf } from './result.ts';

const MEASURE_METHODS = ['POST', 'OPTIONS'] as const;

const jsonBodySchema = z.object({ site: z.string().max(1024) });

type Format = 'json' | 'html' | 'ndjson';

/** NDJSON when asked for; an HTML page for the no-JS form when the browser prefers HTML to JSON; else JSON. */
function formatOf(request: Request, type: string): Format {
  const accept = request.headers.get('accept');
  if (accepts(accept, 'application/x-ndjson', false)) return 'ndjson';
  if (type === 'application/x-www-form-urlencoded' && preferredMediaType(accept, ['text/html', 'application/json'], false) === 'text/html') return 'html';
  return 'json';
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

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The format of the request's answers, and of its refusals: decided by its `Accept` and the media type it sent. */
const formatOfExchange = (x: RouteExchange): Format => formatOf(x.request, x.found.body?.type ?? mediaType(x.request));

/** The domain asked for (form field or JSON member `site`), normalized; anything else a 400 in the request's format. */
function siteOf(x: RouteExchange): Validated<string> {
  const { text, type } = x.found.body ?? { text: '', type: '' };
  let site: string;
  if (type === FORM_TYPE) {
    const field = new URLSearchParams(text).get('site');
    if (field === null || field.trim() === '') return { ok: false, problem: { error: 'invalid_request', description: 'Informe o domínio do site a medir, por exemplo exemplo.com.br.' } };
    site = field;
  } else {
    const json = parseJson(text, jsonBodySchema);
    if (!json.ok && json.reason === 'schema') return { ok: false, problem: { error: 'invalid_request', description: 'Envie {"site": "exemplo.com.br"}: o campo site é obrigatório e é um texto.' } };
    if (!json.ok) return { ok: false, problem: { error: 'invalid_request', description: 'JSON malformado: envie {"site": "exemplo.com.br"}.' } };
    site = json.value.site;
  }
  const normalized = normalizeDomain(site, { allowLoopback: x.context.config.readinessAllowLoopback });
  return normalized.ok ? { ok: true, value: normalized.domain } : { ok: false, problem: { error: 'invalid_request', description: normalized.reason } };
}

/** Who may measure now: the reader's key, and the visitor's count after the admission (`found.admission`). */
interface Admission {
  key: ReaderKey;
  visitor: VisitorState;
}

/**
 * The measurement's quota, in the order that spends nothing needlessly: the operator's pause, the reader's key,
 * the visitor's measurements (row `medicao`, looked at, not counted), the instrument gate (rows `instrumento` and
 * `instrumento-cliente`); only a measurement that passed them all counts against the visitor.
 */
const admission: Step<RouteExchange> = {
  name: 'quota',
  async run(x, next) {
    const { context } = x;
    const { config } = context;
    const dominio = x.found.input as string;
    const format = formatOfExchange(x);
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
        config.origin,
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
    x.found.admission = { key, visitor } satisfies Admission;
    return next();
  },
};

/** Measures the domain, records the reading and answers in the request's format (JSON, HTML, NDJSON progress). */
async function measurement(dominio: string, x: RouteExchange): Promise<Response> {
  const { context } = x;
  const { config } = context;
  const format = formatOfExchange(x);
  const { key, visitor } = x.found.admission as Admission;
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

/**
 * `POST /api/ia/medicao`: same-origin (before anything is read or counted: a post from another site must not spend
 * the visitor's quota or the gate), JSON or a form of at most 64 KB, the domain, the measurement's quota, then the
 * measurement.
 */
export const measurementRoute = route<string>({
  name: 'readiness.measurement',
  steps: [
    methods({ methods: MEASURE_METHODS, cors: false, notAllowed: () => 'Use POST com {"site": "exemplo.com.br"} ou o formulário da página de medição.' }),
    sameOrigin((origin) => `A medição gratuita só aceita pedidos feitos pela própria página de medição, em ${origin}${MEASURE_PATH}.`),
    readBody({
      limit: MAX_BODY_BYTES,
      accepts: (type) => type === FORM_TYPE || isJsonMediaType(type),
      unsupported: () => ({ error: 'unsupported_media_type', description: 'Envie application/json ({"site": "exemplo.com.br"}) ou um formulário (application/x-www-form-urlencoded) com o campo site.' }),
      tooLarge: { error: 'payload_too_large', description: 'O corpo da requisição passa de 64 KB.' },
      unreadable: { error: 'invalid_request', description: 'O corpo da requisição não é texto UTF-8 legível.' },
    }),
    validate(siteOf),
    admission,
  ],
  handle: measurement,
  refuse: (problem, x) => failure(x.context.config.origin, formatOfExchange(x), problem.status ?? ERROR_STATUS[problem.error], problem.error, problem.description, problem.headers),
});
