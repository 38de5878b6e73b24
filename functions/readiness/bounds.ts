/**
 * Size bounds of a reading. The measured site controls part of what the checks write (a canonical href, a
 * Content-Signal line, a `Location` value, a vendor name…), and a reading is kept for 180 days and returned by
 * every read: one hostile site once made a 6.4 MB reading, and Upstash refuses values that large. So every
 * envelope a measurement produces goes through `boundReading` (measure.ts, at its single exit):
 *
 * - every free text a check's outcome or the measurement writes (`detalhe`, `comoCorrigir`, `motivo`,
 *   `teto.motivo`, the page URLs and rule lines of `robots-ia`'s decisions) loses its control characters (C0, DEL, C1, bidirectional overrides; line breaks and tabs
 *   become spaces), its lone surrogates, and is cut at `MAX_TEXT_CHARS` with an ellipsis;
 * - the serialized reading must fit `MAX_READING_BYTES`; if it does not, the texts are cut shorter, and a
 *   reading that still does not fit becomes a whole unscored reading saying why — never a half-written one.
 *
 * `saveReading` refuses anything above the bound (`readingBytes`), so nothing larger is ever stored.
 */
import { stripControls } from '../../src/model/controls.ts';
import type { Envelope, Evidencia, RobotsDecisoes } from '../../src/model/reading.ts';

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

/** An evidence's texts bounded (URLs, header values, lines and errors come from the site). */
function boundEvidence(evidence: Evidencia, max: number): Evidencia {
  const text = (value: string) => boundText(value, max);
  const { pedido, resposta } = evidence;
  return {
    pedido: { ...pedido, url: text(pedido.url), agente: text(pedido.agente), ...(pedido.accept !== undefined ? { accept: text(pedido.accept) } : {}), ...(pedido.corpo !== undefined ? { corpo: text(pedido.corpo) } : {}) },
    ...(resposta
      ? {
          resposta: {
            status: resposta.status,
            ...(resposta.tipo !== undefined ? { tipo: boundText(resposta.tipo, Math.min(max, 100)) } : {}),
            ...(resposta.url !== undefined ? { url: text(resposta.url) } : {}),
            ...(resposta.redirecionamentos ? { redirecionamentos: resposta.redirecionamentos.slice(0, 5).map(text) } : {}),
          },
        }
      : {}),
    ...(evidence.erro !== undefined ? { erro: text(evidence.erro) } : {}),
    ...(evidence.decisivo !== undefined ? { decisivo: text(evidence.decisivo) } : {}),
    ...(evidence.em ? { em: evidence.em } : {}),
  };
}

/**
 * A reproduction is a command: cut, it would no longer repeat the request, so one longer than twice the text
 * bound is left out (the evidence still shows the request) instead of being cut.
 */
function boundCommand(command: string | undefined, max: number): { reproducao?: string } {
  if (command === undefined) return {};
  const clean = boundText(command, Number.MAX_SAFE_INTEGER);
  return clean.length <= 2 * max ? { reproducao: clean } : {};
}

function boundTexts(envelope: Envelope, max: number): Envelope {
  const text = (value: string) => boundText(value, max);
  return {
    ...envelope,
    camadas: envelope.camadas.map((camada) => ({
      ...camada,
      verificacoes: camada.verificacoes.map(({ evidencias, ...v }) => ({ ...v, detalhe: text(v.detalhe), ...(v.robots ? { robots: boundRobots(v.robots, Math.min(max, 200)) } : {}), ...(evidencias ? { evidencias: evidencias.map((e) => boundEvidence(e, max)) } : {}) })),
    })),
    lacunas: envelope.lacunas.map(({ reproducao, constatacao, ...lacuna }) => ({
      ...lacuna,
      ...(constatacao !== undefined ? { constatacao: text(constatacao) } : {}),
      comoCorrigir: text(lacuna.comoCorrigir),
      ...boundCommand(reproducao, max),
    })),
    ...(envelope.motivo !== undefined ? { motivo: text(envelope.motivo) } : {}),
    ...(envelope.teto ? { teto: { ...envelope.teto, motivo: text(envelope.teto.motivo) } } : {}),
    ...(envelope.interfaces ? { interfaces: { ...envelope.interfaces, sinais: envelope.interfaces.sinais.slice(0, 10).map((s) => boundText(s, Math.min(max, 200))) } } : {}),
  };
}

/** The robots.txt decisions of `robots-ia`: page URLs and rule lines come from the site. */
function boundRobots(robots: RobotsDecisoes, max: number): RobotsDecisoes {
  return {
    ...robots,
    url: boundText(robots.url, max),
    bloqueios: robots.bloqueios.map((b) => ({ ...b, url: boundText(b.url, max), regra: boundText(b.regra, max) })),
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
