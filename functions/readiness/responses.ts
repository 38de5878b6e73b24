/**
 * Envelopes shared by the readiness reads and the measurement, and their HTTP form: JSON with the right
 * status and headers (`Retry-After` as integer seconds ≥ 1 on 429/503, `Cache-Control: no-store`).
 */
import { MEASURE_PATH } from '../../src/model/measurement.ts';
import type { Services } from '../http/types.ts';
import type { Envelope } from './envelope.ts';
import type { GateResult } from './gate.ts';
import { retryInstant } from './gate.ts';

/** The page where the free measurement is made. */
export const measurePageUrl = (origin: string): string => `${origin}${MEASURE_PATH}`;

export function envelopeResponse(envelope: Envelope, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  return new Response(JSON.stringify(envelope), { status, headers: h });
}

/** An envelope without a reading (nota/grau null, empty lists); `origin` names the measurement page. */
export const emptyEnvelope = (origin: string, dominio: string, estado: Envelope['estado']): Envelope => ({
  dominio,
  estado,
  nota: null,
  grau: null,
  camadas: [],
  lacunas: [],
  medidoEm: null,
  medirEm: measurePageUrl(origin),
});

const GATE_MOTIVO = {
  paused: 'O instrumento de leitura está pausado pelo operador. Tente de novo no horário indicado em tentarEm.',
  busy: 'O instrumento de leitura atingiu o limite de chamadas por minuto. Tente de novo no horário indicado em tentarEm.',
  share: 'Este cliente já usou a sua parte das chamadas do instrumento de leitura neste minuto (a parte de cada cliente é limitada para que todos sejam atendidos). Tente de novo no horário indicado em tentarEm.',
  unavailable: 'O armazenamento das leituras está indisponível no momento. Tente de novo no horário indicado em tentarEm.',
} as const;

type ClosedGate = Extract<GateResult, { ok: false }>;

/** The envelope of a closed gate (`estado: limite`, or `indisponivel` when storage failed). */
export const closedGateEnvelope = (ctx: Pick<Services, 'config' | 'now'>, dominio: string, gate: ClosedGate): Envelope => ({
  ...emptyEnvelope(ctx.config.origin, dominio, gate.reason === 'unavailable' ? 'indisponivel' : 'limite'),
  tentarEm: retryInstant(ctx.now(), gate.retryAfterSeconds),
  motivo: GATE_MOTIVO[gate.reason],
});

/** `Retry-After` in integer seconds, at least 1. */
export const retryAfterHeader = (seconds: number): Record<string, string> => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });

/** The 429/503 envelope response of a closed gate. */
export const closedGateResponse = (ctx: Pick<Services, 'config' | 'now'>, dominio: string, gate: ClosedGate): Response =>
  envelopeResponse(closedGateEnvelope(ctx, dominio, gate), gate.status, retryAfterHeader(gate.retryAfterSeconds));

/** The closed gate of a storage failure (503 `indisponivel`). */
export const unavailableGate = (retryAfterSeconds = 30): ClosedGate => ({ ok: false, status: 503, retryAfterSeconds, reason: 'unavailable' });

/** Storage failed while reading or recording: 503 `indisponivel` with `Retry-After`. */
export const unavailableResponse = (ctx: Pick<Services, 'config' | 'now'>, dominio: string, retryAfterSeconds = 30): Response =>
  closedGateResponse(ctx, dominio, unavailableGate(retryAfterSeconds));
