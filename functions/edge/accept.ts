/**
 * RFC 9110 Accept parsing: media ranges with their q-values. The one Accept parser of the functions (the
 * edge's markdown negotiation, `/ask`'s JSON-or-stream choice, the measurement's answer format); no `node:`
 * imports, so it also runs in the edge function (Deno).
 */
export interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

export const parseAccept = (header: string | null | undefined): MediaRange[] => {
  if (!header) return [];
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [range, ...params] = part.trim().split(';');
    const [type, subtype] = (range ?? '').trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [k, v] = param.trim().split('=');
      if (k?.trim().toLowerCase() === 'q') {
        const n = Number(v);
        q = Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0;
      }
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
};

/**
 * The q-value the client gives to `type/subtype`, taking the most specific matching range. Wildcards
 * count only when `wildcards` is true (for markdown we ignore them: a browser's `*\/*` is not a request
 * for markdown).
 */
export const qualityOf = (ranges: MediaRange[], type: string, subtype: string, wildcards: boolean): number => {
  let best: { specificity: number; q: number } | undefined;
  for (const r of ranges) {
    let specificity = -1;
    if (r.type === type && r.subtype === subtype) specificity = 2;
    else if (wildcards && r.type === type && r.subtype === '*') specificity = 1;
    else if (wildcards && r.type === '*' && r.subtype === '*') specificity = 0;
    if (specificity >= 0 && (!best || specificity > best.specificity)) best = { specificity, q: r.q };
  }
  return best?.q ?? 0;
};

/** Whether the client accepts `type/subtype` at all (q > 0). */
export const accepts = (header: string | null | undefined, mediaType: string, wildcards: boolean): boolean => {
  const [type = '', subtype = ''] = mediaType.split('/');
  return qualityOf(parseAccept(header), type, subtype, wildcards) > 0;
};

/**
 * The candidate the client prefers: the highest q-value (wildcards count when `wildcards` is true); on a tie,
 * the one whose range comes first in the header. Undefined when the client accepts none of them.
 */
export const preferredMediaType = (header: string | null | undefined, candidates: readonly string[], wildcards: boolean): string | undefined => {
  const ranges = parseAccept(header);
  let best: { candidate: string; q: number; position: number } | undefined;
  for (const candidate of candidates) {
    const [type = '', subtype = ''] = candidate.split('/');
    const q = qualityOf(ranges, type, subtype, wildcards);
    if (q <= 0) continue;
    const exact = ranges.findIndex((r) => r.type === type && r.subtype === subtype);
    const position = exact === -1 ? ranges.length : exact;
    if (!best || q > best.q || (q === best.q && position < best.position)) best = { candidate, q, position };
  }
  return best?.candidate;
};

/** True when the request explicitly asks for markdown at least as much as for HTML. */
export const prefersMarkdown = (acceptHeader: string | null | undefined): boolean => {
  const ranges = parseAccept(acceptHeader);
  const md = Math.max(qualityOf(ranges, 'text', 'markdown', false), qualityOf(ranges, 'text', 'x-markdown', false));
  if (md <= 0) return false;
  return md >= qualityOf(ranges, 'text', 'html', true);
};

/** True when the Accept header rules markdown out explicitly (`text/markdown;q=0`). */
export const refusesMarkdown = (acceptHeader: string | null | undefined): boolean =>
  parseAccept(acceptHeader).some((r) => r.type === 'text' && r.subtype === 'markdown' && r.q === 0);
