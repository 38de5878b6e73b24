/** `GET ${BADGE_PREFIX}<dominio>.svg`: the badge of a recorded reading (SVG to embed in other sites; ../badge.ts draws it). */
import { badgePath } from '../../../src/model/measurement.ts';
import type { Envelope } from '../../../src/model/reading.ts';
import { matchesIfNoneMatch } from '../../http/conditional.ts';
import { methods, validate, type Validated } from '../../http/steps.ts';
import { route, type RouteExchange } from '../../route.ts';
import { BADGE_CACHE_CONTROL, badgeEtag, badgeState, type BadgeState, renderBadge } from '../badge.ts';
import { normalizeDomain } from '../domain.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS as UNAVAILABLE_RETRY_SECONDS } from '../gate.ts';
import { getReading } from '../readings.ts';
import { PAGE_METHODS } from './result.ts';

/** The badge as an SVG response (304 for a fresh copy the client holds), embeddable by other sites. */
function svgResponse(x: RouteExchange, state: BadgeState, status: number, cacheControl: string, extra: Record<string, string> = {}): Response {
  const body = renderBadge(state, x.context.config.origin);
  const etag = badgeEtag(body);
  const headers = new Headers(extra);
  headers.set('content-type', 'image/svg+xml; charset=utf-8');
  headers.set('cache-control', cacheControl);
  headers.set('etag', etag);
  headers.set('x-robots-tag', 'noindex');
  // Embedded by other sites: the site-wide `same-origin` resource policy would block every <img> elsewhere.
  headers.set('cross-origin-resource-policy', 'cross-origin');
  if (status === 200 && matchesIfNoneMatch(x.request, etag)) return new Response(null, { status: 304, headers });
  return new Response(x.method === 'HEAD' ? null : body, { status, headers });
}

/** The domain of `<dominio>.svg` (the route's param) as written and normalized; not one → 404 with a badge saying so. */
function badgeAddress(x: RouteExchange): Validated<{ raw: string; dominio: string }> {
  const rest = x.param;
  let raw: string | undefined;
  if (rest.endsWith('.svg')) {
    try {
      raw = decodeURIComponent(rest.slice(0, -4));
    } catch {
      raw = undefined;
    }
  }
  const normalized = raw === undefined ? undefined : normalizeDomain(raw, { allowLoopback: x.context.config.readinessAllowLoopback });
  if (raw === undefined || !normalized?.ok) return { ok: false, response: svgResponse(x, { kind: 'invalido' }, 404, BADGE_CACHE_CONTROL) };
  return { ok: true, value: { raw, dominio: normalized.domain } };
}

/**
 * The recorded reading of a domain as a badge. Like the result page, a store read that does not pass the instrument
 * gate. Never measured → 200 with the neutral badge that invites a measurement (an image must never break in a README
 * because nobody measured the site yet). Not a domain (or no `.svg`) → 404 with a badge saying so: nothing to
 * measure there, and the status tells link checkers the address is wrong. A non-normalized domain → 301 to the
 * normalized address (one address, one cache entry). Storage down → 503 with a badge saying so, not cached.
 */
async function badge({ raw, dominio }: { raw: string; dominio: string }, x: RouteExchange): Promise<Response> {
  if (dominio !== raw) return new Response(null, { status: 301, headers: { location: badgePath(dominio), 'cache-control': 'no-cache' } });
  let reading: Envelope | null;
  try {
    reading = await getReading(x.context.store, dominio);
  } catch {
    return svgResponse(x, { kind: 'indisponivel', dominio }, 503, 'no-store', { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) });
  }
  return svgResponse(x, badgeState(dominio, reading), 200, BADGE_CACHE_CONTROL);
}

/** `GET ${BADGE_PREFIX}<dominio>.svg`. */
export const badgeRoute = route<{ raw: string; dominio: string }>({
  name: 'readiness.badge',
  steps: [methods({ methods: PAGE_METHODS, cors: false, notAllowed: () => 'Use GET para ler o selo.' }), validate(badgeAddress)],
  handle: badge,
});
