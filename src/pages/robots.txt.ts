import type { APIRoute } from 'astro';
import { siteOrigin } from '../config/site.ts';
import { text } from '../lib/responses.ts';
import { AI_AGENTS } from '../model/ai-agents.ts';
import { ARD_PATH } from '../model/ard.ts';
import { CONTENT_SIGNAL, CONTENT_USAGE } from '../model/usage-preferences.ts';

/**
 * Every crawler may read the whole site, AI crawlers included (named explicitly so the policy is
 * unambiguous); Content Signals state the uses we allow (aipref's Content-Usage says the same, in a comment and in
 * every response's header). Function endpoints are not for crawling.
 */
export const GET: APIRoute = () => {
  const origin = siteOrigin();
  const disallow = ['/api/v1/', '/agent/', '/ask', '/mcp'];
  // The MCP server cards are static documents under the disallowed /mcp prefix (the longest rule wins, RFC 9309).
  const allow = ['/mcp/server-card', '/mcp/docs/server-card'];
  const group = (agents: string[]) =>
    [
      ...agents.map((a) => `User-agent: ${a}`),
      `Content-Signal: ${CONTENT_SIGNAL}`,
      'Allow: /',
      ...disallow.map((d) => `Disallow: ${d}`),
      ...allow.map((a) => `Allow: ${a}`),
    ].join('\n');
  const body = [
    '# Sinal Cognitivo: política de rastreamento',
    '# Conteúdo público; versões em markdown em <endereço>.md e por Accept: text/markdown.',
    '# Content Signals (https://contentsignals.org): search, ai-input e ai-train permitidos.',
    group(['*']),
    '# Rastreadores e agentes de IA (treinamento, busca e acesso iniciado por usuário)',
    group(AI_AGENTS.map((a) => a.token)),
    `Sitemap: ${origin}/sitemap.xml`,
    // No `schemaMap:` line. RFC 9309 lets crawlers read records of their own, but Lighthouse's SEO audit reports
    // any record outside its safelist as an invalid robots.txt (SEO 92 instead of 100), and an SEO consultancy's
    // own site is the first one its clients audit. NLWeb's reference crawler, finding no schemaMap line, fetches
    // /schema_map.xml, the same map: it loses nothing. See docs/DECISIONS.md.
    '# Mapa de dados estruturados (NLWeb): /schema_map.xml',
    // Agentmap (ARD v0.91) and Content-Usage (IETF aipref) are records Lighthouse's SEO audit does not know either,
    // so they are written as comments (docs/DECISIONS.md). The catalog is still found at /.well-known/ard.json and
    // through `Link: rel="ard"` / `<link rel="ard">`; the preferences travel in every response's Content-Usage header.
    `# Catálogo de recursos para agentes (ARD v0.91), anunciado também por Link rel="ard":\n# Agentmap: ${origin}${ARD_PATH}`,
    `# Preferências de uso no vocabulário do IETF aipref (o mesmo que Content-Signal; cabeçalho Content-Usage de cada resposta):\n# Content-Usage: ${CONTENT_USAGE}`,
  ];
  return text(`${body.join('\n\n')}\n`);
};
