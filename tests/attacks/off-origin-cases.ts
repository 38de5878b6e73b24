/**
 * A measured site pointing the reading agent at another origin (issue 18, item 13: a hostile MCP card once made
 * the signed reader POST to another site). Each row is the agent-ready fixture with one pointer moved to
 * `elsewhere` (a second loopback server, reachable, so only the instrument's own rule can keep it untouched):
 * the reader contacts only the measured origin, and the reading says what pointed away.
 * Run by tests/integration/reading-site-text.test.ts.
 */
import type { ServerResponse } from 'node:http';
import { agentReadySite, type FixtureHandler } from '../helpers/readiness.ts';

export interface OffOriginCase {
  name: string;
  /** The agent-ready site with this pointer moved to `elsewhere`. */
  site(elsewhere: string): FixtureHandler;
  /** The check whose verdict reports the pointer, and what its detail must name. */
  reportedBy?: { check: string; detail: RegExp };
}

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const redirect = (res: ServerResponse, status: number, location: string) => {
  res.writeHead(status, { location });
  res.end();
};

/** The agent-ready site, with `override` answering the paths it knows first. */
const withOverride = (override: (path: string, res: ServerResponse, origin: string) => boolean): FixtureHandler => (req, res, ctx) => {
  const path = new URL(req.url ?? '/', ctx.origin).pathname;
  if (override(path, res, ctx.origin)) return;
  return agentReadySite(req, res, ctx);
};

export const OFF_ORIGIN_CASES: readonly OffOriginCase[] = [
  {
    name: 'the MCP card points the server elsewhere',
    site: (elsewhere) =>
      withOverride((path, res) => {
        if (path !== '/.well-known/mcp/server-card.json') return false;
        json(res, { name: 'br.exemplo/fixture', version: '1.0.0', serverInfo: { name: 'fixture', version: '1.0.0' }, transport: { type: 'streamable-http', endpoint: `${elsewhere}/mcp` }, remotes: [{ type: 'streamable-http', url: `${elsewhere}/mcp` }] });
        return true;
      }),
    reportedBy: { check: 'mcp-ao-vivo', detail: /O cartão MCP aponta o servidor para “http:\/\/localhost:\d+\/mcp”, fora da origem medida/ },
  },
  {
    name: 'the MCP endpoint redirects elsewhere (307, a POST kept as a POST)',
    site: (elsewhere) => withOverride((path, res) => (path === '/mcp' ? (redirect(res, 307, `${elsewhere}/mcp`), true) : false)),
    reportedBy: { check: 'mcp-ao-vivo', detail: /respondeu 307 \(redireciona para outra origem, não seguida: “http:\/\/localhost:\d+\/mcp”\)/ },
  },
  {
    name: 'the OAuth authorization server is elsewhere',
    site: (elsewhere) =>
      withOverride((path, res, origin) => {
        if (path !== '/.well-known/oauth-protected-resource') return false;
        json(res, { resource: `${origin}/api/v1/`, authorization_servers: [elsewhere], scopes_supported: ['leitura'], bearer_methods_supported: ['header'] });
        return true;
      }),
    reportedBy: { check: 'oauth-servidor', detail: /fica fora da origem medida .*não o consultou/ },
  },
  {
    name: 'an agent skill is hosted elsewhere',
    site: (elsewhere) =>
      withOverride((path, res) => {
        if (path !== '/.well-known/agent-skills/index.json') return false;
        json(res, { skills: [{ name: 'consultar-fixture', type: 'skill-md', description: 'Como consultar a Fixture Pronta.', url: `${elsewhere}/SKILL.md` }] });
        return true;
      }),
    reportedBy: { check: 'agent-skills', detail: /fora da origem medida, e não foi verificada/ },
  },
  {
    name: 'an llms.txt link redirects elsewhere',
    site: (elsewhere) => withOverride((path, res) => (path === '/sobre.md' ? (redirect(res, 302, `${elsewhere}/sobre.md`), true) : false)),
    reportedBy: { check: 'llms-txt-links', detail: /quebrados: “\/sobre\.md” \(302 para outra origem\)/ },
  },
  {
    name: 'the ARD catalog is announced elsewhere (Agentmap: in robots.txt)',
    site: (elsewhere) =>
      withOverride((path, res) => {
        if (path !== '/robots.txt') return false;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`User-agent: *\nAllow: /\n\nAgentmap: ${elsewhere}/.well-known/ard.json\n`);
        return true;
      }),
    reportedBy: { check: 'ard', detail: /anúncio que não carrega: Agentmap: no robots\.txt → “http:\/\/localhost:\d+\/\.well-known\/ard\.json” \(em outra origem, não seguido\)/ },
  },
  {
    name: 'the sitemap is declared elsewhere',
    site: (elsewhere) =>
      withOverride((path, res) => {
        if (path !== '/robots.txt') return false;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`User-agent: *\nAllow: /\n\nSitemap: ${elsewhere}/sitemap.xml\n`);
        return true;
      }),
  },
  {
    name: 'the OpenAPI description is announced elsewhere',
    site: (elsewhere) =>
      withOverride((path, res, origin) => {
        if (path !== '/.well-known/api-catalog') return false;
        res.writeHead(200, { 'content-type': 'application/linkset+json', link: '</.well-known/api-catalog>; rel="api-catalog"' });
        res.end(JSON.stringify({ linkset: [{ anchor: `${origin}/api/v1/`, 'service-desc': [{ href: `${elsewhere}/openapi.json` }] }] }));
        return true;
      }),
  },
  {
    name: 'the markdown twin is announced elsewhere',
    site: (elsewhere) =>
      withOverride((path, res, origin) => {
        if (path !== '/sobre') return false;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', link: `<${elsewhere}/sobre.md>; rel="alternate"; type="text/markdown"` });
        res.end(`<!doctype html><html lang="pt-BR"><head><title>Sobre</title><link rel="alternate" type="text/markdown" href="${elsewhere}/sobre.md"><link rel="canonical" href="${origin}/sobre"></head><body><main><h1>Sobre</h1><p>${'Texto da página sobre. '.repeat(40)}</p></main></body></html>`);
        return true;
      }),
  },
];
