/**
 * Envelopes shared by the readiness reads and the measurement, and their HTTP form: JSON with the right
 * status and headers (`Retry-After` as integer seconds ≥ 1 on 429/503, `Cache-Control: no-store`).
 */
import { MEASURE_PATH } from '../../src/model/measurement.ts';
import type { Services } from '../context.ts';
import type { Envelope } from '../../src/model/reading.ts';
import type { GateResult } from './gate.ts';
import { retryInstant } from './gate.ts';
import { knownBodyResponse } from '../http/known-body.ts';

/** The page where the free measurement is made. */
export const measurePageUrl = (origin: string): string => `${origin}${MEASURE_PATH}`;

export function envelopeResponse(envelope: Envelope, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  return knownBodyResponse(JSON.stringify(envelope), { status, headers: h });
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

/**
 * Why the gate is closed, in words a visitor reads (the measurement page shows it, followed by when to try again):
 * no field names; the envelope's `tentarEm` carries the instant for programs.
 */
export const GATE_MOTIVO = {
  paused: 'O medidor está pausado pelo operador no momento.',
  busy: 'O medidor está ocupado: atingiu o limite de chamadas por minuto, somando medições e leituras.',
  share: 'Você já usou a sua parte das medições e leituras deste minuto (a parte de cada visitante é limitada para que todos sejam atendidos).',
  unavailable: 'O armazenamento das leituras está indisponível no momento.',
} as const;

/** The title of the page a closed gate answers a form with (no JavaScript); the reason is `GATE_MOTIVO`'s. */
export const GATE_TITULO = {
  paused: 'Medidor pausado',
  busy: 'Medidor ocupado',
  share: 'Tente de novo em instantes',
  unavailable: 'Medidor indisponível',
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
