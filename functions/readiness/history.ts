/**
 * The history of a domain's readings: every recorded reading (`saveReading` appends here) is kept, the last
 * `HISTORY_LIMIT` (52: a year of weekly follow-ups), in the configured store (memory, SQLite or Upstash), built on
 * the `Store` interface alone, so each store keeps it the same way.
 *
 * Storage budget. A reading is kept compact (`HistoryEntry`: when, state, nota, grade, the method's revision, each
 * check's status and revision; not the texts, which only the last reading keeps): one character per check plus a
 * few fields, about 150 bytes, so a domain's whole history stays under ~10 KB. Histories are kept for at most
 * `HISTORY_DOMAINS` domains: a ring of numbered slots (`readiness:history:slot:<n>`, the slot a domain took when its
 * history started); a new domain takes the next slot and the domain that held it loses its history (its last reading
 * stays, under its own key). A followed domain is pinned (`pinHistory`, by functions/follow/): when its slot is
 * taken, it keeps its history outside the ring and takes a slot again at its next reading. So the history is bounded
 * (about `HISTORY_DOMAINS` × 10 KB plus the followed domains) whatever anyone measures, counts against its own
 * store budget (`history`: the embedded store caps it apart from leads and readings), and never evicts anything
 * but other domains' histories.
 *
 * Keys: `readiness:history:<domain>` (the record), `readiness:history:seq` (the slot counter),
 * `readiness:history:slot:<n>` (who holds slot n), `readiness:history:pin:<domain>` (who pins it). Two readings of
 * one domain recorded at the same instant may keep only one of them (last write wins). Store failures propagate as
 * `StoreUnavailableError`.
 */
import { z } from 'zod';
import { GRAUS } from '../../src/model/measurement.ts';
import { guarded } from '../store/guarded.ts';
import type { Store } from '../store/types.ts';
import { type CheckStatus, type HistoryEntry, entryOf } from './changes.ts';
import type { Envelope } from '../../src/model/reading.ts';

/** Readings kept per domain. */
export const HISTORY_LIMIT = 52;
/** Domains whose history is kept (the ring's slots), followed domains apart. */
export const HISTORY_DOMAINS = 5_000;
/** A history not written to for this long expires (a year of weekly readings, and some margin). */
export const HISTORY_TTL_SECONDS = 400 * 24 * 3600;
/** A century: the slot counter never resets in practice. */
const SEQ_WINDOW_SECONDS = 100 * 365 * 24 * 3600;

const BUDGET = { budget: 'history' } as const;
export const historyKey = (domain: string): string => `readiness:history:${domain}`;
const SEQ_KEY = 'readiness:history:seq';
const slotKey = (slot: number): string => `readiness:history:slot:${slot}`;
const pinKey = (domain: string): string => `readiness:history:pin:${domain}`;

// ---------------------------------------------------------------------------------------------- compact form

/** One character per status; `-` where the check was not part of that reading. */
const CODE: Record<CheckStatus, string> = { passou: 'p', parcial: 'c', falhou: 'f', nao_se_aplica: 'n' };
const STATUS_OF: Record<string, CheckStatus> = Object.fromEntries(Object.entries(CODE).map(([status, code]) => [code, status as CheckStatus]));

const storedReading = z.object({
  em: z.string(),
  e: z.enum(['r', 'n']),
  n: z.number().int().min(0).max(100).nullable(),
  g: z.enum(GRAUS).nullable(),
  m: z.string().max(64).nullable(),
  /** Statuses in the order of the record's `ids`. */
  s: z.string().regex(/^[pcfn-]*$/),
  /** Check revisions in the order of `ids`, comma-separated (empty where the check is absent); absent when all are 1. */
  r: z.string().regex(/^[0-9,]*$/).optional(),
});

const storedHistory = z.object({
  v: z.literal(1),
  dominio: z.string(),
  /** The ring slot the domain holds; null while pinned outside the ring. */
  vaga: z.number().int().min(0).nullable(),
  ids: z.array(z.string()),
  leituras: z.array(storedReading),
});
type StoredHistory = z.infer<typeof storedHistory>;

function encode(dominio: string, vaga: number | null, entries: readonly HistoryEntry[]): StoredHistory {
  const ids: string[] = [];
  const index = new Map<string, number>();
  for (const entry of entries) for (const id of Object.keys(entry.verificacoes)) if (!index.has(id)) index.set(id, ids.push(id) - 1);
  return {
    v: 1,
    dominio,
    vaga,
    ids,
    leituras: entries.map((entry) => {
      const revised = Object.values(entry.verificacoes).some((v) => v.versao !== 1);
      return {
        em: entry.medidoEm,
        e: entry.estado === 'registrada' ? 'r' : 'n',
        n: entry.nota,
        g: entry.grau,
        m: entry.metodo,
        s: ids.map((id) => (entry.verificacoes[id] ? CODE[entry.verificacoes[id].status] : '-')).join(''),
        ...(revised ? { r: ids.map((id) => entry.verificacoes[id]?.versao ?? '').join(',') } : {}),
      };
    }),
  };
}

function decode(record: StoredHistory): HistoryEntry[] {
  return record.leituras.map((stored) => {
    const verificacoes: HistoryEntry['verificacoes'] = {};
    const revisions = stored.r?.split(',');
    record.ids.forEach((id, i) => {
      const status = STATUS_OF[stored.s[i] ?? '-'];
      if (status) verificacoes[id] = { status, versao: Number(revisions?.[i]) || 1 };
    });
    return { medidoEm: stored.em, estado: stored.e === 'r' ? 'registrada' : 'nao_pontuada', nota: stored.n, grau: stored.g, metodo: stored.m, verificacoes };
  });
}

// ---------------------------------------------------------------------------------------------- the store

/** The stored record of `domain`, or null (absent, or written in a shape this version cannot read). */
async function readRecord(store: Store, domain: string): Promise<StoredHistory | null> {
  const value = await guarded(() => store.get(historyKey(domain)));
  if (value === null) return null;
  const parsed = storedHistory.safeParse(value);
  return parsed.success && parsed.data.dominio === domain ? parsed.data : null;
}

const writeRecord = (store: Store, record: StoredHistory): Promise<boolean> => guarded(() => store.set(historyKey(record.dominio), record, { ttlSeconds: HISTORY_TTL_SECONDS, ...BUDGET }));

/** The readings of `domain` (already normalized), oldest first; empty when it has no history. */
export async function readHistory(store: Store, domain: string): Promise<HistoryEntry[]> {
  const record = await readRecord(store, domain);
  return record ? decode(record) : [];
}

/** Whether a followed domain pins its history. */
async function pinned(store: Store, domain: string): Promise<boolean> {
  const holders = await guarded(() => store.get<unknown>(pinKey(domain)));
  return Array.isArray(holders) && holders.length > 0;
}

/** The domain that held `slot` gives it up: its history goes, unless it is pinned (then it stays, outside the ring). */
async function release(store: Store, occupant: string, slot: number): Promise<void> {
  const record = await readRecord(store, occupant);
  if (!record || record.vaga !== slot) return;
  if (await pinned(store, occupant)) await writeRecord(store, { ...record, vaga: null });
  else await guarded(() => store.delete(historyKey(occupant)));
}

/** Takes the ring's next slot for `domain`. */
async function claimSlot(store: Store, domain: string, domains: number): Promise<number> {
  const { count } = await guarded(() => store.hit(SEQ_KEY, SEQ_WINDOW_SECONDS, BUDGET));
  const slot = (count - 1) % domains;
  const occupant = await guarded(() => store.get<unknown>(slotKey(slot)));
  if (typeof occupant === 'string' && occupant !== domain) await release(store, occupant, slot);
  await guarded(() => store.set(slotKey(slot), domain, { ttlSeconds: HISTORY_TTL_SECONDS, ...BUDGET }));
  return slot;
}

/**
 * Appends a recorded reading to its domain's history (nothing for envelopes that are not readings). A reading
 * already in the history (same `medidoEm`) replaces it rather than adding a second one. `domains`: the ring's size
 * (tests make it small).
 */
export async function appendHistory(store: Store, envelope: Envelope, { domains = HISTORY_DOMAINS }: { domains?: number } = {}): Promise<void> {
  const entry = entryOf(envelope);
  if (!entry) return;
  const domain = envelope.dominio;
  const record = await readRecord(store, domain);
  let slot = record?.vaga ?? null;
  if (slot === null || (await guarded(() => store.get<unknown>(slotKey(slot!)))) !== domain) slot = await claimSlot(store, domain, domains);
  const entries = (record ? decode(record) : []).filter((e) => e.medidoEm !== entry.medidoEm);
  entries.push(entry);
  entries.sort((a, b) => Date.parse(a.medidoEm) - Date.parse(b.medidoEm));
  await writeRecord(store, encode(domain, slot, entries.slice(-HISTORY_LIMIT)));
}

/** `holder` (a follow-up's number) pins the history of `domain`: it is kept even when its ring slot is taken. */
export async function pinHistory(store: Store, domain: string, holder: number): Promise<void> {
  const holders = await guarded(() => store.get<unknown>(pinKey(domain)));
  const list = Array.isArray(holders) ? holders.filter((h): h is number => typeof h === 'number') : [];
  if (!list.includes(holder)) list.push(holder);
  await guarded(() => store.set(pinKey(domain), list));
}

/** `holder` no longer pins the history of `domain` (the pin goes with the last holder). */
export async function unpinHistory(store: Store, domain: string, holder: number): Promise<void> {
  const holders = await guarded(() => store.get<unknown>(pinKey(domain)));
  const list = Array.isArray(holders) ? holders.filter((h): h is number => typeof h === 'number' && h !== holder) : [];
  if (list.length) await guarded(() => store.set(pinKey(domain), list));
  else await guarded(() => store.delete(pinKey(domain)));
}

/** Test and operator view: the slot a domain's history holds (null outside the ring), or undefined without history. */
export async function historySlot(store: Store, domain: string): Promise<number | null | undefined> {
  const record = await readRecord(store, domain);
  return record ? record.vaga : undefined;
}
