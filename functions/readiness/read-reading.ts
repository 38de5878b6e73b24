/**
 * A READ of the recorded reading of a domain (readiness rules 1–4 of the contract); it never measures.
 * Used by `/api/v1/prontidao/{dominio}`, `/api/ia/leitura` and MCP `get_readiness_score`.
 *
 * - invalid domain → 400 `invalid_request` (error body);
 * - gate paused or busy → 429 envelope `estado: limite` with `tentarEm` and `Retry-After`;
 * - storage failure → 503 envelope `estado: indisponivel` with `tentarEm` and `Retry-After`;
 * - no reading → 200 `estado: ausente` (nota/grau null, empty lists, `medidoEm: null`, `medirEm`);
 * - otherwise → 200 with the recorded envelope (`registrada` or `nao_pontuada`).
 *
 * The caller adds its own headers (rate limits, CORS); scope checks (403) stay with the API handler.
 */
import { errorResponse } from '../http/errors.ts';
import { runtime } from '../runtime.ts';
import { normalizeDomain } from './domain.ts';
import { passGate } from './gate.ts';
import { getReading } from './readings.ts';
import { closedGateResponse, emptyEnvelope, envelopeResponse, measurePageUrl, unavailableResponse } from './responses.ts';

/** `clientAddress`: the caller's address (the request's), for its fair share of the instrument gate. */
export async function readRecordedReading(domain: string, clientAddress: string): Promise<Response> {
  const normalized = normalizeDomain(domain, { allowLoopback: runtime().config.readinessAllowLoopback });
  if (!normalized.ok) return errorResponse('invalid_request', normalized.reason);
  const dominio = normalized.domain;

  const gate = await passGate(clientAddress);
  if (!gate.ok) return closedGateResponse(dominio, gate);

  let reading;
  try {
    reading = await getReading(dominio);
  } catch {
    return unavailableResponse(dominio);
  }
  if (!reading) return envelopeResponse(emptyEnvelope(dominio, 'ausente'));
  return envelopeResponse({ ...reading, medirEm: measurePageUrl() });
}
