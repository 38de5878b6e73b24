/** RFC 8288 `Link` header fields: `<uri>; rel="a b"; type="…"`, comma-separated. */
export interface WebLink {
  href: string;
  rel: string[];
  type?: string;
  params: Record<string, string>;
}

/** Splits on `sep` outside quotes and angle brackets. */
function splitOutside(value: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '\\' && quoted) {
      current += ch + (value[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"' && !angled) quoted = !quoted;
    else if (ch === '<' && !quoted) angled = true;
    else if (ch === '>' && !quoted) angled = false;
    if (ch === sep && !quoted && !angled) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

export function parseLinkHeader(value: string | null): WebLink[] {
  if (!value) return [];
  const links: WebLink[] = [];
  for (const entry of splitOutside(value, ',')) {
    const match = /^\s*<([^>]*)>(.*)$/s.exec(entry);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const raw of splitOutside(match[2] ?? '', ';').slice(1)) {
      const eq = raw.indexOf('=');
      const name = (eq < 0 ? raw : raw.slice(0, eq)).trim().toLowerCase();
      if (!name || name in params) continue;
      let v = eq < 0 ? '' : raw.slice(eq + 1).trim();
      if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1).replace(/\\(.)/g, '$1');
      params[name] = v;
    }
    links.push({
      href: match[1] ?? '',
      rel: (params.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      type: params.type?.toLowerCase(),
      params,
    });
  }
  return links;
}
