/**
 * Size bounds of a reading. The measured site controls part of what the checks write (a canonical href, a
 * Content-Signal line, a `Location` value, a vendor name…), and a reading is kept for 180 days and returned by
 * every read: one hostile site once made a 6.4 MB reading, and Upstash refuses values that large. So every
 * envelope a measurement produces goes through `boundReading` (measure.ts, at its single exit):
 *
 * - every free text a check's outcome or the measurement writes (`detalhe`, `comoCorrigir`, `motivo`,
 *   `teto.motivo`) loses its control characters (C0, DEL, C1, bidirectional overrides; line breaks and tabs
 *   become spaces), its lone surrogates, and is cut at `MAX_TEXT_CHARS` with an ellipsis;
 * - the serialized reading must fit `MAX_READING_BYTES`; if it does not, the texts are cut shorter, and a
 *   reading that still does not fit becomes a whole unscored reading saying why — never a half-written one.
 *
 * `saveReading` refuses anything above the bound (`readingBytes`), so nothing larger is ever stored.
 */
import { stripControls } from '../../src/model/controls.ts';
import type { Envelope } from './envelope.ts';

/** Longest free text of a reading, in UTF-16 code units (the longest text of our own is about 340). */
export const MAX_TEXT_CHARS = 500;
/** Largest serialized reading, in UTF-8 bytes (a full reading of a real site is about 20 KB). */
export const MAX_READING_BYTES = 64 * 1024;
/** Shorter cuts tried, in order, when a reading does not fit. */
const FALLBACK_TEXT_CHARS = [200, 80] as const;

/** A text cleaned of control characters and lone surrogates, at most `max` code units (cut ends with `…`). */
export function boundText(text: string, max = MAX_TEXT_CHARS): string {
  // Only a prefix is examined: a multi-megabyte value is never scanned whole.
  const prefix = text.length > max * 4 ? text.slice(0, max * 4) : text;
  let clean = stripControls(prefix).toWellFormed();
  if (clean.length <= max && prefix.length === text.length) return clean;
  clean = clean.slice(0, max - 1);
  // Never leave half of a surrogate pair at the cut.
  if (/[\ud800-\udbff]$/.test(clean)) clean = clean.slice(0, -1);
  return `${clean.trimEnd()}…`;
}

/** Size of the serialized reading in UTF-8 bytes (what the store keeps). */
export const readingBytes = (envelope: Envelope): number => Buffer.byteLength(JSON.stringify(envelope));

function boundTexts(envelope: Envelope, max: number): Envelope {
  const text = (value: string) => boundText(value, max);
  return {
    ...envelope,
    camadas: envelope.camadas.map((camada) => ({ ...camada, verificacoes: camada.verificacoes.map((v) => ({ ...v, detalhe: text(v.detalhe) })) })),
    lacunas: envelope.lacunas.map((lacuna) => ({ ...lacuna, comoCorrigir: text(lacuna.comoCorrigir) })),
    ...(envelope.motivo !== undefined ? { motivo: text(envelope.motivo) } : {}),
    ...(envelope.teto ? { teto: { ...envelope.teto, motivo: text(envelope.teto.motivo) } } : {}),
    ...(envelope.interfaces ? { interfaces: { ...envelope.interfaces, sinais: envelope.interfaces.sinais.slice(0, 10).map((s) => boundText(s, Math.min(max, 200))) } } : {}),
  };
}

/** The reading within the bounds: texts cleaned and cut, the whole within `MAX_READING_BYTES`. */
export function boundReading(envelope: Envelope): Envelope {
  for (const max of [MAX_TEXT_CHARS, ...FALLBACK_TEXT_CHARS]) {
    const bounded = boundTexts(envelope, max);
    if (readingBytes(bounded) <= MAX_READING_BYTES) return bounded;
  }
  return {
    dominio: envelope.dominio,
    estado: 'nao_pontuada',
    nota: null,
    grau: null,
    camadas: [],
    lacunas: [],
    medidoEm: envelope.medidoEm,
    motivo: `A leitura deste site passou de ${MAX_READING_BYTES / 1024} KB mesmo com os textos encurtados e não pôde ser registrada inteira; uma nota parcial seria enganosa.`,
  };
}
