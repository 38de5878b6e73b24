/**
 * robots.txt (RFC 9309): groups per user agent, Allow/Disallow with `*` and `$`, longest match wins and
 * Allow wins ties; plus the `Sitemap` lines and Content Signals (`Content-Signal:` inside a group).
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

const KNOWN = new Set(['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay', 'host', 'content-signal', 'schemamap', 'clean-param', 'request-rate', 'visit-time', 'noindex', 'llms-txt']);

export function parseRobots(text: string): RobotsFile {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | undefined;
  let lastWasAgent = false;
  let unknownLines = 0;
  let lines = 0;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
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

function patternToRegExp(path: string): RegExp {
  const anchored = path.endsWith('$');
  const body = (anchored ? path.slice(0, -1) : path)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Whether `token` may fetch `path` (RFC 9309 §2.2.2: longest match, Allow wins ties; no rule → allowed). */
export function isAllowed(robots: RobotsFile, token: string, path: string): boolean {
  const rules = groupsFor(robots, token).flatMap((g) => g.rules);
  let best: RobotsRule | undefined;
  let bestLength = -1;
  for (const rule of rules) {
    if (!patternToRegExp(rule.path).test(path)) continue;
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
