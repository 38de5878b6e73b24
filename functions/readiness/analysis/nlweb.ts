/**
 * NLWeb `/ask` answers as other sites send them, told apart by dialect:
 * - `v055`: named SSE events, `start` (with `_meta`), one `result` per item (`{"index":n,"item":{…}}`), `complete`
 *   (nlweb-ai/NLWeb AskAgent, 2026-08: chosen for an object `query`);
 * - `v054`: unnamed `data:` events, `{"_meta":…}` then `{"results":[…]}` (nlweb-ai/nlweb-ask-agent, 2026-02);
 * - `message_type`: the `begin-nlweb-response` / `result` / `end-nlweb-response` frames of the 2025 code;
 * - `json`: one JSON answer with `_meta` and `results` (or the 2025 `message_type` list), no stream.
 * Events are split with indexOf over a body the fetcher already capped; nothing here backtracks. A `motivo` is a
 * pt-BR clause for the check's `detalhe`: the event names it repeats from the answer are quoted (`siteText`).
 */
import { isObject, parseJson } from '../context.ts';
import { siteText } from '../evidence.ts';

export interface SseEvent {
  event?: string;
  data: string;
}

/** Events read at most from one answer. */
const MAX_EVENTS = 500;

/** Splits an event stream into events (`event:` name and the joined `data:` lines), as EventSource does. */
export function parseSse(body: string): SseEvent[] {
  const text = body.includes('\r') ? body.replace(/\r\n?/g, '\n') : body;
  const events: SseEvent[] = [];
  let start = 0;
  while (start < text.length && events.length < MAX_EVENTS) {
    let end = text.indexOf('\n\n', start);
    if (end === -1) end = text.length;
    const block = text.slice(start, end);
    start = end + 2;
    let name: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0 || name !== undefined) events.push({ ...(name ? { event: name } : {}), data: data.join('\n') });
  }
  return events;
}

export type NlwebAnswer =
  | { dialeto: 'v055' | 'v054' | 'message_type' | 'json'; resultados: number }
  | { dialeto: 'invalido'; motivo: string }
  | { dialeto: 'nenhum' };

const isMessageFrame = (value: unknown): boolean =>
  isObject(value) && typeof value.message_type === 'string' && /nlweb-response$|^result$/.test(value.message_type);

/** An event name read from the answer, quoted for a `motivo`. */
const eventName = (name: string): string => siteText(name, 40);

/** Which NLWeb dialect an answer speaks (`contentType` without parameters). */
export function classifyNlweb(contentType: string, body: string): NlwebAnswer {
  if (contentType === 'application/json' || (contentType.endsWith('+json') && !contentType.includes('event-stream'))) {
    const json = parseJson(body);
    if (isObject(json) && isObject(json._meta) && Array.isArray(json.results)) return { dialeto: 'json', resultados: json.results.length };
    if (Array.isArray(json) && json.some(isMessageFrame)) return { dialeto: 'json', resultados: json.filter((m) => isObject(m) && m.message_type === 'result').length };
    if (isObject(json) && Array.isArray(json.content) && json.content.some(isMessageFrame)) return { dialeto: 'json', resultados: 0 };
    return { dialeto: 'nenhum' };
  }
  if (contentType !== 'text/event-stream') return { dialeto: 'nenhum' };
  const events = parseSse(body);
  const named = events.filter((e) => e.event !== undefined && e.event !== 'message');
  if (named.some((e) => e.event === 'start' || e.event === 'complete' || e.event === 'result')) {
    const first = named[0] as SseEvent & { event: string };
    if (first.event !== 'start') return { dialeto: 'invalido', motivo: `o primeiro evento nomeado é ${eventName(first.event)}, não start` };
    const start = parseJson(first.data);
    if (!isObject(start) || !isObject(start._meta)) return { dialeto: 'invalido', motivo: 'o evento start não traz _meta' };
    const last = named.at(-1) as SseEvent & { event: string };
    if (last.event !== 'complete') return { dialeto: 'invalido', motivo: `o fluxo termina com o evento ${eventName(last.event)}, não com complete` };
    const results = named.filter((e) => e.event === 'result').map((e) => parseJson(e.data));
    const bad = results.findIndex((r, i) => !isObject(r) || r.index !== i || !isObject(r.item));
    if (bad !== -1) return { dialeto: 'invalido', motivo: `o evento result ${bad + 1} não tem {"index":${bad},"item":{…}}` };
    return { dialeto: 'v055', resultados: results.length };
  }
  const data = events.map((e) => parseJson(e.data));
  if (isObject(data[0]) && isObject(data[0]._meta)) {
    const batches = data.flatMap((d) => (isObject(d) && Array.isArray(d.results) ? [d.results.length] : []));
    if (batches.length) return { dialeto: 'v054', resultados: batches.reduce((n, k) => n + k, 0) };
    return { dialeto: 'invalido', motivo: 'depois de _meta, nenhum evento traz results' };
  }
  if (data.some(isMessageFrame)) return { dialeto: 'message_type', resultados: data.filter((d) => isObject(d) && d.message_type === 'result').length };
  return { dialeto: 'nenhum' };
}
