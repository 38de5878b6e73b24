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
import { answerMethod } from '../../http/methods.ts';
import { entryOf, type HistoryEntry } from '../changes.ts';
import { normalizeDomain } from '../domain.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS as UNAVAILABLE_RETRY_SECONDS } from '../gate.ts';
import { readHistory } from '../history.ts';
import { renderHistoryMarkdown, renderHistorySection } from '../history-html.ts';
import { getReading } from '../readings.ts';
import { renderMessagePage, renderNotMeasuredPage, renderResultMarkdown, renderResultPage, type ResultSections } from '../result-page.ts';

export const PAGE_METHODS = ['GET', 'HEAD'] as const;

// The result page for people: `${RESULT_PREFIX}<dominio>` (HTML) and its markdown twin (`.md`, or Accept: text/markdown)

/**
 * The recorded reading of a domain as a page. A store read, like the static pages it sits among: it does not pass
 * the instrument gate (which meters the instrument's work and the API's reads), so a shared link always opens.
 * Other people's domains: `noindex` (header and the shell's meta). Never measured → 404 offering to measure it.
 */
export async function resultPage(request: Request, context: RequestContext, rest: string): Promise<Response> {
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

/** The sections under a result: the history, and the offer to follow the domain (only with SMTP). */
export const sectionsOf = (context: RequestContext, reading: Envelope, entries: HistoryEntry[]): ResultSections => ({
  historico: renderHistorySection(entries),
  acompanhar: renderFollowSection(context.config, reading.dominio),
});
