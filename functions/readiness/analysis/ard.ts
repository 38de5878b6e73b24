/**
 * ARD (Agentic Resource Discovery v0.91) manifests: the conformance rules the spec's conformance suite applies
 * (as Lighthouse's `ard-schema` audit documents them), written here in linear code over the parsed JSON:
 *
 * errors: the manifest is an object with an `entries` array; every entry has a domain-anchored URN `identifier`
 * (`urn:air:<publisher>:<namespace>:<name>`), a `displayName` and a `type`, and exactly one of `url` (an absolute
 * URL) and `data` (an object); `representativeQueries`, when present, is an array of strings; `trustManifest`, when
 * present, is an object with an `identity`.
 * warnings: `representativeQueries` missing or outside 2–5 (registries index them for search); a `type` that is not
 * a well-formed media type, the deprecated `application/mcp-server+json`, or an unknown type outside `application/*`;
 * a top-level `collections` (removed: hierarchies are entries of type `application/ai-catalog+json`).
 *
 * Also `agentmapOf`: the `Agentmap:` record of a robots.txt (ARD's robots.txt discovery), read line by line.
 * Site text never reaches a regex that could backtrack: identifiers are split on `:` and each piece is checked
 * against an anchored character class. The messages are pt-BR sentences for the check's `detalhe`: the entry
 * fields they quote (a bad identifier, type or url) are quoted as site text (`siteText`).
 */
import { plural } from '../../../src/model/plural.ts';
import { isObject } from '../context.ts';
import { siteText } from '../evidence.ts';
import { robotsRecords } from './robots-records.ts';

/** Entries read at most (a catalog of agentic resources for one domain has a handful). */
export const ARD_MAX_ENTRIES = 500;
/** Characters of an entry field quoted into a message. */
const FIELD_MAX = 80;
const field = (value: string): string => siteText(value, FIELD_MAX);

/** The discovery types the conformance suite knows; custom `application/*` types are accepted without a warning. */
const KNOWN_TYPES = new Set([
  'application/ai-catalog+json',
  'application/agent-card+json',
  'application/a2a-agent-card+json',
  'application/mcp-server-card+json',
  'application/agent-skills+zip',
  'application/agent-skills+gzip',
  'text/markdown; profile="urn:air:agent-skills"',
  'application/ai-registry',
  'application/ai-registry+json',
]);
const DEPRECATED_TYPES: Record<string, string> = { 'application/mcp-server+json': 'application/mcp-server-card+json' };
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(?:\s*;\s*[a-z0-9!#$&^_.+-]+=(?:"[^"]*"|[^\s;"]+))*$/i;
const PUBLISHER = /^[a-zA-Z0-9.-]+$/;
const SEGMENT = /^[a-zA-Z0-9._-]+$/;

export interface ArdValidation {
  errors: string[];
  warnings: string[];
  entries: number;
}

/** `urn:air:<publisher>(:<segment>)+`, the pattern of the spec's schema and conformance suite. */
export function isArdIdentifier(value: string): boolean {
  if (value.length > 1024) return false;
  const parts = value.split(':');
  if (parts.length < 4 || parts[0] !== 'urn' || parts[1] !== 'air') return false;
  return PUBLISHER.test(parts[2] ?? '') && parts.slice(3).every((p) => SEGMENT.test(p));
}

const isAbsoluteUrl = (value: string): boolean => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

export function validateArdManifest(doc: unknown): ArdValidation {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!isObject(doc)) return { errors: ['o catálogo não é um objeto JSON'], warnings, entries: 0 };
  if (!Array.isArray(doc.entries)) return { errors: ['falta a lista entries'], warnings, entries: 0 };
  if ('collections' in doc) warnings.push('collections no topo foi removido do ARD (use entradas do tipo application/ai-catalog+json)');
  const entries = doc.entries.slice(0, ARD_MAX_ENTRIES);
  let withoutQueries = 0;
  entries.forEach((entry, i) => {
    const at = `entrada ${i + 1}`;
    if (!isObject(entry)) {
      errors.push(`${at} não é um objeto`);
      return;
    }
    const identifier = entry.identifier;
    if (typeof identifier !== 'string' || identifier === '') errors.push(`${at} sem identifier`);
    else if (!isArdIdentifier(identifier)) errors.push(`${at}: identifier ${field(identifier)} fora do formato urn:air:<publicador>:<espaço>:<nome>`);
    if (typeof entry.displayName !== 'string' || entry.displayName.trim() === '') errors.push(`${at} sem displayName`);
    const type = entry.type;
    if (typeof type !== 'string' || type.trim() === '') errors.push(`${at} sem type`);
    else if (Object.hasOwn(DEPRECATED_TYPES, type)) warnings.push(`${at}: type ${field(type)} foi substituído por ${DEPRECATED_TYPES[type]}`);
    else if (type.length > 256 || !MEDIA_TYPE.test(type.trim())) warnings.push(`${at}: type ${field(type)} não é um tipo de mídia bem formado`);
    else if (!KNOWN_TYPES.has(type) && !type.toLowerCase().startsWith('application/')) warnings.push(`${at}: type ${field(type.split(';', 1)[0] ?? type)} não é um tipo de descoberta conhecido`);
    const hasUrl = entry.url !== undefined;
    const hasData = entry.data !== undefined;
    if (hasUrl === hasData) errors.push(`${at} precisa de exatamente um entre url e data`);
    else if (hasUrl && (typeof entry.url !== 'string' || !isAbsoluteUrl(entry.url))) errors.push(`${at}: url ${typeof entry.url === 'string' ? `${field(entry.url)} ` : ''}não é um endereço absoluto`);
    else if (hasData && !isObject(entry.data)) errors.push(`${at}: data não é um objeto`);
    const queries = entry.representativeQueries;
    if (queries === undefined || queries === null) withoutQueries++;
    else if (!Array.isArray(queries) || queries.some((q) => typeof q !== 'string')) errors.push(`${at}: representativeQueries precisa ser uma lista de textos`);
    else if (queries.length < 2 || queries.length > 5) warnings.push(`${at}: ${queries.length} representativeQueries (o recomendado é de 2 a 5)`);
    const trust = entry.trustManifest;
    if (trust !== undefined && trust !== null && (!isObject(trust) || typeof trust.identity !== 'string' || trust.identity === '')) {
      errors.push(`${at}: trustManifest precisa ser um objeto com identity`);
    }
  });
  if (withoutQueries > 0) warnings.push(`${plural(withoutQueries, 'entrada', 'entradas')} sem representativeQueries (registros não as encontram na busca)`);
  return { errors, warnings, entries: doc.entries.length };
}

/** The first `Agentmap:` record of a robots.txt (field names are case-insensitive; comments removed). */
export function agentmapOf(robots: string): string | undefined {
  for (const { field, value } of robotsRecords(robots)) {
    const url = field === 'agentmap' ? value.split(/\s/, 1)[0] : undefined;
    if (url) return url;
  }
  return undefined;
}
