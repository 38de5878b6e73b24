/**
 * The evidence of a verdict (issue 19): what the reader asked, what came back, and the header or line that
 * decided, so a developer can see the same answer with curl. Checks build it from their probes through the
 * measurement context (`ctx.evidence`, which knows how each probe was requested); the scorer keeps at most
 * `MAX_EVIDENCE` per check and turns the first one of a lacuna into a paste-able `curl` command.
 *
 * Everything a site sends is data: values quoted into our sentences go through `siteText` (typographic
 * quotes, which renderers show as text read from the site), and commands quote every argument for a POSIX
 * shell (`shellQuote`), so no URL, header or line can break out of its argument.
 */
import type { Evidencia } from '../../src/model/reading.ts';
import { type Decisive, isResponse, type Probe } from './context.ts';

export type Evidence = Evidencia;

/** Evidence items a lacuna's check keeps (the deciding ones first); a check that costs nothing keeps one. */
export const MAX_EVIDENCE = 3;
/** Characters of a site value quoted into a sentence. */
export const SITE_TEXT_MAX = 160;

/** Opening and closing marks of a value read from the site, inside our sentences. */
export const SITE_OPEN = '“';
export const SITE_CLOSE = '”';

const MARKS = /[“”]/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * A value read from the site, quoted for one of our sentences: controls removed, the quote marks it might
 * carry replaced (it cannot close its quote early and pass the rest for our prose), cut at `max`.
 */
export function siteText(value: string, max = SITE_TEXT_MAX): string {
  let clean = value.slice(0, max * 2).replace(CONTROLS, ' ').replace(MARKS, '"').trim();
  if (clean.length > max) clean = `${clean.slice(0, max - 1).replace(/[\ud800-\udbff]$/, '')}…`;
  return `${SITE_OPEN}${clean.toWellFormed()}${SITE_CLOSE}`;
}

/** A sentence split into our prose and the values read from the site (`siteText`), in order. */
export function siteSegments(text: string): { site: boolean; text: string }[] {
  const segments: { site: boolean; text: string }[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf(SITE_OPEN, at);
    if (open < 0) {
      segments.push({ site: false, text: text.slice(at) });
      break;
    }
    if (open > at) segments.push({ site: false, text: text.slice(at, open) });
    const close = text.indexOf(SITE_CLOSE, open + 1);
    // A sentence cut inside a quote (bounds): the rest is site text.
    const end = close < 0 ? text.length : close;
    segments.push({ site: true, text: text.slice(open + 1, end) });
    at = close < 0 ? text.length : close + 1;
  }
  return segments;
}

/** One argument quoted for a POSIX shell: single quotes, a single quote written as '\''. */
export const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The curl command that repeats an evidence's request: the same method, User-Agent, Accept and body. The
 * headers are printed (`-D -`, body discarded) when a header or the status decided; the body when a line
 * of it did. Redirects are followed (`-L`) when the reader followed them.
 */
export function curlCommand(evidence: Evidence): string {
  const { pedido, resposta, em } = evidence;
  const args = ['curl', '-sS'];
  if (pedido.metodo === 'HEAD') args.push('-I');
  else if (em !== 'corpo') args.push('-o', '/dev/null', '-D', '-');
  if (pedido.metodo === 'POST') args.push('-X', 'POST');
  if (resposta?.redirecionamentos?.length) args.push('-L');
  args.push('-A', shellQuote(pedido.agente));
  if (pedido.accept) args.push('-H', shellQuote(`Accept: ${pedido.accept}`));
  if (pedido.corpo !== undefined) args.push('-H', shellQuote('Content-Type: application/json'), '--data-raw', shellQuote(pedido.corpo));
  args.push(shellQuote(pedido.url));
  return args.join(' ');
}

/** A response header as a line (`Content-Type: text/html`), or `sem Content-Type` when absent. */
export function headerLine(headers: Headers, name: string): string {
  const value = headers.get(name);
  return value === null ? `sem ${name}` : `${name}: ${value}`;
}

/**
 * What an address answered instead of what was asked: its status, or its Content-Type when it answered 200
 * (an HTML page, say); nothing when there was no answer (the evidence then carries the error).
 */
export function answeredInstead(probe: Probe): Decisive {
  if (!isResponse(probe)) return {};
  return probe.status === 200 ? { em: 'cabecalho', decisivo: headerLine(probe.headers, 'Content-Type') } : { em: 'status', decisivo: `HTTP ${probe.status}` };
}

/** The path of a URL (with its query) for examples in our sentences, quoted as site text. */
export function sitePath(url: string): string {
  try {
    const u = new URL(url);
    return siteText(`${u.pathname}${u.search}`);
  } catch {
    return siteText(url);
  }
}

/** Up to `max` examples, quoted paths joined with commas (`“/a”, “/b” e mais 3`). */
export function examples(urls: readonly string[], max = 3): string {
  const shown = urls.slice(0, max).map(sitePath).join(', ');
  return urls.length > max ? `${shown} e mais ${urls.length - max}` : shown;
}
