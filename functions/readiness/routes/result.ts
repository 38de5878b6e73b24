/**
 * `GET ${RESULT_PREFIX}<dominio>`: the result page of a recorded reading for people (HTML, and its markdown twin:
 * `.md`, or `Accept: text/markdown`), and the sections under a result (the history, the offer to follow the domain)
 * that the measurement's own answers show too.
 */
import { MEASURE_PATH, resultPath } from '../../../src/model/measurement.ts';
import { MARKDOWN_MEDIA_TYPE } from '../../../src/model/media-types.ts';
import type { Envelope } from '../../../src/model/reading.ts';
import type { RequestContext } from '../../context.ts';
import { prefersMarkdown } from '../../edge/accept.ts';
import { renderFollowSection } from '../../follow/form-html.ts';
import { renderReportSection } from '../../report/form-html.ts';
import { methods, validate, type Validated } from '../../http/steps.ts';
import { route, type RouteExchange } from '../../route.ts';
import { entryOf, type HistoryEntry } from '../changes.ts';
import { normalizeDomain } from '../domain.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS as UNAVAILABLE_RETRY_SECONDS } from '../gate.ts';
import { readHistory } from '../history.ts';
import { renderHistoryMarkdown, renderHistorySection } from '../history-html.ts';
import { getReading } from '../readings.ts';
import { renderMessagePage, renderNotMeasuredPage, renderResultMarkdown, renderResultPage, type ResultSections } from '../result-page.ts';

export const PAGE_METHODS = ['GET', 'HEAD'] as const;

/** The address a result page was asked at: the domain as written, and whether the markdown twin was asked for. */
interface ResultAddress {
  /** The domain as the path writes it, decoded ('' when undecodable). */
  raw: string;
  /** Its normalized form (the one address per domain). */
  dominio: string;
  /** `.md` address. */
  twin: boolean;
  /** The twin, or a client that prefers markdown. */
  markdown: boolean;
}

/** A result page's response: HTML or markdown, revalidated, `noindex`, varying on `Accept` unless at its `.md` address. */
function pageResponse(x: RouteExchange, address: Pick<ResultAddress, 'markdown' | 'twin'>, body: string, status: number, extra: Record<string, string> = {}): Response {
  const headers = new Headers(extra);
  headers.set('content-type', address.markdown ? MARKDOWN_MEDIA_TYPE : 'text/html; charset=utf-8');
  headers.set('cache-control', 'no-cache');
  headers.set('x-robots-tag', 'noindex');
  if (!address.twin) headers.set('vary', 'Accept');
  return new Response(x.method === 'HEAD' ? null : body, { status, headers });
}

/** The domain of the path (the route's param), normalized; not a domain → 400 in the page's own format. */
function resultAddress(x: RouteExchange): Validated<ResultAddress> {
  const rest = x.param;
  const twin = rest.endsWith('.md');
  const markdown = twin || prefersMarkdown(x.request.headers.get('accept'));
  let raw: string;
  try {
    raw = decodeURIComponent(twin ? rest.slice(0, -3) : rest);
  } catch {
    raw = '';
  }
  const { origin, readinessAllowLoopback } = x.context.config;
  const normalized = normalizeDomain(raw, { allowLoopback: readinessAllowLoopback });
  if (normalized.ok) return { ok: true, value: { raw, dominio: normalized.domain, twin, markdown } };
  const body = markdown ? `# Domínio inválido\n\n${normalized.reason}\n` : renderMessagePage('Domínio inválido', normalized.reason, undefined, origin);
  return { ok: false, response: pageResponse(x, { markdown, twin }, body, 400) };
}

/**
 * The recorded reading of a domain as a page. A store read, like the static pages it sits among: it does not pass
 * the instrument gate (which meters the instrument's work and the API's reads), so a shared link always opens.
 * Other people's domains: `noindex` (header and the shell's meta). Never measured → 404 offering to measure it.
 */
async function resultPage(address: ResultAddress, x: RouteExchange): Promise<Response> {
  const { context } = x;
  const { origin } = context.config;
  const { raw, dominio, twin, markdown } = address;
  const page = (body: string, status: number, extra?: Record<string, string>) => pageResponse(x, address, body, status, extra);
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

/** `GET ${RESULT_PREFIX}<dominio>` (and `.md`). */
export const resultRoute = route<ResultAddress>({
  name: 'readiness.result',
  steps: [methods({ methods: PAGE_METHODS, cors: false, notAllowed: () => 'Use GET para ver o resultado.' }), validate(resultAddress)],
  handle: resultPage,
});

export const offerOf = (context: RequestContext) => ({ whatsapp: context.config.contactWhatsapp });

/**
 * The readings' history of a recorded reading's domain. A store failure here never fails the page: the result
 * shows without its history. A domain recorded before the history existed shows its one reading.
 */
export async function historyOf(context: RequestContext, reading: Envelope): Promise<HistoryEntry[]> {
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
export const sectionsOf = (context: RequestContext, reading: Envelope, entries: HistoryEntry[]): ResultSections => ({
  historico: renderHistorySection(entries),
  ...(reading.estado === 'registrada' && reading.nota !== null ? { relatorio: renderReportSection(reading.dominio) } : {}),
  acompanhar: renderFollowSection(context.config, reading.dominio),
});
