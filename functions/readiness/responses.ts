/**
 * Envelope responses shared by the readiness reads and the measurement: JSON with the right status and
 * headers (`Retry-After` as integer seconds ≥ 1 on 429/503, `Cache-Control: no-store`).
 */
import { MEASURE_PATH } from '../../src/model/measurement.ts';
import { runtime } from '../runtime.ts';
import type { Envelope } from './envelope.ts';
import { type GateResult, retryInstant } from './gate.ts';

/** The page where the free measurement is made. */
export const measurePageUrl = (): string => `${runtime().config.origin}${MEASURE_PATH}`;

export function envelopeResponse(envelope: Envelope, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  return new Response(JSON.stringify(envelope), { status, headers: h });
}

/** An envelope without a reading (nota/grau null, empty lists). */
export const emptyEnvelope = (dominio: string, estado: Envelope['estado']): Envelope => ({
  dominio,
  estado,
  nota: null,
  grau: null,
  camadas: [],
  lacunas: [],
  medidoEm: null,
  medirEm: measurePageUrl(),
});

const GATE_MOTIVO = {
  paused: 'O instrumento de leitura está pausado pelo operador. Tente de novo no horário indicado em tentarEm.',
  busy: 'O instrumento de leitura atingiu o limite de chamadas por minuto. Tente de novo no horário indicado em tentarEm.',
  share: 'Este cliente já usou a sua parte das chamadas do instrumento de leitura neste minuto (a parte de cada cliente é limitada para que todos sejam atendidos). Tente de novo no horário indicado em tentarEm.',
  unavailable: 'O armazenamento das leituras está indisponível no momento. Tente de novo no horário indicado em tentarEm.',
} as const;

/** The 429/503 envelope response of a closed gate (`estado: limite`, or `indisponivel` when storage failed). */
export function closedGateResponse(dominio: string, gate: Extract<GateResult, { ok: false }>): Response {
  const envelope: Envelope = {
    ...emptyEnvelope(dominio, gate.reason === 'unavailable' ? 'indisponivel' : 'limite'),
    tentarEm: retryInstant(gate.retryAfterSeconds),
    motivo: GATE_MOTIVO[gate.reason],
  };
  return envelopeResponse(envelope, gate.status, { 'Retry-After': String(Math.max(1, Math.ceil(gate.retryAfterSeconds))) });
}

/** Storage failed while reading or recording: 503 `indisponivel` with `Retry-After`. */
export const unavailableResponse = (dominio: string, retryAfterSeconds = 30): Response =>
  closedGateResponse(dominio, { ok: false, status: 503, retryAfterSeconds, reason: 'unavailable' });
