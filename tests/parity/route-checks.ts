/**
 * Route checks shared by the parity suites: the same list runs against the local server
 * (tests/integration/parity-local.test.ts) and under Netlify's own emulator, `@netlify/dev`
 * (tests/integration/parity-netlify.test.ts). Each check is a request (method, path, headers, body), the
 * expected status, predicates on response headers and a predicate on the body. Together they cover every
 * kind of route: static pages and twins, the markdown negotiation of the edge function, page aliases and
 * rewrites of `_redirects`, the `_headers` rules, the 404s, and each function of functions/routes.ts.
 *
 * A check whose route is not implemented yet carries `pending` (the reason); the suites run it as a
 * `todo`, so enabling it is deleting that one field.
 */
import assert from 'node:assert/strict';
import { siteData } from '../../functions/content/site-data.ts';
import { DATA_SECURITY_HEADERS, PAGE_SECURITY_HEADERS } from '../../src/model/security-headers.ts';
import { AI_AGENTS } from '../../src/model/ai-agents.ts';
import { ARD_LEGACY_PATH, ARD_MEDIA_TYPE, ARD_PATH } from '../../src/model/ard.ts';
import { MARKDOWN_MEDIA_TYPE } from '../../src/model/media-types.ts';
import { CONTENT_USAGE } from '../../src/model/usage-preferences.ts';

export interface CheckContext {
  /** Where the server under test listens (requests go here). */
  baseUrl: string;
  /** The service origin ({base_url}) that absolute URLs in bodies and headers use. */
  origin: string;
}

export interface HeaderPredicate {
  label: string;
  test(value: string | null): boolean;
}

export interface RouteCheck {
  name: string;
  method: 'GET' | 'HEAD' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  /** Predicates on response headers, by header name. */
  expect?: Record<string, HeaderPredicate | ((ctx: CheckContext) => HeaderPredicate)>;
  /** Asserts on the body (throws on failure). */
  verify?: (body: string, ctx: CheckContext) => void;
  /** The body is the same in every environment (static files and deterministic functions). */
  stableBody?: boolean;
  /** Route not implemented yet: the reason. The suites mark the check as todo. */
  pending?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Predicates

export const equals = (expected: string): HeaderPredicate => ({ label: `= ${expected}`, test: (v) => v === expected });
export const includes = (part: string): HeaderPredicate => ({ label: `contém ${part}`, test: (v) => v !== null && v.includes(part) });
export const matches = (re: RegExp): HeaderPredicate => ({ label: `casa com ${re}`, test: (v) => v !== null && re.test(v) });
export const present: HeaderPredicate = { label: 'presente', test: (v) => v !== null && v !== '' };
export const absent: HeaderPredicate = { label: 'ausente', test: (v) => v === null };
/** A comma-separated list header that contains `item` (case-insensitive), once. */
export const listHas = (item: string): HeaderPredicate => ({
  label: `lista com ${item}`,
  test: (v) => v !== null && v.split(',').filter((x) => x.trim().toLowerCase() === item.toLowerCase()).length === 1,
});
export const integer = (min: number): HeaderPredicate => ({ label: `inteiro >= ${min}`, test: (v) => v !== null && /^\d+$/.test(v) && Number(v) >= min });

const HTML = matches(/^text\/html;\s*charset=utf-8$/i);
const MARKDOWN = equals(MARKDOWN_MEDIA_TYPE);
/** Both variants of a page route (HTML, markdown twin) name what picks them, so shared caches keep them apart. */
const VARIES_BY_CLIENT: HeaderPredicate = {
  label: 'lista com Accept e User-Agent',
  test: (v) => listHas('Accept').test(v) && listHas('User-Agent').test(v),
};
const JSON_TYPE = matches(/^application\/json(;\s*charset=utf-8)?$/i);

const securityHeaders = (set: Record<string, string>): Record<string, HeaderPredicate> =>
  Object.fromEntries(Object.entries(set).map(([name, value]) => [name, equals(value)]));

const json = (body: string): any => {
  try {
    return JSON.parse(body);
  } catch {
    assert.fail(`corpo não é JSON: ${body.slice(0, 200)}`);
  }
};

/** An article of the blog, from the data the build bundled for the functions. */
const ARTICLE = `/${siteData.paginas.find((p) => p.rota.startsWith('blog/'))?.rota ?? 'blog'}`;
const AI_AGENT = AI_AGENTS.find((a) => a.emUserAgent)!;
const AI_USER_AGENT = `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${AI_AGENT.token}/1.0; +https://example.com/bot)`;
const MCP_INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'parity-check', version: '1.0.0' } },
});

const isMarkdownDoc = (body: string) => assert.match(body, /^# \S/m, 'markdown com título');

// ---------------------------------------------------------------------------------------------------------
// The checks

export const ROUTE_CHECKS: readonly RouteCheck[] = [
  {
    name: 'página HTML com Vary e Link para o gêmeo',
    method: 'GET',
    path: ARTICLE,
    status: 200,
    expect: {
      'content-type': HTML,
      vary: VARIES_BY_CLIENT,
      link: includes(`<${ARTICLE}.md>; rel="alternate"; type="text/markdown"`),
      'cache-control': present,
      'content-usage': equals(CONTENT_USAGE),
    },
    verify: (body, { origin }) => {
      assert.match(body, /<html lang="pt-BR"/);
      assert.ok(body.includes(`<link rel="canonical" href="${origin}${ARTICLE}"`), 'canonical na origem do serviço');
    },
    stableBody: true,
  },
  {
    name: 'gêmeo markdown (.md)',
    method: 'GET',
    path: `${ARTICLE}.md`,
    status: 200,
    expect: { 'content-type': MARKDOWN, 'x-markdown-tokens': integer(1), 'access-control-allow-origin': equals('*'), vary: absent, 'content-usage': equals(CONTENT_USAGE) },
    verify: isMarkdownDoc,
    stableBody: true,
  },
  {
    name: 'negociação por Accept: text/markdown',
    method: 'GET',
    path: ARTICLE,
    headers: { accept: 'text/markdown, text/html;q=0.5' },
    status: 200,
    expect: { 'content-type': MARKDOWN, vary: VARIES_BY_CLIENT, 'x-markdown-tokens': integer(1), 'content-signal': present, 'content-usage': equals(CONTENT_USAGE) },
    verify: (body, { origin }) => {
      isMarkdownDoc(body);
      assert.ok(body.includes(`${origin}${ARTICLE}`), 'URL canônica no gêmeo');
    },
    stableBody: true,
  },
  {
    name: `user agent de IA (${AI_AGENT.token}) recebe o gêmeo`,
    method: 'GET',
    path: ARTICLE,
    headers: { 'user-agent': AI_USER_AGENT },
    status: 200,
    expect: { 'content-type': MARKDOWN, vary: VARIES_BY_CLIENT },
    verify: isMarkdownDoc,
    stableBody: true,
  },
  {
    name: '/?mode=agent serve o gêmeo da visão para agentes',
    method: 'GET',
    path: '/?mode=agent',
    status: 200,
    expect: { 'content-type': MARKDOWN, vary: VARIES_BY_CLIENT },
    verify: (body, { origin }) => {
      isMarkdownDoc(body);
      assert.ok(body.includes(`${origin}/agentes`), 'é o documento de /agentes');
    },
    stableBody: true,
  },
  {
    name: 'alias /developers serve /agentes',
    method: 'GET',
    path: '/developers',
    status: 200,
    expect: { 'content-type': HTML, vary: VARIES_BY_CLIENT, link: includes('</agentes.md>; rel="alternate"; type="text/markdown"') },
    verify: (body, { origin }) => assert.ok(body.includes(`<link rel="canonical" href="${origin}/agentes"`), 'canonical de /agentes'),
    stableBody: true,
  },
  {
    name: '404 em HTML',
    method: 'GET',
    path: '/esta-pagina-nao-existe',
    status: 404,
    expect: { 'content-type': HTML, vary: VARIES_BY_CLIENT, ...securityHeaders(PAGE_SECURITY_HEADERS) },
    verify: (body) => assert.match(body, /<html lang="pt-BR"/),
    stableBody: true,
  },
  {
    name: '404 em markdown',
    method: 'GET',
    path: '/esta-pagina-nao-existe',
    headers: { accept: 'text/markdown' },
    status: 404,
    expect: { 'content-type': MARKDOWN, vary: VARIES_BY_CLIENT },
    verify: isMarkdownDoc,
    stableBody: true,
  },
  {
    name: 'gêmeo inexistente (.md): 404 em markdown, com qualquer Accept',
    method: 'GET',
    path: '/esta-pagina-nao-existe.md',
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    status: 404,
    expect: { 'content-type': MARKDOWN, vary: absent },
    verify: isMarkdownDoc,
    stableBody: true,
  },
  {
    name: '/llms.txt',
    method: 'GET',
    path: '/llms.txt',
    status: 200,
    expect: { 'content-type': equals('text/plain; charset=utf-8'), 'access-control-allow-origin': equals('*') },
    verify: (body) => assert.match(body, /^# .+\n\n> .+/),
    stableBody: true,
  },
  {
    name: '/.well-known/api-catalog (linkset)',
    method: 'GET',
    path: '/.well-known/api-catalog',
    status: 200,
    expect: { 'content-type': includes('application/linkset+json'), 'access-control-allow-origin': equals('*') },
    verify: (body, { origin }) => {
      const linkset = json(body).linkset;
      assert.ok(Array.isArray(linkset) && linkset.length > 0, 'linkset');
      assert.ok(linkset.some((l: { anchor?: string }) => l.anchor?.startsWith(origin)), 'âncoras na origem do serviço');
    },
    stableBody: true,
  },
  ...[ARD_PATH, ARD_LEGACY_PATH].map(
    (path): RouteCheck => ({
      name: `${path} (catálogo ARD)`,
      method: 'GET',
      path,
      status: 200,
      expect: { 'content-type': equals(ARD_MEDIA_TYPE), 'access-control-allow-origin': equals('*'), link: includes(`<${ARD_PATH}>; rel="ard"`) },
      verify: (body, { origin }) => {
        const entries = json(body).entries as { url: string }[];
        assert.ok(Array.isArray(entries) && entries.length > 0, 'entries');
        assert.ok(entries.every((e) => e.url.startsWith(origin)), 'endereços na origem do serviço');
      },
      stableBody: true,
    }),
  ),
  {
    name: 'HEAD /.well-known/api-catalog com Link rel="api-catalog"',
    method: 'HEAD',
    path: '/.well-known/api-catalog',
    status: 200,
    expect: { link: includes('</.well-known/api-catalog>; rel="api-catalog"'), 'content-type': includes('application/linkset+json') },
    verify: (body) => assert.equal(body, ''),
    stableBody: true,
  },
  {
    name: '/.well-known/oauth-protected-resource/api/v1 (RFC 9728)',
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/api/v1',
    status: 200,
    expect: { 'content-type': JSON_TYPE, 'access-control-allow-origin': equals('*') },
    verify: (body, { origin }) => assert.equal(json(body).resource, `${origin}/api/v1/`),
    stableBody: true,
  },
  {
    name: 'GET /api (índice, RateLimit)',
    method: 'GET',
    path: '/api',
    status: 200,
    expect: {
      'content-type': JSON_TYPE,
      'ratelimit-limit': integer(1),
      'ratelimit-remaining': integer(0),
      'ratelimit-reset': integer(1),
      'ratelimit-policy': matches(/^"?[\w-]+"?;q=\d+;w=\d+$/),
      ratelimit: matches(/^"?[\w-]+"?;r=\d+;t=\d+$/),
      'access-control-allow-origin': equals('*'),
    },
    verify: (body, { origin }) => {
      const index = json(body);
      assert.equal(index.versao, '1.0.0');
      assert.equal(index.openapi, `${origin}/api/openapi.json`);
      assert.ok(Array.isArray(index.endpoints) && index.endpoints.length > 0, 'endpoints');
    },
    stableBody: true,
  },
  {
    name: '/api/v1/paginas sem token: 401 com WWW-Authenticate',
    method: 'GET',
    path: '/api/v1/paginas',
    status: 401,
    expect: {
      'content-type': JSON_TYPE,
      'www-authenticate': (ctx) =>
        equals(`Bearer resource_metadata="${ctx.origin}/.well-known/oauth-protected-resource", scope="site.read prontidao.read"`),
      'ratelimit-limit': integer(1),
    },
    verify: (body) => {
      const error = json(body);
      assert.equal(typeof error.error, 'string');
      assert.equal(typeof error.error_description, 'string');
      assert.equal(typeof error.auth, 'string');
      assert.equal(typeof error.sandbox, 'string');
    },
    stableBody: true,
  },
  {
    name: 'sandbox: /api/v1/sandbox/busca?q=seo com X-Sandbox',
    method: 'GET',
    path: '/api/v1/sandbox/busca?q=seo',
    status: 200,
    expect: { 'content-type': JSON_TYPE, 'x-sandbox': equals('true'), 'ratelimit-limit': integer(1) },
    verify: (body) => {
      const result = json(body);
      assert.equal(result.sandbox, true);
      assert.ok(Array.isArray(result.resultados) && result.resultados.length > 0, 'resultados');
    },
    stableBody: true,
  },
  {
    // Issue 18, item 16: the escaped slash a client generated from the OpenAPI sends reaches the function intact.
    name: 'sandbox: uma rota aninhada com a barra codificada (%2F) responde como a rota com barras',
    method: 'GET',
    path: '/api/v1/sandbox/paginas/solucoes%2Fseo-tecnico',
    status: 200,
    expect: { 'content-type': JSON_TYPE, 'x-sandbox': equals('true') },
    verify: (body) => assert.equal(json(body).rota, 'solucoes/seo-tecnico'),
    stableBody: true,
  },
  {
    name: 'POST /agent/identity (registro anônimo)',
    method: 'POST',
    path: '/agent/identity',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'anonymous' }),
    status: 200,
    expect: { 'content-type': JSON_TYPE, 'cache-control': includes('no-store') },
    verify: (body) => {
      const registration = json(body);
      assert.match(registration.registration_id, /^reg_[\w-]{20}$/);
      assert.equal(registration.registration_type, 'anonymous');
      assert.equal(registration.identity_assertion.split('.').length, 3);
    },
  },
  {
    name: 'POST /api/ia/medicao sem JavaScript com domínio vazio: 400 numa página HTML no leiaute do site (functions/html/shell.ts)',
    method: 'POST',
    path: '/api/ia/medicao',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: 'site=',
    status: 400,
    expect: { 'content-type': HTML, 'cache-control': includes('no-store') },
    verify: (body, ctx) => {
      assert.match(body, /<header class="site-header">[\s\S]*<nav aria-label="Principal">/, 'o menu do site');
      assert.match(body, /<footer class="site-footer">/, 'o rodapé do site');
      assert.match(body, /<link rel="stylesheet" href="\/_astro\/[\w.-]+\.css">/, 'a folha de estilos do site');
      assert.match(body, /<h1>Domínio inválido<\/h1>/);
      assert.ok(body.includes(`<meta property="og:image" content="${ctx.origin}/og.png">`), 'URLs absolutas da origem configurada');
    },
  },
  {
    name: 'GET /agent/identity: 405 com Allow',
    method: 'GET',
    path: '/agent/identity',
    status: 405,
    expect: { allow: equals('POST, OPTIONS') },
    stableBody: true,
  },
  {
    name: 'POST /mcp initialize',
    method: 'POST',
    path: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: MCP_INITIALIZE,
    status: 200,
    verify: (body) => {
      const message = body.trimStart().startsWith('{') ? json(body) : json(body.match(/^data: (.+)$/m)?.[1] ?? '');
      assert.equal(message.id, 1);
      assert.equal(typeof message.result?.serverInfo?.name, 'string');
      assert.ok(message.result?.capabilities?.tools, 'capacidade tools');
    },
  },
  {
    name: 'POST /a2a SendMessage (A2A JSON-RPC)',
    method: 'POST',
    path: '/a2a',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'seo' }] } } }),
    status: 200,
    expect: { 'content-type': JSON_TYPE },
    verify: (body) => {
      const message = json(body);
      assert.equal(message.id, 1);
      assert.equal(message.result?.task?.status?.state, 'TASK_STATE_COMPLETED');
      assert.ok(message.result.task.artifacts?.[0]?.parts?.some((p: { data?: { results?: unknown[] } }) => Array.isArray(p.data?.results)), 'parte de dados com results');
    },
  },
  {
    name: 'POST /a2a com JSON ilegível: erro JSON-RPC -32700',
    method: 'POST',
    path: '/a2a',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: '{"jsonrpc":',
    status: 400,
    expect: { 'content-type': JSON_TYPE },
    verify: (body) => assert.equal(json(body).error?.code, -32700),
    stableBody: true,
  },
  {
    name: 'POST /mcp server/discover (MCP 2026-07-28, headers mirrored)',
    method: 'POST',
    path: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'server/discover',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
    }),
    status: 200,
    expect: { 'content-type': JSON_TYPE },
    verify: (body) => {
      const message = json(body);
      assert.equal(message.id, 2);
      assert.equal(message.result?.resultType, 'complete');
      assert.ok(message.result?.supportedVersions?.includes('2026-07-28'), 'revisão 2026-07-28');
    },
  },
  {
    name: 'GET /mcp: 405',
    method: 'GET',
    path: '/mcp',
    status: 405,
    expect: { allow: includes('POST') },
    stableBody: true,
  },
  {
    name: '/ask?query=seo&streaming=false',
    method: 'GET',
    path: '/ask?query=seo&streaming=false',
    status: 200,
    expect: { 'content-type': JSON_TYPE },
    verify: (body) => {
      const answer = json(body);
      assert.ok(Array.isArray(answer.results) && answer.results.length > 0, 'results');
    },
  },
  {
    name: 'diretório de chaves do agente de leitura (função readiness num caminho /.well-known)',
    method: 'GET',
    path: '/.well-known/http-message-signatures-directory',
    status: 200,
    expect: {
      'content-type': equals('application/http-message-signatures-directory+json'),
      'signature-input': includes('tag="http-message-signatures-directory"'),
      signature: present,
    },
    verify: (body) => {
      const keys = json(body).keys;
      assert.ok(Array.isArray(keys) && keys.length > 0 && keys.every((k: { kty?: string }) => k.kty === 'OKP'), 'chaves Ed25519');
    },
  },
  {
    name: 'cabeçalhos de segurança numa página',
    method: 'GET',
    path: '/',
    status: 200,
    expect: securityHeaders(PAGE_SECURITY_HEADERS),
    stableBody: true,
  },
  {
    name: 'cabeçalhos de segurança numa resposta da API',
    method: 'GET',
    path: '/api/v1/sandbox/paginas',
    status: 200,
    expect: securityHeaders(DATA_SECURITY_HEADERS),
    stableBody: true,
  },
  {
    name: 'formulário de contato preenchido pela URL (função contact, página do site)',
    method: 'GET',
    path: '/contato/formulario?produto=seo-local&nota=62&site=exemplo.com.br',
    status: 200,
    expect: { 'content-type': matches(/^text\/html/i), 'x-robots-tag': equals('noindex'), ...securityHeaders(PAGE_SECURITY_HEADERS) },
    verify: (body) => {
      assert.match(body, /class="site-footer"/);
      assert.match(body, /<input id="contato-site" name="site"[^>]* value="exemplo\.com\.br"/);
      assert.match(body, /<input type="hidden" name="nota" value="62">/);
    },
  },
  {
    name: 'formulário de contato com campos inválidos: 400 com o erro do contrato',
    method: 'POST',
    path: '/contato/formulario',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: 'nome=Ana&email=ana%40exemplo&mensagem=oi',
    status: 400,
    expect: { 'content-type': JSON_TYPE },
    verify: (body) => assert.equal(json(body).error, 'invalid_request'),
    stableBody: true,
  },
  {
    name: 'página de resultado de um domínio nunca medido: 404 que oferece medir (função readiness, página do site, noindex)',
    method: 'GET',
    path: '/diagnostico-de-visibilidade-cognitiva/resultado/nunca-medido.com.br',
    status: 404,
    expect: { 'content-type': matches(/^text\/html/i), 'x-robots-tag': equals('noindex'), ...securityHeaders(PAGE_SECURITY_HEADERS) },
    verify: (body) => {
      assert.match(body, /<h1>nunca-medido\.com\.br ainda não foi medido<\/h1>/);
      assert.match(body, /<form class="panel medicao-form medicao-de-novo" method="post" action="\/api\/ia\/medicao">/);
    },
  },
  {
    name: 'gêmeo em markdown da página de resultado (.md), também no 404',
    method: 'GET',
    path: '/diagnostico-de-visibilidade-cognitiva/resultado/nunca-medido.com.br.md',
    status: 404,
    expect: { 'content-type': matches(/^text\/markdown/i), 'x-robots-tag': equals('noindex') },
    verify: (body) => assert.match(body, /^# nunca-medido\.com\.br ainda não foi medido/),
  },
  {
    name: 'selo de um domínio nunca medido: SVG neutro (200) que convida a medir, cache curto com ETag, embutível por outros sites',
    method: 'GET',
    path: '/diagnostico-de-visibilidade-cognitiva/selo/nunca-medido.com.br.svg',
    status: 200,
    expect: {
      'content-type': equals('image/svg+xml; charset=utf-8'),
      'cache-control': equals('public, max-age=300, must-revalidate'),
      etag: matches(/^"[A-Za-z0-9_-]{27}"$/),
      'cross-origin-resource-policy': equals('cross-origin'),
      'x-content-type-options': equals('nosniff'),
      'content-security-policy': equals(DATA_SECURITY_HEADERS['Content-Security-Policy']!),
    },
    verify: (body) => {
      assert.match(body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img" aria-label="nunca-medido\.com\.br ainda não tem medição/);
      assert.match(body, />medir grátis<\/text>/);
    },
  },
  {
    name: 'selo de um endereço que não é domínio: 404 com o selo "domínio inválido"',
    method: 'GET',
    path: '/diagnostico-de-visibilidade-cognitiva/selo/localhost.svg',
    status: 404,
    expect: { 'content-type': equals('image/svg+xml; charset=utf-8'), 'cross-origin-resource-policy': equals('cross-origin') },
    verify: (body) => assert.match(body, />domínio inválido<\/text>/),
    stableBody: true,
  },
  {
    name: '?site= na página de medição leva à página de resultado (borda)',
    method: 'GET',
    path: '/diagnostico-de-visibilidade-cognitiva?site=exemplo.com.br',
    status: 302,
    expect: { location: equals('/diagnostico-de-visibilidade-cognitiva/resultado/exemplo.com.br'), 'cache-control': equals('no-cache') },
    // The edge function answers it (functions/edge/negotiate.ts). Under @netlify/dev the harness delivers the edge
    // function's redirect as Netlify does, instead of the emulator following it (tests/helpers/netlify-dev.ts).
  },
  {
    name: '?site= hostil (esquema, barras, .., espaço, maiúsculas) vira um único segmento codificado, com a barra final também',
    method: 'GET',
    path: `/diagnostico-de-visibilidade-cognitiva/?site=${encodeURIComponent(' https://www.Exemplo.com.br/../x y?a=%2F ')}`,
    status: 302,
    // Trimmed, then encodeURIComponent: the result page (a function) normalizes it or refuses it.
    expect: { location: equals(`/diagnostico-de-visibilidade-cognitiva/resultado/${encodeURIComponent('https://www.Exemplo.com.br/../x y?a=%2F')}`) },
  },
  {
    name: '?site= muito longo também é levado, codificado, à página de resultado (que o recusa)',
    method: 'GET',
    path: `/diagnostico-de-visibilidade-cognitiva?site=${'a'.repeat(3000)}.com.br`,
    status: 302,
    expect: { location: equals(`/diagnostico-de-visibilidade-cognitiva/resultado/${'a'.repeat(3000)}.com.br`) },
  },
];
// ---------------------------------------------------------------------------------------------------------
// Running a check

export interface CheckOutcome {
  status: number;
  headers: Headers;
  body: string;
  /** Every way the response differs from the check (empty when it passes). */
  problems: string[];
}

export async function runRouteCheck(check: RouteCheck, ctx: CheckContext): Promise<CheckOutcome> {
  const res = await fetch(new URL(check.path, ctx.baseUrl), {
    method: check.method,
    headers: check.headers,
    body: check.body,
    redirect: 'manual',
  });
  const body = await res.text();
  const problems: string[] = [];
  if (res.status !== check.status) problems.push(`status ${res.status}, esperado ${check.status}`);
  for (const [name, expectation] of Object.entries(check.expect ?? {})) {
    const predicate = typeof expectation === 'function' ? expectation(ctx) : expectation;
    const value = res.headers.get(name);
    if (!predicate.test(value)) problems.push(`${name}: ${JSON.stringify(value)} (esperado ${predicate.label})`);
  }
  if (check.verify && res.status === check.status) {
    try {
      check.verify(body, ctx);
    } catch (error) {
      problems.push(`corpo: ${(error as Error).message}`);
    }
  }
  return { status: res.status, headers: res.headers, body, problems };
}

/**
 * Headers compared between environments: what the project decides (types, negotiation, CORS, caching,
 * security, rate-limit policy), not what varies by connection or by moment (date, length, remaining quota).
 */
export const COMPARED_HEADERS = [
  'content-type',
  'vary',
  'link',
  'allow',
  'www-authenticate',
  'x-sandbox',
  'x-markdown-tokens',
  'content-signal',
  'content-usage',
  'cache-control',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'ratelimit-limit',
  'ratelimit-policy',
  ...Object.keys(PAGE_SECURITY_HEADERS).map((n) => n.toLowerCase()),
] as const;

/** Differences between two outcomes of the same check in two environments. */
export function compareOutcomes(check: RouteCheck, a: CheckOutcome, b: CheckOutcome): string[] {
  const differences: string[] = [];
  if (a.status !== b.status) differences.push(`status ${a.status} ≠ ${b.status}`);
  for (const name of COMPARED_HEADERS) {
    const x = a.headers.get(name);
    const y = b.headers.get(name);
    if (x !== y) differences.push(`${name}: ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`);
  }
  if (check.stableBody && a.body !== b.body) differences.push(`corpo difere (${a.body.length} ≠ ${b.body.length} caracteres)`);
  return differences;
}
