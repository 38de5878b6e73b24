/**
 * robots.txt (RFC 9309): groups per user agent, Allow/Disallow with `*` and `$`, longest match wins and
 * Allow wins ties; plus the `Sitemap` lines and Content Signals (`Content-Signal:` inside a group).
 * The file is site-controlled: only its first 500 KiB are parsed (the minimum RFC 9309 §2.5 asks of
 * crawlers) and patterns are matched without regular expressions, in one forward pass (no backtracking).
 */
export interface RobotsRule {
  allow: boolean;
  path: string;
}

export interface RobotsGroup {
  agents: string[];
  rules: RobotsRule[];
  contentSignals: string[];
}

export interface RobotsFile {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Lines that are neither comments, blank, nor known directives (a sign of an HTML page served as robots). */
  unknownLines: number;
  lines: number;
}

/** Bytes of robots.txt parsed (RFC 9309 §2.5: crawlers must parse at least 500 KiB). */
export const ROBOTS_MAX_CHARS = 500 * 1024;

const KNOWN = new Set(['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay', 'host', 'content-signal', 'schemamap', 'clean-param', 'request-rate', 'visit-time', 'noindex', 'llms-txt']);

export function parseRobots(text: string): RobotsFile {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | undefined;
  let lastWasAgent = false;
  let unknownLines = 0;
  let lines = 0;
  for (const rawLine of text.slice(0, ROBOTS_MAX_CHARS).split(/\r\n|\r|\n/)) {
    const hash = rawLine.indexOf('#');
    const line = (hash < 0 ? rawLine : rawLine.slice(0, hash)).trim();
    if (line === '') continue;
    lines++;
    const colon = line.indexOf(':');
    if (colon < 0) {
      unknownLines++;
      continue;
    }
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (!KNOWN.has(field)) unknownLines++;
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], contentSignals: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    if (!current) continue;
    if (field === 'allow' || field === 'disallow') {
      if (field === 'disallow' && value === '') continue; // empty Disallow allows everything
      current.rules.push({ allow: field === 'allow', path: value });
    } else if (field === 'content-signal') {
      current.contentSignals.push(value);
    }
  }
  return { groups, sitemaps, unknownLines, lines };
}

/** The groups that apply to a product token (exact, case-insensitive), else the `*` groups. */
export function groupsFor(robots: RobotsFile, token: string): RobotsGroup[] {
  const t = token.toLowerCase();
  const specific = robots.groups.filter((g) => g.agents.includes(t));
  if (specific.length) return specific;
  return robots.groups.filter((g) => g.agents.includes('*'));
}

/**
 * Whether a robots.txt pattern matches a path (RFC 9309 §2.2.2–2.2.3): a prefix match where `*` stands for
 * any sequence and a final `$` anchors the end. The literal pieces between stars are found left to right,
 * each at its earliest place after the previous one (the earliest place never loses a match), so the path
 * is scanned once forward: time linear in the path and the pattern, whatever the number of stars.
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

/** Decisions already taken per file, keyed by the groups that applied and the path (many agents share `*`). */
const decisions = new WeakMap<RobotsFile, Map<string, boolean>>();

/** Whether `token` may fetch `path` (RFC 9309 §2.2.2: longest match, Allow wins ties; no rule → allowed). */
export function isAllowed(robots: RobotsFile, token: string, path: string): boolean {
  const t = token.toLowerCase();
  const groups = groupsFor(robots, t);
  // Every token without a group of its own falls back to the same `*` groups.
  const key = `${robots.groups.some((g) => g.agents.includes(t)) ? t : '*'} ${path}`;
  let known = decisions.get(robots);
  if (!known) decisions.set(robots, (known = new Map()));
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const allowed = decide(groups.flatMap((g) => g.rules), path);
  known.set(key, allowed);
  return allowed;
}

function decide(rules: RobotsRule[], path: string): boolean {
  let best: RobotsRule | undefined;
  let bestLength = -1;
  for (const rule of rules) {
    if (!patternMatches(rule.path, path)) continue;
    const length = rule.path.length;
    if (length > bestLength || (length === bestLength && rule.allow && best && !best.allow)) {
      best = rule;
      bestLength = length;
    }
  }
  return best ? best.allow : true;
}

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
