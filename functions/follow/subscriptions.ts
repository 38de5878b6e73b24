/**
 * Who follows which domain, kept in the configured store (Upstash, the SQLite file of `npm start`, or memory), on the
 * `Store` interface alone. Keys:
 *
 * - `acompanhar:seq`: the counter that numbers follow-ups (logs name a follow-up by its number, never its address);
 * - `acompanhar:inscricao:<n>`: the follow-up (`Subscription`): pending for 7 days until confirmed, then kept until
 *   cancelled; a cancelled one keeps only its domain and dates, for 30 days (no address);
 * - `acompanhar:token:<sha256>`: what a link's token may do (`confirmar` or `cancelar`) and for which follow-up. The
 *   tokens are 256 random bits (base64url), single-purpose, looked up by their SHA-256; the confirmation token is
 *   kept only as that hash and lasts 7 days; the cancellation token, which every message carries, is also kept in
 *   the follow-up it belongs to, and lasts as long as the follow-up (and 30 days after, so a second click still answers);
 * - `acompanhar:par:<hmac>`: the follow-up of one address and one domain (a second request re-sends the confirmation
 *   instead of making another), keyed by a salted HMAC of the pair, so no key holds an address;
 * - `acompanhar:fila`: the scheduler's queue: follow-up number → when its next measurement is due (epoch ms), for the
 *   confirmed ones only. Written under a short lease (`acompanhar:fila:trava`), so a confirmation, a cancellation and
 *   the scheduler never overwrite each other's change.
 *
 * A confirmed follow-up pins its domain's history (functions/readiness/history.ts) until it is cancelled.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { HistoryEntry } from '../readiness/changes.ts';
import { pinHistory, unpinHistory } from '../readiness/history.ts';
import { guarded } from '../store/guarded.ts';
import { type Store, StoreUnavailableError } from '../store/types.ts';

/** A pending follow-up (and its confirmation link) lasts this long. */
export const PENDING_TTL_SECONDS = 7 * 24 * 3600;
/** What remains of a cancelled follow-up (no address) lasts this long. */
export const CANCELLED_TTL_SECONDS = 30 * 24 * 3600;
/** Confirmed follow-ups at most: the scheduler measures one every 5 minutes on Netlify, about 2 000 a week. */
export const MAX_FOLLOWED = 2_000;

const SEQ_KEY = 'acompanhar:seq';
const SEQ_WINDOW_SECONDS = 100 * 365 * 24 * 3600;
const QUEUE_KEY = 'acompanhar:fila';
const LOCK_KEY = 'acompanhar:fila:trava';
const subscriptionKey = (seq: number) => `acompanhar:inscricao:${seq}`;
const tokenKey = (hash: string) => `acompanhar:token:${hash}`;
const pairKey = (hash: string) => `acompanhar:par:${hash}`;

export type Purpose = 'confirmar' | 'cancelar';

export interface Subscription {
  seq: number;
  dominio: string;
  /** The owner's address; '' once cancelled. */
  email: string;
  estado: 'pendente' | 'confirmada' | 'cancelada';
  criadaEm: string;
  confirmadaEm: string | null;
  canceladaEm: string | null;
  /** SHA-256 of the current confirmation token, while pending. */
  tokenConfirmar: string | null;
  /**
   * The cancellation token itself (every message carries its link, so it is kept like the address it goes to);
   * the lookup key holds only its SHA-256.
   */
  cancelar: string;
  /** The pair key's hash (address + domain). */
  par: string;
  proximaMedicaoEm: string | null;
  ultimaMedicaoEm: string | null;
  /** The last alert or summary sent. */
  ultimoEnvioEm: string | null;
  ultimoResumoEm: string | null;
  /** The reading the owner's next message is compared with (the last one measured for this follow-up). */
  base: HistoryEntry | null;
  /** The number of the lead this follow-up made (functions/contact/leads.ts), once confirmed. */
  contato: number | null;
}

/** A new link token (256 random bits) and the hash it is stored under. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** What a link token looks like (anything else is refused before the store is read). */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The salted key of an address (for the per-address quota) and of an address with a domain (the pair). */
export const emailKey = (config: Pick<Config, 'addressSalt'>, email: string): string =>
  createHmac('sha256', config.addressSalt).update(`email\0${email.toLowerCase()}`).digest('base64url').slice(0, 32);
export const pairHash = (config: Pick<Config, 'addressSalt'>, email: string, dominio: string): string =>
  createHmac('sha256', config.addressSalt).update(`par\0${email.toLowerCase()}\0${dominio}`).digest('base64url').slice(0, 32);

export async function getSubscription(store: Store, seq: number): Promise<Subscription | null> {
  const value = await guarded(() => store.get<Subscription>(subscriptionKey(seq)));
  return value && typeof value === 'object' && value.seq === seq ? value : null;
}

export async function saveSubscription(store: Store, sub: Subscription): Promise<void> {
  const ttlSeconds = sub.estado === 'pendente' ? PENDING_TTL_SECONDS : sub.estado === 'cancelada' ? CANCELLED_TTL_SECONDS : undefined;
  await guarded(() => store.set(subscriptionKey(sub.seq), sub, ttlSeconds ? { ttlSeconds } : {}));
}

export async function nextSeq(store: Store): Promise<number> {
  return (await guarded(() => store.hit(SEQ_KEY, SEQ_WINDOW_SECONDS))).count;
}

/** Stores a link token for a follow-up (the confirmation's expires with the pending follow-up). */
export async function saveToken(store: Store, hash: string, purpose: Purpose, seq: number, ttlSeconds?: number): Promise<void> {
  await guarded(() => store.set(tokenKey(hash), { finalidade: purpose, seq }, ttlSeconds ? { ttlSeconds } : {}));
}

/** The follow-up a link token may act on, for that purpose only; null for an unknown, expired or other-purpose token. */
export async function tokenTarget(store: Store, token: string, purpose: Purpose): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const value = await guarded(() => store.get<{ finalidade?: unknown; seq?: unknown }>(tokenKey(hashToken(token))));
  return value && value.finalidade === purpose && typeof value.seq === 'number' ? value.seq : null;
}

export const deleteToken = (store: Store, hash: string): Promise<void> => guarded(() => store.delete(tokenKey(hash)));

export async function pairTarget(store: Store, hash: string): Promise<number | null> {
  const value = await guarded(() => store.get<unknown>(pairKey(hash)));
  return typeof value === 'number' ? value : null;
}

export async function savePair(store: Store, hash: string, seq: number, ttlSeconds?: number): Promise<void> {
  await guarded(() => store.set(pairKey(hash), seq, ttlSeconds ? { ttlSeconds } : {}));
}

export const deletePair = (store: Store, hash: string): Promise<void> => guarded(() => store.delete(pairKey(hash)));

// ------------------------------------------------------------------------------------------------ the queue

const LEASE_SECONDS = 10;
const LOCK_TRIES = 100;
const LOCK_WAIT_MS = 20;

/** Runs `change` on the queue under its lease; throws StoreUnavailableError when the lease cannot be had in ~2 s. */
async function changeQueue<T>(store: Store, change: (queue: Record<string, number>) => T): Promise<T> {
  for (let attempt = 0; attempt < LOCK_TRIES; attempt++) {
    if (await guarded(() => store.set(LOCK_KEY, 1, { ttlSeconds: LEASE_SECONDS, ifAbsent: true }))) {
      try {
        const queue = await readQueue(store);
        const result = change(queue);
        await guarded(() => store.set(QUEUE_KEY, queue));
        return result;
      } finally {
        await store.delete(LOCK_KEY).catch(() => {});
      }
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
  }
  throw new StoreUnavailableError(new Error('fila do acompanhamento ocupada'));
}

/** The queue: follow-up number → when its next measurement is due (epoch ms). */
export async function readQueue(store: Store): Promise<Record<string, number>> {
  const value = await guarded(() => store.get<unknown>(QUEUE_KEY));
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => /^\d+$/.test(e[0]) && typeof e[1] === 'number'));
}

/** Puts (or moves) a confirmed follow-up in the queue; false when the queue is full and it was not there. */
export function enqueue(store: Store, seq: number, dueAt: number): Promise<boolean> {
  return changeQueue(store, (queue) => {
    if (!(String(seq) in queue) && Object.keys(queue).length >= MAX_FOLLOWED) return false;
    queue[String(seq)] = dueAt;
    return true;
  });
}

export function dequeue(store: Store, seq: number): Promise<void> {
  return changeQueue(store, (queue) => {
    delete queue[String(seq)];
  });
}

// ------------------------------------------------------------------------------------------------ lifecycle

/** Confirms a pending follow-up: it joins the queue (first measurement after `intervalMs`) and pins the history. */
export async function activate(store: Store, sub: Subscription, now: number, intervalMs: number, base: HistoryEntry | null): Promise<Subscription | 'cheio'> {
  if (!(await enqueue(store, sub.seq, now + intervalMs))) return 'cheio';
  const confirmed: Subscription = {
    ...sub,
    estado: 'confirmada',
    confirmadaEm: new Date(now).toISOString(),
    tokenConfirmar: null,
    proximaMedicaoEm: new Date(now + intervalMs).toISOString(),
    base,
  };
  await saveSubscription(store, confirmed);
  await savePair(store, sub.par, sub.seq);
  await saveToken(store, hashToken(sub.cancelar), 'cancelar', sub.seq);
  await pinHistory(store, sub.dominio, sub.seq);
  return confirmed;
}

/**
 * Cancels a follow-up (pending or confirmed): out of the queue, the history unpinned, the address forgotten (what
 * remains for 30 days: the domain and the dates), the pair free; the cancellation link keeps answering for 30 days.
 */
export async function deactivate(store: Store, sub: Subscription, now: number): Promise<Subscription> {
  await dequeue(store, sub.seq);
  await unpinHistory(store, sub.dominio, sub.seq);
  await deletePair(store, sub.par);
  if (sub.tokenConfirmar) await deleteToken(store, sub.tokenConfirmar);
  const cancelled: Subscription = { ...sub, email: '', cancelar: '', estado: 'cancelada', canceladaEm: new Date(now).toISOString(), tokenConfirmar: null, proximaMedicaoEm: null, base: null };
  await saveSubscription(store, cancelled);
  await saveToken(store, hashToken(sub.cancelar), 'cancelar', sub.seq, CANCELLED_TTL_SECONDS);
  return cancelled;
}
