/**
 * Recorded readings: the last envelope of each domain, saved after every scored or unscored measurement and
 * read by the API (`/api/v1/prontidao/{dominio}`, `/api/ia/leitura`) and MCP. One key per domain. Every reading
 * saved is also appended to the domain's history (./history.ts), in compact form.
 * Store failures propagate as `StoreUnavailableError` (callers answer 503 `indisponivel`).
 */
import { type Store, StoreUnavailableError } from '../store/types.ts';
import { MAX_READING_BYTES, readingBytes } from './bounds.ts';
import { type Envelope, envelopeSchema } from '../../src/model/reading.ts';
import { appendHistory } from './history.ts';

/** Readings are kept for 180 days; a newer measurement replaces the previous one. */
export const READING_TTL_SECONDS = 180 * 24 * 3600;

export const readingKey = (domain: string): string => `readiness:reading:${domain}`;

/** The recorded envelope of `domain` (already normalized), or null when none exists or it is unreadable. */
export async function getReading(store: Store, domain: string): Promise<Envelope | null> {
  let value: unknown;
  try {
    value = await store.get(readingKey(domain));
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(error);
  }
  if (value === null) return null;
  const parsed = envelopeSchema.safeParse(value);
  // A record written by an older schema that no longer validates counts as absent (never a 500).
  return parsed.success ? parsed.data : null;
}

/**
 * Records an envelope under its domain (only `registrada` and `nao_pontuada` are recorded). A reading above
 * `MAX_READING_BYTES` is refused whole (RangeError) before anything is written: measurements bound their
 * readings (`boundReading`), so this only stops a caller that skipped that.
 */
export async function saveReading(store: Store, envelope: Envelope): Promise<void> {
  if (envelope.estado !== 'registrada' && envelope.estado !== 'nao_pontuada') {
    throw new TypeError(`estado ${envelope.estado} não é registrado`);
  }
  const value = envelopeSchema.parse(envelope);
  const bytes = readingBytes(value);
  if (bytes > MAX_READING_BYTES) throw new RangeError(`leitura de ${bytes} bytes passa do limite de ${MAX_READING_BYTES} bytes; nada foi gravado`);
  try {
    await store.set(readingKey(envelope.dominio), value, { ttlSeconds: READING_TTL_SECONDS });
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(error);
  }
  try {
    await appendHistory(store, value);
  } catch (error) {
    // The reading is recorded; only its line in the history is missing (the next reading adds its own).
    console.warn('[readiness] leitura registrada, mas o histórico não foi atualizado:', error instanceof Error ? error.message : error);
  }
}
