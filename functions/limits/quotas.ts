/**
 * Every quota of the service, declared once: policy → limit, window, key (whose calls one counter counts) and
 * store (where the counter lives). Every limit in the code counts through `countQuota` and reads its numbers here;
 * the rate-limit header fields are built from the same rows (functions/limits/rate-limit.ts).
 *
 * | policy | limit | window | key | store |
 * | --- | --- | --- | --- | --- |
 * | `v1` | 120 (`RATE_LIMIT_V1`) | 60 s | registration_id | configured store, `client` budget |
 * | `v1-public` | 60 (`RATE_LIMIT_PUBLIC`) | 60 s | client (`GET /api`, sandbox, `/api/ia/leitura`) | configured store, `client` budget |
 * | `contato` | 5 | 1 h | client (leads of the contact form) | configured store, `client` budget |
 * | `medicao` | 3 (`READINESS_MEASUREMENTS_PER_DAY`) | 24 h | client (the free measurement) | configured store, `state` budget |
 * | `instrumento` | 8 (`READINESS_GATE_PER_MINUTE`) | 60 s | everyone (the instrument gate) | configured store, `state` budget |
 * | `instrumento-cliente` | a third of the gate, rounded up (8 → 3) | 60 s | client (its share of the gate) | configured store, `client` budget |
 * | `acompanhar` | 5 | 1 h | client (requests to follow a domain) | configured store, `client` budget |
 * | `acompanhar-email` | 3 | 24 h | an e-mail address, hashed (confirmation messages it receives) | configured store, `client` budget |
 * | `acompanhamento` | 400 | 24 h | everyone (measurements of followed domains, the scheduler's budget) | configured store, `state` budget |
 * | `relatorio-email` | 3 | 24 h | an e-mail address, hashed (reports of a result it receives by e-mail) | configured store, `client` budget |
 *
 * A client is its hashed address, the /64 for IPv6 (functions/limits/client.ts). Every counter is a fixed window
 * in the configured store (memory, SQLite or Upstash), so one client has one count per policy whichever route or
 * instance it reaches. Counts are approximate (contract, Limits 3).
 */
import type { Config } from '../config.ts';
import type { RequestContext } from '../context.ts';
import type { StoreBudget } from '../store/types.ts';
import { clientKey } from './client.ts';

export type QuotaName = 'v1' | 'v1-public' | 'contato' | 'medicao' | 'instrumento' | 'instrumento-cliente' | 'acompanhar' | 'acompanhar-email' | 'acompanhamento' | 'relatorio-email';

export interface Quota {
  /** Calls allowed per window (`q` of `RateLimit-Policy`). */
  limit(config: Config): number;
  /** Window length in seconds (`w`). */
  windowSeconds: number;
  /** Whose calls one counter counts: one registration, one client (hashed address, /64 for IPv6), one e-mail address (hashed), or everyone. */
  key: 'registration' | 'client' | 'email' | 'everyone';
  /** Where the counter lives: its key prefix in the configured store, and the store budget it counts against. */
  store: { prefix: string; budget: StoreBudget };
}

/** A client's share of the instrument gate: a third, rounded up, at least 1 (8 → 3). */
export const clientShare = (gatePerMinute: number): number => Math.max(1, Math.ceil(gatePerMinute / 3));

export const QUOTAS: Readonly<Record<QuotaName, Quota>> = {
  v1: { limit: (c) => c.rateLimits.v1, windowSeconds: 60, key: 'registration', store: { prefix: 'rl:v1', budget: 'client' } },
  'v1-public': { limit: (c) => c.rateLimits['v1-public'], windowSeconds: 60, key: 'client', store: { prefix: 'rl:v1-public', budget: 'client' } },
  contato: { limit: () => 5, windowSeconds: 3600, key: 'client', store: { prefix: 'contato:visitante', budget: 'client' } },
  // Written only by measurements that passed the gate: metered state, never evicted by keys anyone can mint.
  medicao: { limit: (c) => c.readinessMeasurementsPerDay, windowSeconds: 24 * 3600, key: 'client', store: { prefix: 'readiness:visitor', budget: 'state' } },
  instrumento: { limit: (c) => c.readinessGatePerMinute, windowSeconds: 60, key: 'everyone', store: { prefix: 'readiness:gate', budget: 'state' } },
  'instrumento-cliente': {
    limit: (c) => clientShare(c.readinessGatePerMinute),
    windowSeconds: 60,
    key: 'client',
    store: { prefix: 'readiness:gate:client', budget: 'client' },
  },
  // Following a domain (functions/follow/): requests per client, confirmation messages per address (nobody can make
  // the site mail an address more than 3 times a day), and the scheduler's measurements per day.
  acompanhar: { limit: () => 5, windowSeconds: 3600, key: 'client', store: { prefix: 'acompanhar:visitante', budget: 'client' } },
  'acompanhar-email': { limit: () => 3, windowSeconds: 24 * 3600, key: 'email', store: { prefix: 'acompanhar:email', budget: 'client' } },
  acompanhamento: { limit: () => 400, windowSeconds: 24 * 3600, key: 'everyone', store: { prefix: 'acompanhar:medicoes', budget: 'state' } },
  // The report of a result by e-mail (functions/report/): its leads count in `contato`; this caps what one address receives.
  'relatorio-email': { limit: () => 3, windowSeconds: 24 * 3600, key: 'email', store: { prefix: 'relatorio:email', budget: 'client' } },
};

/** What a counter of a quota is counting, and where it stands. */
export interface QuotaCount {
  name: QuotaName;
  limit: number;
  windowSeconds: number;
  /** Calls in the window, this one included. */
  count: number;
  /** Seconds until the window turns, at least 1. */
  resetSeconds: number;
}

/** Who a call is counted for: the request's client, the registration for `v1`, the hashed address for `acompanhar-email`. */
export type QuotaSubject = Pick<RequestContext, 'config'> & { clientAddress?: string; registrationId?: string; emailKey?: string };

/** The store key of `name`'s counter for this subject. */
export function quotaKey(subject: QuotaSubject, name: QuotaName): string {
  const { key, store } = QUOTAS[name];
  if (key === 'everyone') return store.prefix;
  const who =
    key === 'registration' ? subject.registrationId : key === 'email' ? subject.emailKey : subject.clientAddress === undefined ? undefined : clientKey(subject, subject.clientAddress);
  if (who === undefined) throw new TypeError(`cota ${name}: falta ${key === 'registration' ? 'o registration_id' : key === 'email' ? 'o e-mail (com hash)' : 'o endereço do cliente'}`);
  return `${store.prefix}:${who}`;
}

/**
 * Counts one call against `name` (`key`: the subject's counter, when the caller computed it already). Throws
 * `StoreUnavailableError` when the store fails; each caller decides how to degrade.
 */
export async function countQuota(ctx: QuotaSubject & Pick<RequestContext, 'store'>, name: QuotaName, key = quotaKey(ctx, name)): Promise<QuotaCount> {
  const quota = QUOTAS[name];
  const { count, resetSeconds } = await ctx.store.hit(key, quota.windowSeconds, { budget: quota.store.budget });
  return { name, limit: quota.limit(ctx.config), windowSeconds: quota.windowSeconds, count, resetSeconds };
}

/** Whether a count is over its quota. */
export const overQuota = (state: Pick<QuotaCount, 'count' | 'limit'>): boolean => state.count > state.limit;
