/**
 * Where contact submissions (leads) live: the configured store (Upstash in production, the SQLite file of
 * `npm start`), never only in the memory of a request. Built on the `Store` interface alone:
 *
 * - `contato:seq` is a counter (`hit` with a window of a century) that numbers the leads;
 * - `contato:lead:<n>` is the lead with its delivery state (no expiry);
 * - `contato:piso` is the lowest number that may still need a delivery attempt, so the retry scan starts
 *   there. It only moves past leads that need none (delivered, given up, damaged); a stale value written by a
 *   concurrent worker only makes a later scan longer;
 * - `contato:posto-de-lado:<n>` marks a damaged record (not JSON, or not the shape of a lead) that was set
 *   aside: the record itself is left untouched for the operator, never delivered, and reported by its key
 *   (by the worker's log once, and by `npm run contatos` every time). One damaged record never blocks the others.
 *
 * The hashed address is not kept in the lead (only in the rate-limit counter).
 */
import { z } from 'zod';
import { type Store, StoreDataError } from '../store/types.ts';
import type { ContactFields } from './fields.ts';

const SEQ_KEY = 'contato:seq';
const FLOOR_KEY = 'contato:piso';
export const leadKey = (seq: number) => `contato:lead:${seq}`;
const setAsideKey = (seq: number) => `contato:posto-de-lado:${seq}`;
/** A century: the sequence never resets in practice. */
const SEQ_WINDOW_SECONDS = 100 * 365 * 24 * 3600;

export interface DeliveryState {
  /** `pendente` until a 2xx; a lead whose attempts ran out stays `pendente`, with `proximaTentativaEm` null. */
  estado: 'pendente' | 'entregue';
  /** Attempts made so far (while pending, every one of them failed). */
  tentativas: number;
  ultimaTentativaEm: string | null;
  /** When the next attempt is due (ISO); null once delivered, or once the attempts ran out. */
  proximaTentativaEm: string | null;
  entregueEm: string | null;
  /** Short reason of the last failure (HTTP status or network error), never the payload. */
  ultimoErro: string | null;
}

/**
 * What a lead asks for: `contato`, the contact form (and a confirmed follow-up); `relatorio`, the report of a
 * result by e-mail (functions/report/). Leads stored before this field are `contato`.
 */
export type LeadKind = 'contato' | 'relatorio';

export interface Lead {
  seq: number;
  /** Absent on leads stored before it existed: `contato`. */
  tipo?: LeadKind;
  /** Stable identifier sent to the webhook (body `id` and `Idempotency-Key` header: receivers drop repeats on it). */
  id: string;
  recebidoEm: string;
  campos: ContactFields;
  entrega: DeliveryState;
}

/** A stored record that is not a lead: reported by its key, never delivered. */
export interface DamagedLead {
  seq: number;
  key: string;
  /** Why it cannot be used (pt-BR, short). */
  problema: string;
}

const isoOrNull = z.string().nullable();
/** The shape a record must have to be delivered or listed (extra members are allowed). */
const leadShape = z.object({
  seq: z.number().int().positive(),
  tipo: z.enum(['contato', 'relatorio']).optional(),
  id: z.string().min(1),
  recebidoEm: z.string(),
  campos: z.object({
    nome: z.string(),
    email: z.string(),
    empresa: z.string(),
    site: z.string(),
    mensagem: z.string(),
    nota: z.number().nullable(),
    produto: z.string(),
    grau: z.string().nullable().optional(),
    resultado: z.string().optional(),
  }),
  entrega: z.object({
    estado: z.enum(['pendente', 'entregue']),
    tentativas: z.number().int().nonnegative(),
    ultimaTentativaEm: isoOrNull,
    proximaTentativaEm: isoOrNull,
    entregueEm: isoOrNull,
    ultimoErro: isoOrNull,
  }),
});

export type LeadRecord = { kind: 'lead'; lead: Lead } | { kind: 'missing' } | { kind: 'damaged'; damaged: DamagedLead };

/**
 * The record numbered `seq`: the lead, nothing, or a damaged record (unreadable, or not the shape of a lead).
 * A store that cannot be reached throws (`StoreUnavailableError`): that is not a damaged record.
 */
export async function readLead(store: Store, seq: number): Promise<LeadRecord> {
  const key = leadKey(seq);
  let value: unknown;
  try {
    value = await store.get(key);
  } catch (error) {
    if (error instanceof StoreDataError) return { kind: 'damaged', damaged: { seq, key, problema: 'o valor guardado não é JSON legível' } };
    throw error;
  }
  if (value === null) return { kind: 'missing' };
  const shape = leadShape.safeParse(value);
  if (!shape.success) {
    const where = shape.error.issues[0]?.path.join('.') || 'registro';
    return { kind: 'damaged', damaged: { seq, key, problema: `o registro não tem a forma de um contato (campo ${where})` } };
  }
  if (shape.data.seq !== seq) return { kind: 'damaged', damaged: { seq, key, problema: `o registro diz ser o contato nº ${shape.data.seq}` } };
  return { kind: 'lead', lead: value as Lead };
}

/** Stores a new lead (pending delivery, due now). Throws StoreUnavailableError when the store fails. */
export async function saveLead(store: Store, now: () => number, campos: ContactFields, tipo: LeadKind = 'contato'): Promise<Lead> {
  const { count: seq } = await store.hit(SEQ_KEY, SEQ_WINDOW_SECONDS);
  const at = new Date(now()).toISOString();
  const lead: Lead = {
    seq,
    ...(tipo === 'contato' ? {} : { tipo }),
    id: `contato-${seq}-${crypto.randomUUID().slice(0, 8)}`,
    recebidoEm: at,
    campos,
    entrega: { estado: 'pendente', tentativas: 0, ultimaTentativaEm: null, proximaTentativaEm: at, entregueEm: null, ultimoErro: null },
  };
  await store.set(leadKey(seq), lead);
  return lead;
}

/** The lead numbered `seq`, or null when there is none or the record is damaged. */
export async function getLead(store: Store, seq: number): Promise<Lead | null> {
  const record = await readLead(store, seq);
  return record.kind === 'lead' ? record.lead : null;
}

export async function updateDelivery(store: Store, lead: Lead, entrega: DeliveryState): Promise<Lead> {
  const updated = { ...lead, entrega };
  await store.set(leadKey(lead.seq), updated);
  return updated;
}

/** Whether a lead still has a delivery attempt ahead (pending, and its attempts did not run out). */
export const awaitsDelivery = (lead: Lead): boolean => lead.entrega.estado !== 'entregue' && lead.entrega.proximaTentativaEm !== null;

/**
 * Marks a damaged record as set aside. True the first time (the caller reports it then), false when it already
 * was. The record itself is left as it is.
 */
export async function setAside(store: Store, damaged: DamagedLead, now: () => number): Promise<boolean> {
  return store.set(setAsideKey(damaged.seq), { chave: damaged.key, problema: damaged.problema, em: new Date(now()).toISOString() }, { ifAbsent: true });
}

/** The number of the last lead (0 when none). */
export async function lastSeq(store: Store): Promise<number> {
  const value = await store.get<number>(SEQ_KEY);
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
}

/** Every lead, oldest first, and the damaged records set aside (for `npm run contatos`). */
export async function listLeads(store: Store): Promise<{ leads: Lead[]; damaged: DamagedLead[] }> {
  const last = await lastSeq(store);
  const leads: Lead[] = [];
  const damaged: DamagedLead[] = [];
  for (let seq = 1; seq <= last; seq++) {
    const record = await readLead(store, seq);
    if (record.kind === 'lead') leads.push(record.lead);
    else if (record.kind === 'damaged') damaged.push(record.damaged);
  }
  return { leads, damaged };
}

/**
 * The leads that await a delivery attempt (from the floor on), the damaged records met on the way, the last
 * number scanned, and a way to move the floor.
 */
export async function undeliveredLeads(store: Store): Promise<{ leads: Lead[]; damaged: DamagedLead[]; last: number; advanceFloor(to: number): Promise<void> }> {
  const [last, floorValue] = await Promise.all([lastSeq(store), store.get<number>(FLOOR_KEY)]);
  const floor = typeof floorValue === 'number' && floorValue >= 1 ? floorValue : 1;
  const leads: Lead[] = [];
  const damaged: DamagedLead[] = [];
  for (let seq = floor; seq <= last; seq++) {
    const record = await readLead(store, seq);
    if (record.kind === 'lead' && awaitsDelivery(record.lead)) leads.push(record.lead);
    else if (record.kind === 'damaged') damaged.push(record.damaged);
  }
  return {
    leads,
    damaged,
    last,
    async advanceFloor(to: number) {
      if (to > floor) await store.set(FLOOR_KEY, to);
    },
  };
}
