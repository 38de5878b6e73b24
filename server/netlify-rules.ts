/**
 * Reads Netlify's `_headers` and `_redirects` files (the ones the build writes into dist/), so the local
 * server applies exactly what Netlify will. Only the forms the build emits are supported: exact paths and a
 * trailing `*` splat; redirects `from to [status]`.
 */
export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: line.trim(), headers: [] };
      rules.push(current);
    } else if (current) {
      const i = line.indexOf(':');
      if (i > 0) current.headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

export function parseRedirectsFile(text: string): RedirectRule[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [from = '', to = '', status = '301'] = l.split(/\s+/);
      return { from, to, status: Number.parseInt(status, 10) };
    });
}

export const matchesPattern = (pattern: string, path: string): boolean =>
  pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;

/**
 * Headers of every matching rule, in file order. A header named in two matching rules is joined with a comma,
 * as Netlify's CDN may do (its local emulator replaces it instead): the build never repeats a name across
 * matching rules (tests/unit/headers-file.test.ts), and a repeat would show here as a doubled value.
 */
export function headersFor(rules: HeaderRule[], path: string): Headers {
  const headers = new Headers();
  for (const rule of rules) if (matchesPattern(rule.pattern, path)) for (const [k, v] of rule.headers) headers.append(k, v);
  return headers;
}
