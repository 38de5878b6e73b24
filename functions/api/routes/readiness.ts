/**
 * `/prontidao/{dominio}` and `/api/ia/leitura?site=`: the recorded readiness reading (never measures);
 * `/prontidao/{dominio}/historico`: its history, under the same rules (functions/readiness/read-history.ts). The
 * complete readiness behaviour (gate 429/503 with `Retry-After` and `tentarEm`, `estado: ausente`, storage
 * failure 503, 400 for a bad domain) is `readRecordedReading`; the sandbox answers its fixture instead,
 * echoing the requested domain with `medidoEm: null`, and touches neither storage nor the instrument.
 */
import { normalizeDomain } from '../../readiness/domain.ts';
import { readRecordedHistory } from '../../readiness/read-history.ts';
import { readingResponse, readRecordedReading } from '../../readiness/read-reading.ts';
import { retryAfterHeader } from '../../readiness/responses.ts';
import type { ApiContext } from '../context.ts';
import { badRequest, json } from '../respond.ts';
import { sandboxHistory, sandboxReading } from '../sandbox/fixtures.ts';

/** `dominio`: the path after `/prontidao/`, decoded. */
export const readiness = (ctx: ApiContext, { dominio }: { dominio: string }): Promise<Response> => reading(ctx, dominio);

/** `/api/ia/leitura?site=<domínio>`. */
export async function openReading(ctx: ApiContext, { site }: { site: string }): Promise<Response> {
  if (site.trim() === '') return badRequest('Informe o domínio no parâmetro site (ex.: /api/ia/leitura?site=exemplo.com.br).');
  return reading(ctx, site);
}

async function reading(ctx: ApiContext, dominio: string): Promise<Response> {
  if (!ctx.sandbox) return readingResponse(await readRecordedReading(ctx, dominio));
  const normalized = normalizeDomain(dominio);
  if (!normalized.ok) return badRequest(normalized.reason);
  return json(sandboxReading(normalized.domain, ctx.origin));
}

/** `/prontidao/{dominio}/historico`: `dominio` is the path between `/prontidao/` and `/historico`, decoded. */
export async function readinessHistory(ctx: ApiContext, { dominio }: { dominio: string }): Promise<Response> {
  if (ctx.sandbox) {
    const normalized = normalizeDomain(dominio);
    if (!normalized.ok) return badRequest(normalized.reason);
    return json(sandboxHistory(normalized.domain, ctx.origin));
  }
  const outcome = await readRecordedHistory(ctx, dominio);
  if (outcome.kind === 'invalid') return badRequest(outcome.reason);
  return json(outcome.body, outcome.status, outcome.retryAfterSeconds === undefined ? undefined : retryAfterHeader(outcome.retryAfterSeconds));
}
