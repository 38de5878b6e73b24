/**
 * Where contact submissions (leads) live: the configured store (Upstash in production, the SQLite file of
 * `npm start`), never only in the memory of a request. Built on the `Store` interface alone:
 *
 * - `contato:seq` is a counter (`hit` with a window of a century) that numbers the leads;
 * - `contato:lead:<n>` is the lead with its delivery state (no expiry);
 * - `contato:piso` is the lowest number that may still be undelivered, so the retry scan starts there. It only
 *   moves past delivered leads; a stale value written by a concurrent worker only makes a later scan longer.
 *
 * The hashed address is not kept in the lead (only in the rate-limit counter).
 */
import type { Store } from '../store/types.ts';
import type { ContactFields } from './fields.ts';

const SEQ_KEY = 'contato:seq';
const FLOOR_KEY = 'contato:piso';
const leadKey = (seq: number) => `contato:lead:${seq}`;
/** A century: the sequence never resets in practice. */
const SEQ_WINDOW_SECONDS = 100 * 365 * 24 * 3600;

export interface DeliveryState {
  estado: 'pendente' | 'entregue';
  tentativas: number;
  ultimaTentativaEm: string | null;
  /** When the next attempt is due (ISO); null once delivered. */
  proximaTentativaEm: string | null;
  entregueEm: string | null;
  /** Short reason of the last failure (HTTP status or network error), never the payload. */
  ultimoErro: string | null;
}

export interface Lead {
  seq: number;
  /** Stable identifier sent to the webhook (receivers can deduplicate on it). */
  id: string;
  recebidoEm: string;
  campos: ContactFields;
  entrega: DeliveryState;
}

/** Stores a new lead (pending delivery, due now). Throws StoreUnavailableError when the store fails. */
export async function saveLead(store: Store, now: () => number, campos: ContactFields): Promise<Lead> {
  const { count: seq } = await store.hit(SEQ_KEY, SEQ_WINDOW_SECONDS);
  const at = new Date(now()).toISOString();
  const lead: Lead = {
    seq,
    id: `contato-${seq}-${crypto.randomUUID().slice(0, 8)}`,
    recebidoEm: at,
    campos,
    entrega: { estado: 'pendente', tentativas: 0, ultimaTentativaEm: null, proximaTentativaEm: at, entregueEm: null, ultimoErro: null },
  };
  await store.set(leadKey(seq), lead);
  return lead;
}

export const getLead = (store: Store, seq: number): Promise<Lead | null> => store.get<Lead>(leadKey(seq));

export async function updateDelivery(store: Store, lead: Lead, entrega: DeliveryState): Promise<Lead> {
  const updated = { ...lead, entrega };
  await store.set(leadKey(lead.seq), updated);
  return updated;
}

/** The number of the last lead (0 when none). */
export async function lastSeq(store: Store): Promise<number> {
  const value = await store.get<number>(SEQ_KEY);
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
}

/** Every lead, oldest first (for `npm run contatos`). */
export async function listLeads(store: Store): Promise<Lead[]> {
  const last = await lastSeq(store);
  const leads: Lead[] = [];
  for (let seq = 1; seq <= last; seq++) {
    const lead = await getLead(store, seq);
    if (lead) leads.push(lead);
  }
  return leads;
}

/** Leads that may still be undelivered (from the floor on), and a way to move the floor. */
export async function undeliveredLeads(store: Store): Promise<{ leads: Lead[]; advanceFloor(to: number): Promise<void> }> {
  const [last, floorValue] = await Promise.all([lastSeq(store), store.get<number>(FLOOR_KEY)]);
  const floor = typeof floorValue === 'number' && floorValue >= 1 ? floorValue : 1;
  const leads: Lead[] = [];
  for (let seq = floor; seq <= last; seq++) {
    const lead = await getLead(store, seq);
    if (lead && lead.entrega.estado !== 'entregue') leads.push(lead);
  }
  return {
    leads,
    async advanceFloor(to: number) {
      if (to > floor) await store.set(FLOOR_KEY, to);
    },
  };
}
