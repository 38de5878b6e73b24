/**
 * IETF aipref usage preferences (draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-07, 2026-08-19) as other sites
 * state them: the `Content-Usage` response field and the robots.txt `Content-Usage` rule, and what they permit next
 * to Cloudflare's Content Signals.
 *
 * The vocabulary has two categories: `train-ai` (modifying a model's parameters to generate content) and `search`
 * (selecting assets and directing users to them with a link; it does not include generating summaries). Values
 * are the Tokens `y`/`n`; anything else is "unknown". Labels of earlier vocabulary drafts (vocab-01 to -04) are
 * recognised as legacy, with the current term they map to when there is one.
 */
import { Token, parseDictionary } from 'structured-headers';
import { robotsRecords } from './robots-records.ts';

export const AIPREF_TERMS = ['train-ai', 'search'] as const;
export type AiprefTerm = (typeof AIPREF_TERMS)[number];

/** Labels of earlier vocabulary drafts → the current label, or null when the category is gone. */
export const LEGACY_AIPREF_TERMS: Readonly<Record<string, AiprefTerm | null>> = {
  'train-genai': 'train-ai', // vocab-02/03
  genai: 'train-ai', // vocab-01
  ai: 'train-ai', // vocab-01
  tdm: null, // vocab-01
  inference: null, // vocab-01
  'ai-use': null, // vocab-02
  all: null, // vocab-02/03
  bots: null, // vocab-03/04
  'ai-output': null, // vocab-04
};

/** Preferences longer than this are not read (a header or a robots.txt line; the real ones are a few dozen bytes). */
const MAX_VALUE = 4096;

export interface UsagePreference {
  /** Parsed as a Structured Fields dictionary. */
  parsed: boolean;
  /** The current terms with an explicit `y` or `n`. */
  terms: Partial<Record<AiprefTerm, boolean>>;
  /** Labels of earlier drafts found. */
  legacy: string[];
}

export function parseContentUsage(value: string): UsagePreference {
  const result: UsagePreference = { parsed: false, terms: {}, legacy: [] };
  if (value.trim() === '' || value.length > MAX_VALUE) return result;
  let dictionary: Map<string, unknown>;
  try {
    dictionary = parseDictionary(value.trim());
  } catch {
    return result;
  }
  result.parsed = true;
  for (const [key, member] of dictionary) {
    const token = Array.isArray(member) && member[0] instanceof Token ? member[0].toString() : undefined;
    if ((AIPREF_TERMS as readonly string[]).includes(key)) {
      if (token === 'y' || token === 'n') result.terms[key as AiprefTerm] = token === 'y';
    } else if (Object.hasOwn(LEGACY_AIPREF_TERMS, key)) result.legacy.push(key);
  }
  return result;
}

export interface ContentUsageRule {
  /** The path the rule applies to (absent: the whole site). */
  path?: string;
  preference: string;
  /** The group's user agents (`*` for everyone). */
  agents: string[];
}

/** The Content-Usage rules of a robots.txt with their groups (first 500 KiB, RFC 9309 §2.5; at most 100 rules). */
export function contentUsageRules(robots: string): ContentUsageRule[] {
  const rules: ContentUsageRule[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const { field, value } of robotsRecords(robots)) {
    if (rules.length >= 100) break;
    if (field === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value);
      continue;
    }
    inRules = true;
    if (field !== 'content-usage' || value === '') continue;
    if (value.startsWith('/')) {
      const space = value.search(/[ \t]/);
      rules.push(space === -1 ? { path: value, preference: '', agents: [...agents] } : { path: value.slice(0, space), preference: value.slice(space).trim(), agents: [...agents] });
    } else rules.push({ preference: value, agents: [...agents] });
  }
  return rules;
}

/** What a preference permits, in words (pt-BR). */
export function describeUsage(pref: UsagePreference): string {
  const say = (term: AiprefTerm, what: string) => {
    const v = pref.terms[term];
    return `${what}: ${v === undefined ? 'sem preferência declarada' : v ? 'permitido' : 'recusado'}`;
  };
  return `${say('train-ai', 'treinamento de modelos (train-ai)')}; ${say('search', 'busca com link, sem resumos gerados (search)')}`;
}

/** What a Content-Signal permits, in words (pt-BR). */
export function describeContentSignal(signals: Record<string, string>): string {
  const say = (key: string, what: string) => `${what}: ${signals[key] === 'yes' ? 'permitido' : signals[key] === 'no' ? 'recusado' : 'sem preferência declarada'}`;
  return `${say('search', 'busca (search)')}; ${say('ai-input', 'contexto de respostas de IA, resumos incluídos (ai-input)')}; ${say('ai-train', 'treinamento (ai-train)')}`;
}
