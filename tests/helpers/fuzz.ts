/**
 * The request generator of the fuzz suite (tests/integration/fuzz.test.ts) and the two ways of sending what
 * it generates:
 *
 * - `sendHttp`: `node:http` with a keep-alive agent. The request line and headers go out as written (no URL
 *   normalization as `fetch` would do): percent-encodings, `..`, backslashes, raw bytes 0x80–0xFF.
 * - `sendRaw`: a bare TCP socket for what `node:http` refuses to send (control characters in the request
 *   line or in header values, invalid method tokens, bad chunking, a lying Content-Length, HTTP/1.0, absolute
 *   and asterisk forms). One request per connection (`Connection: close`).
 *
 * Every request is derived from (seed, index) alone, so a run is repeatable whatever the concurrency and a
 * failing request can be reproduced by its index.
 */
import { Buffer } from 'node:buffer';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mulberry32 } from '../../scripts/lib/prng.ts';

// ---------------------------------------------------------------------------------------------------------
// PRNG

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Integer in [min, max]. */
  range(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  bytes(n: number): Buffer;
}

/** mulberry32: tiny, fast, good enough for test generation. */
export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    range: (min, max) => min + int(max - min + 1),
    pick: (items) => items[int(items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
    bytes: (n) => {
      const out = Buffer.alloc(n);
      for (let i = 0; i < n; i++) out[i] = int(256);
      return out;
    },
  };
}

/** The seed of request `index` of a run (splitmix32-style mixing of the run seed and the index). */
export function requestSeed(seed: number, index: number): number {
  let z = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

// ---------------------------------------------------------------------------------------------------------
// Request model

export interface FuzzRequest {
  index: number;
  method: string;
  /** The request target as raw bytes in a latin1 string (one character per byte). */
  path: string;
  headers: [string, string][];
  body?: Buffer;
  /** Send without Content-Length (chunked transfer coding). */
  chunked?: boolean;
  /** Send over a bare socket (see sendRaw); `rawBytes` overrides the whole request when set. */
  raw?: boolean;
  rawBytes?: Buffer;
  /** What the generator did, for failure reports. */
  notes: string[];
}

export interface FuzzResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type SendResult = { ok: true; response: FuzzResponse; ms: number } | { ok: false; error: string; ms: number };

/** Material the generator draws from (tokens issued by the server under test, page routes…). */
export interface FuzzMaterial {
  accessTokens: string[];
  assertions: string[];
  pageRoutes: string[];
  origin: string;
}

// ---------------------------------------------------------------------------------------------------------
// Building blocks

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'] as const;
const ODD_METHODS = ['PROPFIND', 'MKCOL', 'SEARCH', 'QUERY', 'CONNECT', 'PURGE', 'LINK', 'REPORT', 'M-SEARCH', 'NOTIFY', 'get', 'Post', 'FOO', 'X'.repeat(40), 'G\u00c9T'] as const;

const STATIC_PATHS = [
  '/',
  '/index.md',
  '/solucoes',
  '/solucoes.md',
  '/blog',
  '/precos',
  '/sobre',
  '/diagnostico-de-visibilidade-cognitiva',
  '/llms.txt',
  '/llms-full.txt',
  '/robots.txt',
  '/sitemap.xml',
  '/schemamap.xml',
  '/auth.md',
  '/pricing.md',
  '/api/openapi.json',
  '/api/versioning.md',
  '/feeds/artigos.jsonl',
  '/agentes/catalogo.json',
  '/agentes/indice.json',
  '/mcp/server-card',
  '/.well-known/api-catalog',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/api/v1',
  '/.well-known/oauth-authorization-server',
  '/.well-known/mcp/server-card.json',
  '/.well-known/agent-card.json',
  '/_astro/',
  '/_headers',
  '/_redirects',
  '/404',
  '/nao-existe',
  '/medicao.js',
  '/favicon.svg',
] as const;

const FUNCTION_PATHS = [
  '/api',
  '/api/',
  '/api/v1',
  '/api/v1/',
  '/api/v1/paginas',
  '/api/v1/paginas/',
  '/api/v1/paginas/{rota}',
  '/api/v1/busca',
  '/api/v1/solucoes',
  '/api/v1/precos',
  '/api/v1/prontidao/{dominio}',
  '/api/v1/prontidao/{dominio}/historico',
  '/api/v1/nao-existe',
  '/api/v1/sandbox',
  '/api/v1/sandbox/',
  '/api/v1/sandbox/paginas',
  '/api/v1/sandbox/paginas/{rota}',
  '/api/v1/sandbox/busca',
  '/api/v1/sandbox/solucoes',
  '/api/v1/sandbox/precos',
  '/api/v1/sandbox/prontidao/{dominio}',
  '/api/v1/sandbox/prontidao/{dominio}/historico',
  '/api/ia/leitura',
  '/api/ia/medicao',
  '/.well-known/http-message-signatures-directory',
  '/agent/identity',
  '/agent/identity',
  '/agent/token',
  '/agent/token',
  '/agent/',
  '/agent/claim',
  '/ask',
  '/ask',
  '/mcp',
  '/mcp',
  '/mcp/docs',
  '/a2a',
  '/a2a',
  '/contato/formulario',
  '/contato/formulario',
  '/busca',
  '/busca',
  '/diagnostico-de-visibilidade-cognitiva/resultado/exemplo.com.br',
  '/diagnostico-de-visibilidade-cognitiva/acompanhar',
  '/diagnostico-de-visibilidade-cognitiva/acompanhar/confirmar?t={token}',
  '/diagnostico-de-visibilidade-cognitiva/acompanhar/cancelar?t={token}',
  '/diagnostico-de-visibilidade-cognitiva/relatorio',
  '/diagnostico-de-visibilidade-cognitiva/relatorio',
] as const;

const DOMAINS = [
  'exemplo.com.br',
  'www.exemplo.com.br',
  'açaí.com.br',
  'xn--aa-4iaz.com.br',
  'EXEMPLO.COM.BR.',
  '127.0.0.1',
  'localhost',
  '[::1]',
  '0x7f.1',
  '2130706433',
  'exemplo.com.br:8080',
  'https://exemplo.com.br',
  'a'.repeat(70) + '.com',
  'exemplo..com',
  '',
  '%00',
  '..',
  'exemplo.com.br/../../etc/passwd',
];

const SEARCH_TERMS = ['seo', 'visibilidade', 'agentes de IA', 'preço', 'PRECO', 'ação', 'llms.txt', '"', "'; DROP TABLE", '<script>', '\u0000', '🙂', 'a'.repeat(300), '*', '%', 'ü'.repeat(50)];

/** Encodings and sequences that break naive path handling. */
const PATH_NASTIES = [
  '%',
  '%2',
  '%zz',
  '%%',
  '%00',
  '%2F',
  '%2f',
  '%5C',
  '%2e%2e',
  '%2E%2E%2F',
  '..',
  '../..',
  '..%2F',
  '%252e%252e',
  '%c0%ae%c0%ae', // overlong UTF-8 "."
  '%c0%af', // overlong "/"
  '%e0%80%af',
  '%ed%a0%80', // UTF-16 surrogate in UTF-8
  '%ff%fe',
  '%e0%a4%a',
  '\\',
  '\\..\\',
  '//',
  '///',
  '.',
  './',
  ';jsessionid=1',
  '~',
  '%7e',
  '.md',
  '.html',
  '.json',
  'index',
  '%20',
  '+',
  '@',
  ':',
  '\u00e9', // raw byte 0xE9 (latin1)
  '\u00c3\u00a7', // UTF-8 bytes of "ç" sent raw
  '\u00f0\u009f\u0099\u0082', // UTF-8 bytes of an emoji sent raw
  '%F0%9F%99%82',
  '%C3%A7',
];

const ACCEPTS = [
  '*/*',
  'text/html',
  'text/markdown',
  'text/markdown, text/html;q=0.9',
  'text/html;q=0, text/markdown',
  'text/markdown;q=0',
  'application/json',
  'application/json, text/event-stream',
  'text/event-stream',
  'application/x-ndjson',
  'text/plain',
  'image/png',
  'application/xml',
  ';;;,,,',
  'text/*;q=abc',
  'text/markdown;q=1.5',
  '*/*;q=0',
  'application/json;q=0.1, */*;q=0.2',
  'x'.repeat(2000),
  Array.from({ length: 200 }, (_, i) => `type/sub${i};q=0.${i % 10}`).join(', '),
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'multipart/form-data; boundary=xyz',
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'application/json, text/html',
  'JSON',
  ';',
  '',
  'application/json; boundary=' + 'x'.repeat(500),
];

const JSON_RPC_METHODS = ['initialize', 'tools/list', 'tools/call', 'ping', 'resources/list', 'prompts/list', 'notifications/initialized', 'completion/complete', 'logging/setLevel', 'nao/existe', ''];
const A2A_METHODS = ['SendMessage', 'SendMessage', 'SendStreamingMessage', 'GetTask', 'CancelTask', 'ListTasks', 'SubscribeToTask', 'CreateTaskPushNotificationConfig', 'GetExtendedAgentCard', 'message/send', 'nao/existe', ''];
const TOOLS = ['get_readiness_score', 'search_site', 'get_page', 'list_services', 'get_pricing', 'how_to_hire', 'list_docs', 'get_doc', 'search_docs', 'get_llms_txt', 'nao_existe', ''];
const TOOL_ARG_NAMES = ['dominio', 'site', 'q', 'query', 'termo', 'rota', 'route', 'tipo', 'produto', 'secao', 'caminho', 'path', 'limite', 'max_results', '__proto__', 'constructor'];

const b64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** A random scalar or structure of "wrong" JSON types. */
function wrongValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 9 : 12)) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 42]);
    case 3:
      return '';
    case 4:
      return rng.pick(SEARCH_TERMS);
    case 5:
      return 'x'.repeat(rng.range(1, 5000));
    case 6:
      return rng.pick(DOMAINS);
    case 7:
      return '\u0000\u0001\u001f\u007f\ud800';
    case 8:
      return rng.pick(['anonymous', 'index', 'seo', 'exemplo.com.br']);
    case 9:
      return Array.from({ length: rng.int(4) }, () => wrongValue(rng, depth + 1));
    case 10:
      return Object.fromEntries(Array.from({ length: rng.int(4) }, () => [rng.pick(TOOL_ARG_NAMES), wrongValue(rng, depth + 1)]));
    default:
      return { __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } };
  }
}

/** Deeply nested JSON text: arrays, objects or a mix. */
function deepJson(rng: Rng, depth: number): string {
  const kind = rng.int(3);
  if (kind === 0) return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (kind === 1) return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `{"type":"anonymous","x":${'[{"y":'.repeat(depth)}0${'}]'.repeat(depth)}}`;
}

// ---------------------------------------------------------------------------------------------------------
// Tokens

function tamperedToken(rng: Rng, material: FuzzMaterial): string {
  const base = rng.pick(rng.chance(0.7) ? material.accessTokens : material.assertions);
  const [h = '', p = '', s = ''] = base.split('.');
  const payload = (() => {
    try {
      return JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  })();
  switch (rng.int(16)) {
    case 0:
      return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${p}.`;
    case 1:
      return `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${p}.${s}`;
    case 2:
      return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: '../../etc/passwd', jku: 'http://127.0.0.1:1/jwks' }))}.${p}.${s}`;
    case 3:
      return `${h}.${b64url(JSON.stringify({ ...payload, scope: 'admin', exp: 9_999_999_999 }))}.${s}`;
    case 4:
      return `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    case 5:
      return base.slice(0, rng.int(base.length));
    case 6:
      return `${h}.${p}`;
    case 7:
      return `${base}.${s}`;
    case 8:
      return `${h}.${b64url(JSON.stringify({ ...payload, typ: rng.pick(['assertion', 'access', 'refresh', 1, null]) }))}.${s}`;
    case 9:
      return `${h}.${b64url('não é json')}.${s}`;
    case 10:
      return `${h}.${b64url(JSON.stringify([1, 2, 3]))}.${s}`;
    case 11:
      return `${h}.${b64url(JSON.stringify({ ...payload, sandbox: true }))}.${s}`;
    case 12:
      return `${'a'.repeat(rng.range(10, 9000))}.${p}.${s}`;
    case 13:
      return base.replace(/[A-Za-z]/, '*');
    case 14:
      return `${h}.${p}.${s}=`;
    default:
      return `${b64url(rng.bytes(rng.range(1, 40)))}.${b64url(rng.bytes(rng.range(1, 200)))}.${b64url(rng.bytes(32))}`;
  }
}

function authorization(rng: Rng, material: FuzzMaterial): string | string[] | undefined {
  switch (rng.int(14)) {
    case 0:
    case 1:
    case 2:
      return undefined;
    case 3:
    case 4:
    case 5:
      return `Bearer ${rng.pick(material.accessTokens)}`;
    case 6:
    case 7:
      return `Bearer ${tamperedToken(rng, material)}`;
    case 8:
      return rng.pick(['Bearer', 'Bearer ', 'Bearer    ', 'bearer x', 'BEARER  a.b.c', 'Basic dXNlcjpwYXNz', 'Digest realm="x"', 'Token abc', '', '   ']);
    case 9:
      return `Bearer ${rng.pick(material.assertions)}`;
    case 10:
      return [`Bearer ${rng.pick(material.accessTokens)}`, `Bearer ${tamperedToken(rng, material)}`];
    case 11:
      return `Bearer ${'\u00ff'.repeat(rng.range(1, 100))}`;
    case 12:
      return `Bearer ${'x'.repeat(rng.range(4000, 12_000))}`;
    default:
      return `Bearer ${rng.pick(material.accessTokens)} extra`;
  }
}

function idempotencyKey(rng: Rng, raw: boolean): string | undefined {
  if (rng.chance(0.55)) return undefined;
  const base = `k-${rng.int(50)}`; // a small space, so replays and reuses happen
  switch (rng.int(10)) {
    case 0:
      return '';
    case 1:
      return 'k'.repeat(rng.range(250, 300));
    case 2:
      return `${base} com espaço`;
    case 3:
      return `${base}\t`;
    case 4:
      return `${base}\u00e7\u00e3o`;
    case 5:
      return raw ? `${base}\u0001\u001f` : `${base}\u007f`;
    case 6:
      return raw ? `${base}\u0000` : `${base}\u00a0`;
    default:
      return base;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Paths and queries

function mutatePath(rng: Rng, path: string): string {
  let out = path;
  const edits = rng.int(4);
  for (let i = 0; i < edits; i++) {
    const nasty = rng.pick(PATH_NASTIES);
    switch (rng.int(5)) {
      case 0:
        out = `${out}${out.endsWith('/') ? '' : '/'}${nasty}`;
        break;
      case 1: {
        const at = rng.int(out.length + 1);
        out = out.slice(0, at) + nasty + out.slice(at);
        break;
      }
      case 2:
        out = out.replace(/[a-z]/g, (c) => (rng.chance(0.2) ? `%${c.charCodeAt(0).toString(16).padStart(2, rng.pick(['0']))}` : c));
        break;
      case 3:
        out = out.replace(/\//g, () => rng.pick(['/', '//', '%2F', '\\', '/./', '/x/../']));
        break;
      default:
        out = `${out}${rng.pick(['.md', '/', '//', '.html', '%00', '?', '#frag', ';', '.'])}`;
    }
  }
  if (!out.startsWith('/')) out = `/${out}`;
  return out;
}

function longPath(rng: Rng, base: string): string {
  const size = rng.pick([1024, 4096, 8192, 12_000, 16_000]);
  const unit = rng.pick(['a', 'a/', '%2e%2e/', '../', '%C3%A7', 'x'.repeat(63) + '/']);
  return (base.replace(/\/$/, '') + '/' + unit.repeat(Math.ceil(size / unit.length))).slice(0, size);
}

function queryValue(rng: Rng): string {
  if (rng.chance(0.02)) return '\u00e9\u00ff'; // raw latin1 bytes: refused by Node's parser (400)
  switch (rng.int(16)) {
    case 0:
      return '';
    case 1:
    case 12:
      return encodeURIComponent(rng.pick(SEARCH_TERMS));
    case 2:
      return rng.pick(['0', '1', '8', '20', '21', '100', '101', '-1', '1.5', '1e3', '0x10', ' 5', '999999999999', 'NaN']);
    case 3:
      return rng.pick(['%ff%fe', '%c0%80', '%ed%a0%80', '%', '%zz', '%00', '%e0%a4%a']);
    case 4:
      return 'q'.repeat(rng.range(500, 4000));
    case 5:
      return encodeURIComponent(rng.pick(DOMAINS));
    case 6:
      return rng.pick(['true', 'false', 'TRUE', '1', 'yes', '']);
    case 7:
      return rng.pick(['MA', 'MQ', 'MTA', 'NTA', 'LTE', '!!!', 'AAAAAAAAAAAA', 'MQ==', 'OTk5OTk5OTk5']);
    default:
      return encodeURIComponent(rng.pick(['seo', 'agentes', 'preço', 'index', 'solucoes']));
  }
}

function query(rng: Rng): string {
  if (rng.chance(0.35)) return '';
  const names = ['q', 'limite', 'cursor', 'site', 'query', 'streaming', 'max_results', 'num_results', 'query_id', 'dominio', 'x', '__proto__', 'q[]', 'limite[0]', ''];
  const count = rng.chance(0.05) ? rng.range(30, 120) : rng.range(1, 4);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = rng.pick(names);
    const value = queryValue(rng);
    parts.push(rng.chance(0.1) ? name : `${name}=${count > 4 ? value.slice(0, 40) : value}`);
  }
  if (rng.chance(0.1)) parts.push(parts[0] ?? 'q=seo'); // repeated parameter
  let q = `?${parts.join(rng.chance(0.9) ? '&' : rng.pick([';', '&&', '&=&']))}`;
  if (rng.chance(0.03)) q = `?${'q=seo&'.repeat(rng.range(200, 1500))}`;
  return q;
}

function fillTemplate(rng: Rng, path: string, material: FuzzMaterial): string {
  return path
    .replace('{rota}', () =>
      rng.chance(0.6)
        ? rng.pick(material.pageRoutes)
        : rng.pick(['index', 'nao/existe', '../../etc/passwd', '%2e%2e%2fsegredo', 'blog%2Fx', 'a\\b', '%00', 'x'.repeat(600), '%C3%A7', 'solucoes//x', '.', '..']),
    )
    .replace('{dominio}', () => encodeURIComponent(rng.pick(DOMAINS)).replace(/%2F/g, rng.chance(0.5) ? '/' : '%2F'))
    // The follow-up's link tokens: the right shape (unknown), other shapes, traversal, very long.
    .replace('{token}', () => rng.pick(['A'.repeat(43), 'abc', '', '..%2F..%2Fetc', '%00', 'x'.repeat(2000), rng.bytes(32).toString('base64url')]));
}

// ---------------------------------------------------------------------------------------------------------
// Bodies

function bodyFor(rng: Rng, pathname: string, material: FuzzMaterial): { body?: Buffer; type?: string; notes: string[] } {
  const notes: string[] = [];
  const r = rng.int(20);
  // Wrong-kind bodies for any route.
  if (r === 0) return { body: rng.bytes(rng.range(1, 2000)), type: rng.pick(CONTENT_TYPES), notes: ['binário'] };
  if (r === 1) return { body: Buffer.alloc(rng.pick([4097, 5000, 65 * 1024, 70 * 1024, 200 * 1024]), rng.pick(['x', '{', '['])), type: rng.pick(['application/json', 'application/x-www-form-urlencoded', '']), notes: ['grande'] };
  if (r === 2) return { body: Buffer.from(deepJson(rng, rng.pick([100, 1000, 5000, 20_000]))), type: 'application/json', notes: ['aninhado'] };
  if (r === 3) return { body: Buffer.from(rng.pick(['{', '{"a":', '[1,2', '{"type":"anonymous",}', 'nul', '"', '{"query":{"text":}}', '\ufeff{"type":"anonymous"}', '{"a":1}{"b":2}'])), type: 'application/json', notes: ['json-malformado'] };
  if (r === 4) return { body: Buffer.from([0x7b, 0x22, 0x74, 0xff, 0xfe, 0x22, 0x7d]), type: 'application/json', notes: ['utf8-invalido'] };
  if (r === 5) return { body: Buffer.from(JSON.stringify(wrongValue(rng))), type: rng.pick(CONTENT_TYPES), notes: ['tipos-errados'] };

  const lie = rng.chance(0.15);
  const pickType = (honest: string) => (lie ? rng.pick(CONTENT_TYPES) : honest);
  if (pathname.startsWith('/agent/identity')) {
    const value = rng.pick([{ type: 'anonymous' }, { type: 'anonymous' }, { type: 'service_auth' }, { type: 'identity_assertion' }, { type: rng.pick(['x', 1, null]) }, { type: 'anonymous', pad: 'x'.repeat(rng.range(3900, 4200)) }]);
    return { body: Buffer.from(JSON.stringify(value)), type: pickType('application/json'), notes };
  }
  if (pathname.startsWith('/agent/token')) {
    const assertion = rng.chance(0.6) ? rng.pick(material.assertions) : tamperedToken(rng, material);
    const grant = rng.chance(0.8) ? 'urn:ietf:params:oauth:grant-type:jwt-bearer' : rng.pick(['client_credentials', '', 'urn:ietf:params:oauth:grant-type:jwt-bearer ']);
    const resource = rng.pick([undefined, `${material.origin}/api/v1/`, `${material.origin}/api/v1`, 'http://127.0.0.1:1/']);
    if (rng.chance(0.5)) {
      const form = new URLSearchParams({ grant_type: grant, assertion });
      if (resource) form.append('resource', resource);
      let text = form.toString();
      if (rng.chance(0.1)) text += rng.pick(['&%', '&grant_type=x', '&assertion=y', '&=&&=', '&resource=%E0%A4%A']);
      return { body: Buffer.from(text), type: pickType('application/x-www-form-urlencoded'), notes };
    }
    const value: Record<string, unknown> = { grant_type: grant, assertion };
    if (resource) value.resource = rng.chance(0.8) ? resource : [resource, resource];
    if (rng.chance(0.1)) value.assertion = wrongValue(rng);
    return { body: Buffer.from(JSON.stringify(value)), type: pickType('application/json'), notes };
  }
  if (pathname.startsWith('/ask')) {
    const text = rng.pick(SEARCH_TERMS);
    const value = rng.pick<unknown>([
      { query: { text } },
      { query: { text }, prefer: { streaming: rng.chance(0.5) } },
      { query: text, streaming: rng.pick([false, 'false', 0, 'no']) },
      { query: { text, max_results: wrongValue(rng), min_score: wrongValue(rng) } },
      { query: { text: wrongValue(rng) } },
      { query: { text: '', decontextualized_query: text } },
      {},
    ]);
    if (rng.chance(0.2)) return { body: Buffer.from(`query=${encodeURIComponent(text)}&streaming=false`), type: pickType('application/x-www-form-urlencoded'), notes };
    return { body: Buffer.from(JSON.stringify(value)), type: pickType('application/json'), notes };
  }
  if (pathname.startsWith('/mcp')) {
    const message = () => {
      const method = rng.pick(JSON_RPC_METHODS);
      const m: Record<string, unknown> = { jsonrpc: rng.chance(0.95) ? '2.0' : rng.pick(['1.0', 2, null]), method };
      if (rng.chance(0.9)) m.id = rng.pick<unknown>([1, 'a', 0, -1, null, 1.5, 'x'.repeat(100), {}]);
      if (method === 'initialize') m.params = { protocolVersion: rng.pick(['2025-06-18', '2025-03-26', '1999-01-01', '']), capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } };
      else if (method === 'tools/call') {
        const args: Record<string, unknown> = {};
        for (let i = rng.int(4); i > 0; i--) args[rng.pick(TOOL_ARG_NAMES)] = rng.chance(0.5) ? rng.pick([...SEARCH_TERMS, ...DOMAINS, ...material.pageRoutes]) : wrongValue(rng);
        m.params = { name: rng.pick(TOOLS), arguments: rng.chance(0.9) ? args : wrongValue(rng) };
        if (rng.chance(0.05)) {
          // Deeply nested arguments (parsed, then validated against the tool's schema).
          const depth = rng.pick([500, 3000]);
          return JSON.parse(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${rng.pick(TOOLS)}","arguments":{"q":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}}`) as Record<string, unknown>;
        }
      } else if (rng.chance(0.3)) m.params = wrongValue(rng);
      return m;
    };
    const value = rng.chance(0.1) ? Array.from({ length: rng.int(4) }, message) : message();
    return { body: Buffer.from(JSON.stringify(value)), type: pickType(rng.pick(['application/json', 'application/json', ''])), notes };
  }
  if (pathname.startsWith('/a2a')) {
    const part = () => rng.pick<unknown>([{ text: rng.pick(SEARCH_TERMS) }, { text: '' }, { data: wrongValue(rng) }, { url: 'http://127.0.0.1/' }, { raw: '%%%' }, wrongValue(rng)]);
    const m: Record<string, unknown> = { jsonrpc: rng.chance(0.95) ? '2.0' : rng.pick(['1.0', 2, null]), method: rng.pick(A2A_METHODS) };
    if (rng.chance(0.9)) m.id = rng.pick<unknown>([1, 'a', 0, -1, null, 1.5, 'x'.repeat(100), {}]);
    m.params = rng.pick<unknown>([
      { message: { messageId: rng.pick(['m1', '', 1]), role: rng.pick(['ROLE_USER', 'ROLE_AGENT', 'x', 3]), parts: Array.from({ length: rng.int(3) }, part) } },
      { message: { messageId: 'm1', role: 'ROLE_USER', parts: [part()], taskId: rng.pick(['t', '', 'x'.repeat(300)]) }, configuration: { historyLength: wrongValue(rng), acceptedOutputModes: wrongValue(rng) } },
      { id: rng.pick(['t', '', wrongValue(rng)]) },
      { tenant: wrongValue(rng) },
      wrongValue(rng),
    ]);
    return { body: Buffer.from(JSON.stringify(rng.chance(0.05) ? [m] : m)), type: pickType(rng.pick(['application/json', 'application/a2a+json', ''])), notes };
  }
  if (pathname.startsWith('/contato/formulario')) {
    const form = new URLSearchParams();
    const text = () => (rng.chance(0.7) ? rng.pick([...SEARCH_TERMS, ...DOMAINS]) : String(wrongValue(rng)));
    for (const field of ['nome', 'email', 'empresa', 'site', 'mensagem', 'nota', 'produto', 'consentimento', 'fax']) {
      if (rng.chance(0.75)) form.append(field, field === 'email' && rng.chance(0.6) ? 'fuzz@exemplo.com.br' : field === 'consentimento' && rng.chance(0.7) ? 'sim' : text());
    }
    return { body: Buffer.from(form.toString()), type: pickType('application/x-www-form-urlencoded'), notes };
  }
  if (pathname.startsWith('/api/ia/medicao')) {
    const site = rng.pick(DOMAINS);
    if (rng.chance(0.4)) return { body: Buffer.from(`site=${encodeURIComponent(site)}`), type: pickType('application/x-www-form-urlencoded'), notes };
    return { body: Buffer.from(JSON.stringify(rng.chance(0.85) ? { site } : { site: wrongValue(rng) })), type: pickType('application/json'), notes };
  }
  if (rng.chance(0.5)) return { notes };
  return { body: Buffer.from(JSON.stringify(wrongValue(rng))), type: rng.pick(CONTENT_TYPES), notes };
}

// ---------------------------------------------------------------------------------------------------------
// The generator

/** Characters `node:http` refuses in a request target: such requests go over a bare socket. */
const NEEDS_RAW_PATH = /[^\u0021-\u00ff]/;
/** Characters `node:http` refuses in header values. */
const NEEDS_RAW_HEADER = /[^\t\u0020-\u007e\u0080-\u00ff]/;

export function generate(seed: number, index: number, material: FuzzMaterial): FuzzRequest {
  const rng = createRng(requestSeed(seed, index));
  const notes: string[] = [];
  const wantRaw = rng.chance(0.04);

  // Method
  let method: string = rng.chance(0.04) ? rng.pick(ODD_METHODS) : rng.pick(METHODS);

  // Path
  const functionRoute = rng.chance(0.75);
  const template = functionRoute ? rng.pick(FUNCTION_PATHS) : rng.chance(0.2) ? `/${rng.pick(material.pageRoutes)}` : rng.pick(STATIC_PATHS);
  let path = fillTemplate(rng, template, material);
  // Routes that take bodies are POSTed most of the time.
  if (/^\/(agent\/(identity|token)|ask|mcp|a2a|api\/ia\/medicao)/.test(path) && rng.chance(0.6) && !ODD_METHODS.includes(method as never)) method = 'POST';
  const cleanPathname = path;
  if (rng.chance(0.3)) {
    path = mutatePath(rng, path);
    notes.push('caminho-mutado');
  }
  if (rng.chance(0.015)) {
    path = longPath(rng, path);
    notes.push(`caminho-longo:${path.length}`);
  }
  if (wantRaw && rng.chance(0.2)) path = path.replace(/a/, rng.pick([' ', '\t', '\u0001', '\u007f', '%20 HTTP/1.1']));
  path += query(rng);
  if (wantRaw && rng.chance(0.1)) path = rng.pick(['*', `http://127.0.0.1${path}`, `HTTP://evil.example${path}`, `//evil.example${path}`]);

  // Headers
  const headers: [string, string][] = [];
  const add = (name: string, value: string | string[] | undefined) => {
    if (value === undefined) return;
    for (const v of Array.isArray(value) ? value : [value]) headers.push([name, v]);
  };
  if (rng.chance(0.6)) add('accept', rng.pick(ACCEPTS));
  add('authorization', authorization(rng, material));
  add('idempotency-key', idempotencyKey(rng, wantRaw));
  if (rng.chance(0.1)) add('origin', rng.pick(['https://evil.example', material.origin, 'null', 'http://127.0.0.1', 'x']));
  if (rng.chance(0.05)) add('x-fuzz', 'h'.repeat(rng.pick([1000, 4000, 8000, 12_000])));
  if (rng.chance(0.03)) for (let i = rng.range(20, 80); i > 0; i--) add(`x-extra-${i}`, 'v'.repeat(rng.int(100)));
  if (rng.chance(0.03)) add('host', rng.pick(['evil.example', 'a b', '[', '127.0.0.1:99999', '', 'x'.repeat(300), 'localhost:8888']));
  if (rng.chance(0.03)) add('accept-encoding', rng.pick(['gzip', 'br', 'identity;q=0', '*;q=0']));
  if (rng.chance(0.02)) add('range', rng.pick(['bytes=0-10', 'bytes=-1', 'bytes=99999999-', 'lines=1-2']));
  if (rng.chance(0.02)) add('if-none-match', '*');
  if (rng.chance(0.02)) add('expect', '100-continue');
  if (rng.chance(0.01)) {
    add('connection', 'Upgrade');
    add('upgrade', rng.pick(['websocket', 'h2c', 'TLS/1.2']));
  }

  // Body
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || (method !== 'GET' && method !== 'HEAD' && rng.chance(0.2)) || rng.chance(0.03);
  let body: Buffer | undefined;
  if (withBody) {
    const made = bodyFor(rng, new URL(cleanPathname, 'http://h').pathname, material);
    body = made.body;
    notes.push(...made.notes);
    if (made.type !== undefined && made.type !== '' && rng.chance(0.95)) add('content-type', made.type);
  }
  const chunked = body !== undefined && rng.chance(0.15);
  if (chunked) notes.push('chunked');

  const raw = wantRaw || NEEDS_RAW_PATH.test(path) || headers.some(([, v]) => NEEDS_RAW_HEADER.test(v)) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method);
  const request: FuzzRequest = { index, method, path, headers, body, chunked, raw, notes };
  if (raw) {
    notes.push('socket-cru');
    if (rng.chance(0.25)) request.rawBytes = rawVariant(rng, request);
  }
  return request;
}

/** Protocol-level oddities only a bare socket can send. */
function rawVariant(rng: Rng, r: FuzzRequest): Buffer {
  const head = (line: string, extra: string[] = []) =>
    Buffer.from(`${line}\r\nhost: 127.0.0.1\r\nconnection: close\r\n${[...r.headers.map(([n, v]) => `${n}: ${v}`), ...extra].join('\r\n')}${extra.length || r.headers.length ? '\r\n' : ''}\r\n`, 'latin1');
  const body = r.body ?? Buffer.from('{"type":"anonymous"}');
  switch (rng.int(8)) {
    case 0: // HTTP/1.0 without Host, or HTTP/1.1 without Host (a 400 in HTTP/1.1)
      return Buffer.from(`${r.method} ${r.path} HTTP/1.${rng.int(2)}\r\nconnection: close\r\n\r\n`, 'latin1');
    case 1: // Content-Length shorter than the body
      return Buffer.concat([head(`POST ${r.path} HTTP/1.1`, [`content-length: ${Math.max(0, body.length - 3)}`]), body]);
    case 2: // bad chunk sizes
      return Buffer.concat([head(`POST ${r.path} HTTP/1.1`, ['transfer-encoding: chunked']), Buffer.from('zz\r\nabc\r\n0\r\n\r\n')]);
    case 3: // both Content-Length and Transfer-Encoding
      return Buffer.concat([head(`POST ${r.path} HTTP/1.1`, ['transfer-encoding: chunked', 'content-length: 5']), Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
    case 4: // header without colon, folded header
      return Buffer.from(`GET ${r.path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\nsem-dois-pontos\r\n folded\r\n\r\n`, 'latin1');
    case 5: // HTTP/2 preface and garbage version
      return Buffer.from(rng.pick(['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', `GET ${r.path} HTTP/9.9\r\nconnection: close\r\n\r\n`, `GET ${r.path}\r\n\r\n`]), 'latin1');
    case 6: // bare LF line endings
      return Buffer.from(`GET ${r.path} HTTP/1.1\nhost: x\nconnection: close\n\n`, 'latin1');
    default: // random bytes after a valid start
      return Buffer.concat([Buffer.from(`GET / HTTP/1.1\r\n`), rng.bytes(rng.range(1, 500)), Buffer.from('\r\n\r\n')]);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sending

/** Approximate size of the request line and headers (Node's server refuses more than 16 KB with 431). */
export const headBytes = (r: FuzzRequest): number =>
  r.method.length + r.path.length + 64 + r.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);

export const keepAliveAgent = (maxSockets: number): Agent => new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });

const lower = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
};

/** The last request sent on each keep-alive socket (to tell which request left a connection unusable). */
const lastOnSocket = new WeakMap<object, number>();

export function sendHttp(port: number, agent: Agent, r: FuzzRequest, timeoutMs: number): Promise<SendResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const headerObject: Record<string, string | string[]> = {};
    for (const [name, value] of r.headers) {
      const existing = headerObject[name];
      headerObject[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    if (r.body !== undefined && !r.chunked) headerObject['content-length'] = String(r.body.length);
    // node:http frames a body it was not told the length of with the chunked coding only for the methods it
    // expects a body on: for GET, HEAD, DELETE, OPTIONS, TRACE and CONNECT it would send the bytes unframed, which is
    // no body at all but the start of a malformed next request on the kept-alive connection. Said explicitly, node
    // frames it.
    if (r.body !== undefined && r.chunked && !r.headers.some(([name]) => name.toLowerCase() === 'transfer-encoding')) headerObject['transfer-encoding'] = 'chunked';
    let req: ReturnType<typeof httpRequest>;
    try {
      req = httpRequest({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: headerObject, agent, insecureHTTPParser: false });
    } catch (error) {
      done({ ok: false, error: `cliente recusou: ${(error as Error).message}`, ms: 0 });
      return;
    }
    let previous: number | undefined;
    req.on('socket', (socket) => {
      previous = lastOnSocket.get(socket);
      lastOnSocket.set(socket, r.index);
    });
    const timer = setTimeout(() => {
      done({ ok: false, error: `tempo esgotado${previous === undefined ? '' : ` (conexão reaproveitada depois de #${previous})`}`, ms: performance.now() - started });
      req.destroy();
    }, timeoutMs);
    // CONNECT and Upgrade answers arrive as 'connect'/'upgrade' events, not 'response'.
    const tunnel = (res: import('node:http').IncomingMessage, socket: import('node:net').Socket, head: Buffer) => {
      socket.destroy();
      done({ ok: true, response: { status: res.statusCode ?? 0, headers: lower(res.headers), body: head }, ms: performance.now() - started });
    };
    req.on('connect', tunnel);
    req.on('upgrade', tunnel);
    req.on('close', () => done({ ok: false, error: 'conexão fechada sem resposta', ms: performance.now() - started }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ ok: true, response: { status: res.statusCode ?? 0, headers: lower(res.headers), body: Buffer.concat(chunks) }, ms: performance.now() - started }));
      res.on('error', (error) => done({ ok: false, error: error.message, ms: performance.now() - started }));
    });
    req.on('error', (error) => done({ ok: false, error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`.trim(), ms: performance.now() - started }));
    if (r.body !== undefined) {
      if (r.chunked) {
        // Several writes so the server sees a real chunked stream.
        const step = Math.max(1, Math.ceil(r.body.length / 4));
        for (let i = 0; i < r.body.length; i += step) req.write(r.body.subarray(i, i + step));
      } else req.write(r.body);
    }
    req.end();
  });
}

/** The raw bytes of a request as `sendHttp` would send them, but with anything in the line and headers. */
function rawBytesOf(r: FuzzRequest): Buffer {
  const lines = [`${r.method} ${r.path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close', ...r.headers.map(([n, v]) => `${n}: ${v}`)];
  if (r.body !== undefined) lines.push(`content-length: ${r.body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), r.body ?? Buffer.alloc(0)]);
}

/** Parses one HTTP/1.1 response (the connection is closed by the server after it). */
export function parseRawResponse(data: Buffer): FuzzResponse | undefined {
  // Skip interim responses (100 Continue).
  while (/^HTTP\/1\.[01] 1\d\d /.test(data.subarray(0, 13).toString('latin1'))) {
    const interim = data.indexOf('\r\n\r\n');
    if (interim < 0) return undefined;
    data = data.subarray(interim + 4);
  }
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
  }
  let body = data.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', offset);
      if (lineEnd < 0) break;
      const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
      if (!Number.isFinite(size) || size === 0) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else if (headers['content-length'] !== undefined) {
    body = body.subarray(0, Number(headers['content-length']));
  }
  return { status: Number(match[1]), headers, body };
}

export function sendRaw(port: number, r: FuzzRequest, timeoutMs: number): Promise<SendResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect({ host: '127.0.0.1', port });
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const data = Buffer.concat(chunks);
      const response = parseRawResponse(data);
      const ms = performance.now() - started;
      if (response) resolve({ ok: true, response, ms });
      else resolve({ ok: false, error: error ?? (data.length ? `resposta ilegível: ${JSON.stringify(data.subarray(0, 80).toString('latin1'))}` : 'conexão fechada sem resposta'), ms });
    };
    const timer = setTimeout(() => finish('tempo esgotado'), timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the response arrived (the server closed while we were still writing) is fine.
      if (chunks.length) finish();
      else finish(`${error.code ?? ''} ${error.message}`.trim());
    });
    socket.on('connect', () => {
      socket.write(r.rawBytes ?? rawBytesOf(r));
    });
  });
}
