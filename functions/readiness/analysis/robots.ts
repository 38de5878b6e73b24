/**
 * robots.txt as RFC 9309 (September 2022) defines it, plus the `Sitemap` lines and Content Signals
 * (`Content-Signal:` inside a group).
 *
 * - Groups (§2.1, §2.2): one or more `user-agent` lines followed by rules; a group ends at the next
 *   `user-agent` line that comes after a rule, or at the end of the file. Any other line (`Sitemap:`,
 *   `Content-Signal:`, a misspelt or unknown record, a blank line) neither ends a group nor splits its
 *   `user-agent` lines (§2.2.4: "a Sitemaps record MUST NOT terminate a group"). Rules before any
 *   `user-agent` line belong to no group and are ignored.
 * - The product token of a `user-agent` line is its leading run of letters, `-` and `_` (§2.2.1), compared
 *   without case; `*` is the group for every crawler without a group of its own. All the groups naming a
 *   token are merged (§2.2.1).
 * - Matching (§2.2.2, §2.2.3): rule paths and the URL's path and query are compared after the same
 *   percent-encoding (`normalizeRobotsPath`): octets outside ASCII encoded, `%XX` of unreserved characters
 *   decoded, hex in upper case; `*` matches any sequence and a final `$` anchors the end; a literal `*` or `$`
 *   in a URL only matches `%2A` / `%24` in a rule. The longest matching rule (in octets) decides and `allow`
 *   wins a tie; no matching rule → allowed.
 *
 * The file is site-controlled: only its first 500 KiB are parsed (the minimum RFC 9309 §2.5 asks of
 * crawlers), duplicate rules are merged, and patterns are matched without regular expressions, in one
 * forward pass (no backtracking). Each rule keeps its line number and text, so a decision names the line
 * that took it.
 */
export interface RobotsRule {
  allow: boolean;
  /** The path pattern, normalized (`normalizeRobotsPath`). */
  pattern: string;
  /** 1-based line of the file (CR, LF and CRLF each end a line). */
  line: number;
  /** The line as written, without its comment. */
  text: string;
}

export interface RobotsGroup {
  /** Product tokens of the group's `user-agent` lines, lower case (`*` for every crawler). */
  agents: string[];
  rules: RobotsRule[];
  contentSignals: string[];
}

export interface RobotsFile {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Lines with a recognized record (`user-agent`, `allow`, `disallow`, `sitemap` and the other known ones). */
  directives: number;
  /** Lines that are neither comments, blank, nor known records (a sign of an HTML page served as robots). */
  unknownLines: number;
  /** Non-blank lines that are not only a comment. */
  lines: number;
}

/** Characters of robots.txt parsed (RFC 9309 §2.5: crawlers must parse at least 500 KiB). */
export const ROBOTS_MAX_CHARS = 500 * 1024;

const KNOWN = new Set(['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay', 'host', 'content-signal', 'schemamap', 'clean-param', 'request-rate', 'visit-time', 'noindex', 'llms-txt']);

/** RFC 9309 whitespace (WS = SP / HTAB): other characters, a byte order mark included, are content. */
const trimWs = (s: string): string => {
  let start = 0;
  let end = s.length;
  while (start < end && (s[start] === ' ' || s[start] === '\t')) start++;
  while (end > start && (s[end - 1] === ' ' || s[end - 1] === '\t')) end--;
  return s.slice(start, end);
};

const isTokenChar = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '-' || c === '_';

/** Whether `token` is a valid product token for a crawler (RFC 9309 §2.2.1: letters, `-` and `_` only). */
export function isProductToken(token: string): boolean {
  if (token.length === 0) return false;
  for (const c of token) if (!isTokenChar(c)) return false;
  return true;
}

/** The product token a `user-agent` value names: `*`, or its leading letters, `-` and `_` (`Foo Bar` → `foo`). */
function tokenOf(value: string): string {
  if (value === '*' || value.startsWith('* ') || value.startsWith('*\t')) return '*';
  let end = 0;
  while (end < value.length && isTokenChar(value[end] as string)) end++;
  return value.slice(0, end).toLowerCase();
}

export function parseRobots(text: string): RobotsFile {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | undefined;
  // A `user-agent` line after a rule starts a new group; one after another `user-agent` line joins it.
  let sawRule = false;
  let directives = 0;
  let unknownLines = 0;
  let lines = 0;
  let body = text.slice(0, ROBOTS_MAX_CHARS);
  // A byte order mark (or what is left of a cut one, decoded as U+FFFD) before the first record is skipped.
  let skip = 0;
  while (skip < body.length && skip < 3 && (body[skip] === '\uFEFF' || body[skip] === '\uFFFD')) skip++;
  if (skip) body = body.slice(skip);
  let lineNumber = 0;
  for (const rawLine of body.split(/\r\n|\r|\n/)) {
    lineNumber++;
    const hash = rawLine.indexOf('#');
    const line = trimWs(hash < 0 ? rawLine : rawLine.slice(0, hash));
    if (line === '') continue;
    lines++;
    const colon = line.indexOf(':');
    if (colon < 0) {
      unknownLines++;
      continue;
    }
    const field = trimWs(line.slice(0, colon)).toLowerCase();
    const value = trimWs(line.slice(colon + 1));
    if (!KNOWN.has(field)) {
      unknownLines++;
      continue;
    }
    directives++;
    if (field === 'user-agent') {
      if (!current || sawRule) {
        current = { agents: [], rules: [], contentSignals: [] };
        groups.push(current);
        sawRule = false;
      }
      const token = tokenOf(value);
      if (token && !current.agents.includes(token)) current.agents.push(token);
    } else if (field === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if (field === 'allow' || field === 'disallow') {
      if (!current) continue; // a rule outside any group is ignored (RFC 9309 §2.2.2)
      sawRule = true;
      // An empty pattern matches nothing: `Disallow:` allows everything, `Allow:` adds nothing.
      if (value !== '') current.rules.push({ allow: field === 'allow', pattern: normalizeRobotsPath(value, true), line: lineNumber, text: line });
    } else if (field === 'content-signal') {
      current?.contentSignals.push(value);
    }
  }
  return { groups, sitemaps, directives, unknownLines, lines };
}

const HEX = '0123456789ABCDEF';
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const hexValue = (c: string | undefined): number => (c === undefined ? -1 : HEX.indexOf(c.toUpperCase()));
/** ASCII characters that never appear raw in a URI (RFC 3986): they compare as their `%XX` form. */
const ALWAYS_ENCODED = new Set([' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}']);
const encoder = new TextEncoder();
const percent = (byte: number): string => `%${HEX[byte >> 4]}${HEX[byte & 15]}`;

/**
 * A rule path or a URL's path and query in the form RFC 9309 §2.2.2 compares: octets outside ASCII (and
 * controls, space and the characters a URI never holds raw) percent-encoded as UTF-8, `%XX` of an unreserved
 * character decoded (`/%7Euser` → `/~user`), other `%XX` kept with upper-case hex. In a rule (`pattern`),
 * `*` stays the wildcard and a final `$` the end anchor, while a `$` elsewhere is literal (`%24`); in a URL
 * path, a literal `*` or `$` becomes `%2A` / `%24`, which only a rule written that way matches (§2.2.3).
 */
export function normalizeRobotsPath(raw: string, pattern = false): string {
  let out = '';
  const last = raw.length - 1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    const code = c.charCodeAt(0);
    if (c === '%') {
      const hi = hexValue(raw[i + 1]);
      const lo = hexValue(raw[i + 2]);
      if (hi >= 0 && lo >= 0) {
        const byte = hi * 16 + lo;
        const ch = String.fromCharCode(byte);
        out += byte < 0x80 && UNRESERVED.test(ch) ? ch : percent(byte);
        i += 2;
        continue;
      }
      out += '%25';
      continue;
    }
    if (c === '*') {
      out += pattern ? '*' : '%2A';
      continue;
    }
    if (c === '$') {
      out += pattern && i === last ? '$' : '%24';
      continue;
    }
    if (code < 0x21 || code === 0x7f || ALWAYS_ENCODED.has(c)) {
      out += percent(code);
      continue;
    }
    if (code < 0x80) {
      out += c;
      continue;
    }
    // A code point outside ASCII (a surrogate pair taken whole; a lone surrogate becomes U+FFFD).
    const isPair = code >= 0xd800 && code <= 0xdbff && i < last && /[\udc00-\udfff]/.test(raw[i + 1] as string);
    const char = isPair ? raw.slice(i, i + 2) : c;
    if (isPair) i++;
    for (const byte of encoder.encode(char)) out += percent(byte);
  }
  return out;
}

/** The path and query of an absolute URL (no fragment), normalized for matching; `/` when it does not parse. */
export function robotsPathOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '/';
  }
  return normalizeRobotsPath(`${parsed.pathname || '/'}${parsed.search}`);
}

/**
 * Whether a normalized robots.txt pattern matches a normalized path (RFC 9309 §2.2.2–2.2.3): a prefix match
 * where `*` stands for any sequence and a final `$` anchors the end. The literal pieces between stars are
 * found left to right, each at its earliest place after the previous one (the earliest place never loses a
 * match), so the path is scanned once forward: time linear in the path and the pattern, whatever the number
 * of stars.
 */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = pieces[0] as string;
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return anchored ? path.length === first.length : true;
  let at = first.length;
  const last = pieces.length - 1;
  for (let i = 1; i < last; i++) {
    const piece = pieces[i] as string;
    const found = path.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  const tail = pieces[last] as string;
  if (!anchored) return path.indexOf(tail, at) >= 0;
  // Anchored: the tail must end the path, after everything matched so far.
  return path.length - tail.length >= at && path.endsWith(tail);
}

/** What robots.txt decides for one product token and one path, and which line decided. */
export interface RobotsDecision {
  allowed: boolean;
  /** The rule that decided (the longest match); absent when no rule matched (allowed by default). */
  rule?: RobotsRule;
  /** Whose rules applied: the token's own groups, the `*` groups, or none (no group applies: allowed). */
  groups: 'proprio' | 'global' | 'nenhum';
}

interface Compiled {
  /** The rules of the applicable groups, duplicates merged, longest first and `allow` first on a tie. */
  rules: RobotsRule[];
  groups: RobotsDecision['groups'];
}

interface CompiledEntry {
  compiled: Compiled;
  decisions: Map<string, RobotsDecision>;
}

/** Per file: the compiled rules per applicable group set (shared by the tokens it applies to), per token. */
const compiledCache = new WeakMap<RobotsFile, { byGroups: Map<string, CompiledEntry>; byToken: Map<string, CompiledEntry> }>();

function compile(groups: RobotsGroup[], kind: RobotsDecision['groups']): Compiled {
  const seen = new Set<string>();
  const rules: RobotsRule[] = [];
  for (const group of groups) {
    for (const rule of group.rules) {
      const key = `${rule.allow ? 'A' : 'D'}${rule.pattern}`;
      if (seen.has(key)) continue; // RFC 9309 §2.2.2: duplicate rules may be merged
      seen.add(key);
      rules.push(rule);
    }
  }
  rules.sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow) || a.line - b.line);
  return { rules, groups: kind };
}

/** The groups that apply to a product token, lower case (RFC 9309 §2.2.1): its own (merged), else the `*` ones. */
function applicable(robots: RobotsFile, t: string): { key: string; groups: RobotsGroup[]; kind: RobotsDecision['groups'] } {
  const own = t === '*' ? [] : robots.groups.filter((g) => g.agents.includes(t));
  if (own.length) return { key: t, groups: own, kind: 'proprio' };
  const global = robots.groups.filter((g) => g.agents.includes('*'));
  return global.length ? { key: '*', groups: global, kind: 'global' } : { key: '', groups: [], kind: 'nenhum' };
}

/**
 * The decision for `token` on `path` (a path already normalized, e.g. by `robotsPathOf`): the longest matching
 * rule of the applicable groups, `allow` on a tie; no rule → allowed. Decisions are kept per file, per
 * applicable group set and path (the many tokens that fall back to `*` share them).
 */
export function decide(robots: RobotsFile, token: string, path: string): RobotsDecision {
  let cache = compiledCache.get(robots);
  if (!cache) compiledCache.set(robots, (cache = { byGroups: new Map(), byToken: new Map() }));
  const t = token.toLowerCase();
  let entry = cache.byToken.get(t);
  if (!entry) {
    const { key, groups, kind } = applicable(robots, t);
    entry = cache.byGroups.get(key);
    if (!entry) cache.byGroups.set(key, (entry = { compiled: compile(groups, kind), decisions: new Map() }));
    cache.byToken.set(t, entry);
  }
  const known = entry.decisions.get(path);
  if (known) return known;
  const rule = entry.compiled.rules.find((r) => patternMatches(r.pattern, path));
  const decision: RobotsDecision = rule ? { allowed: rule.allow, rule, groups: entry.compiled.groups } : { allowed: true, groups: entry.compiled.groups };
  entry.decisions.set(path, decision);
  return decision;
}

/** Whether `token` may fetch `path` (a normalized path; see `decide`). */
export const isAllowed = (robots: RobotsFile, token: string, path: string): boolean => decide(robots, token, path).allowed;

/** Content Signals (contentsignals.org): `search=yes, ai-input=yes, ai-train=no`. */
export function parseContentSignal(value: string): { valid: boolean; signals: Record<string, string> } {
  const signals: Record<string, string> = {};
  let valid = value.trim() !== '';
  for (const part of value.split(',')) {
    const [k, v] = part.split('=').map((s) => s?.trim().toLowerCase());
    if (!k || (v !== 'yes' && v !== 'no')) {
      valid = false;
      continue;
    }
    signals[k] = v;
  }
  const known = ['search', 'ai-input', 'ai-train'];
  if (!Object.keys(signals).some((k) => known.includes(k))) valid = false;
  return { valid, signals };
}
