import type { APIRoute } from 'astro';
import { siteOrigin } from '../config/site.ts';
import { text } from '../lib/responses.ts';
import { AI_AGENTS, CONTENT_SIGNAL } from '../model/ai-agents.ts';

/**
 * Every crawler may read the whole site, AI crawlers included (named explicitly so the policy is
 * unambiguous); Content Signals state the uses we allow. Function endpoints are not for crawling.
 */
export const GET: APIRoute = () => {
  const origin = siteOrigin();
  const disallow = ['/api/v1/', '/agent/', '/ask', '/mcp'];
  const group = (agents: string[]) =>
    [...agents.map((a) => `User-agent: ${a}`), `Content-Signal: ${CONTENT_SIGNAL}`, 'Allow: /', ...disallow.map((d) => `Disallow: ${d}`)].join('\n');
  const body = [
    '# Sinal Cognitivo: política de rastreamento',
    '# Conteúdo público; versões em markdown em <endereço>.md e por Accept: text/markdown.',
    '# Content Signals (https://contentsignals.org): search, ai-input e ai-train permitidos.',
    group(['*']),
    '# Rastreadores e agentes de IA (treinamento, busca e acesso iniciado por usuário)',
    group(AI_AGENTS.map((a) => a.token)),
    `Sitemap: ${origin}/sitemap.xml`,
    `schemaMap: ${origin}/schema_map.xml`,
    `schemaMap: ${origin}/schemamap.xml`,
  ];
  return text(`${body.join('\n\n')}\n`);
};
