/**
 * A READ of the recorded reading of a domain (readiness rules 1–4 of the contract); it never measures.
 * Used by `/api/v1/prontidao/{dominio}`, `/api/ia/leitura` and MCP `get_readiness_score`. It returns a value,
 * not HTTP: each surface maps the outcome to its own shape (`readingResponse` for the API; the MCP tool its
 * result or tool error).
 *
 * - invalid domain → `invalid` with the reason (HTTP: 400 `invalid_request`);
 * - gate paused or busy → envelope `estado: limite`, status 429, with `tentarEm` and `retryAfterSeconds`;
 * - storage failure → envelope `estado: indisponivel`, status 503, with `tentarEm` and `retryAfterSeconds`;
 * - no reading → 200 `estado: ausente` (nota/grau null, empty lists, `medidoEm: null`, `medirEm`);
 * - otherwise → 200 with the recorded envelope (`registrada` or `nao_pontuada`).
 *
 * Scope checks (403) stay with the API handler.
 */
import { errorResponse } from '../http/errors.ts';
import type { RequestContext } from '../context.ts';
import { normalizeDomain } from './domain.ts';
import { type Envelope, withSiteDataNotice } from '../../src/model/reading.ts';
import { passGate } from './gate.ts';
import { getReading } from './readings.ts';
import { closedGateEnvelope, emptyEnvelope, envelopeResponse, measurePageUrl, retryAfterHeader, unavailableGate } from './responses.ts';

export type ReadingOutcome =
  | { kind: 'invalid'; reason: string }
  | { kind: 'envelope'; status: 200 | 429 | 503; envelope: Envelope; retryAfterSeconds?: number };

/** Reads count against the request's client (`ctx.clientAddress`): its fair share of the instrument gate. */
export async function readRecordedReading(ctx: RequestContext, domain: string): Promise<ReadingOutcome> {
  const normalized = normalizeDomain(domain, { allowLoopback: ctx.config.readinessAllowLoopback });
  if (!normalized.ok) return { kind: 'invalid', reason: normalized.reason };
  const dominio = normalized.domain;

  let gate = await passGate(ctx);
  if (gate.ok) {
    let reading;
    try {
      reading = await getReading(ctx.store, dominio);
    } catch {
      gate = unavailableGate();
    }
    if (gate.ok) {
      if (!reading) return { kind: 'envelope', status: 200, envelope: emptyEnvelope(ctx.config.origin, dominio, 'ausente') };
      // Readings recorded before the notice existed get it too: their texts also came from the site.
      return { kind: 'envelope', status: 200, envelope: withSiteDataNotice({ ...reading, medirEm: measurePageUrl(ctx.config.origin) }) };
    }
  }
  return { kind: 'envelope', status: gate.status, envelope: closedGateEnvelope(ctx, dominio, gate), retryAfterSeconds: gate.retryAfterSeconds };
}

/** The HTTP form of an outcome: 400 error body, or the envelope with its status (and `Retry-After` on 429/503). */
export function readingResponse(outcome: ReadingOutcome): Response {
  if (outcome.kind === 'invalid') return errorResponse('invalid_request', outcome.reason);
  const headers = outcome.retryAfterSeconds === undefined ? undefined : retryAfterHeader(outcome.retryAfterSeconds);
  return envelopeResponse(outcome.envelope, outcome.status, headers);
}
