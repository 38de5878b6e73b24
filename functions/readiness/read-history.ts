/**
 * A READ of a domain's readings' history (never measures): `GET /api/v1/prontidao/{dominio}/historico`. The same
 * rules as the reading itself (./read-reading.ts): the call passes the instrument gate (paused or busy → 429 with
 * `estado: limite` and `tentarEm`; storage down → 503 `indisponivel`), an invalid domain is a 400, no reading is a
 * 200 `ausente`. A domain recorded before the history existed has its one reading as its history.
 */
import type { ReadingHistoryBody } from '../api/schemas.ts';
import type { RequestContext } from '../context.ts';
import { changesOf, entryOf, type HistoryEntry } from './changes.ts';
import { normalizeDomain } from './domain.ts';
import { passGate, retryInstant } from './gate.ts';
import { HISTORY_LIMIT, readHistory } from './history.ts';
import { getReading } from './readings.ts';
import { measurePageUrl, unavailableGate } from './responses.ts';

export type HistoryOutcome =
  | { kind: 'invalid'; reason: string }
  | { kind: 'history'; status: 200 | 429 | 503; body: ReadingHistoryBody; retryAfterSeconds?: number };

/** The API's form of a history (oldest first) and its changes. */
export function historyBody(dominio: string, entries: readonly HistoryEntry[], origin: string): ReadingHistoryBody {
  return {
    dominio,
    estado: entries.length ? 'registrada' : 'ausente',
    limite: HISTORY_LIMIT,
    leituras: entries.map((e) => ({
      medidoEm: e.medidoEm,
      estado: e.estado,
      nota: e.nota,
      grau: e.grau,
      revisaoDoMetodo: e.metodo,
      verificacoes: Object.entries(e.verificacoes).map(([id, v]) => ({ id, status: v.status, versao: v.versao })),
    })),
    mudancas: changesOf(entries).map(({ de, para, nota, grau, estado, metodoMudou, piorou, verificacoes }) => ({ de, para, nota, grau, estado, metodoMudou, piorou, verificacoes })),
    medirEm: measurePageUrl(origin),
  };
}

type ClosedGate = Extract<Awaited<ReturnType<typeof passGate>>, { ok: false }>;

/** The history body of a closed gate (`limite`, or `indisponivel` when storage failed). */
function closed(ctx: RequestContext, dominio: string, gate: ClosedGate): HistoryOutcome {
  return {
    kind: 'history',
    status: gate.status,
    retryAfterSeconds: gate.retryAfterSeconds,
    body: {
      dominio,
      estado: gate.reason === 'unavailable' ? 'indisponivel' : 'limite',
      limite: HISTORY_LIMIT,
      leituras: [],
      mudancas: [],
      tentarEm: retryInstant(ctx.now(), gate.retryAfterSeconds),
    },
  };
}

/** Reads count against the request's client (`ctx.clientAddress`): its fair share of the instrument gate. */
export async function readRecordedHistory(ctx: RequestContext, domain: string): Promise<HistoryOutcome> {
  const normalized = normalizeDomain(domain, { allowLoopback: ctx.config.readinessAllowLoopback });
  if (!normalized.ok) return { kind: 'invalid', reason: normalized.reason };
  const dominio = normalized.domain;
  const gate = await passGate(ctx);
  if (!gate.ok) return closed(ctx, dominio, gate);
  try {
    let entries = await readHistory(ctx.store, dominio);
    if (!entries.length) {
      const reading = await getReading(ctx.store, dominio);
      const current = reading && entryOf(reading);
      if (current) entries = [current];
    }
    return { kind: 'history', status: 200, body: historyBody(dominio, entries, ctx.config.origin) };
  } catch {
    return closed(ctx, dominio, unavailableGate());
  }
}
