/**
 * The registry of readiness checks, in the order they are reported, grouped in camadas. Together they cover
 * the union of what isitagentready (Cloudflare), AFDocs, Mintlify Agent Rank and Lighthouse's agentic
 * audits verify (see docs in content/paginas/diagnostico-de-visibilidade-cognitiva/como-pontuamos.md).
 */
import { a2aCartao } from './a2a-cartao.ts';
import { acessibilidade } from './acessibilidade.ts';
import { agentSkills } from './agent-skills.ts';
import { apiCatalog } from './api-catalog.ts';
import { cabecalhosSeguranca } from './cabecalhos-seguranca.ts';
import { cache } from './cache.ts';
import { canonical } from './canonical.ts';
import { contentSignals } from './content-signals.ts';
import { estabilidadeVisual } from './estabilidade-visual.ts';
import { hsts } from './hsts.ts';
import { https } from './https.ts';
import { idioma } from './idioma.ts';
import { jsonLd } from './json-ld.ts';
import { linkHeaders } from './link-headers.ts';
import { linksNosGemeos } from './links-nos-gemeos.ts';
import { llmsFullTxt } from './llms-full-txt.ts';
import { llmsTxt } from './llms-txt.ts';
import { llmsTxtLinks } from './llms-txt-links.ts';
import { llmsTxtMarkdown } from './llms-txt-markdown.ts';
import { llmsTxtPonteiro } from './llms-txt-ponteiro.ts';
import { llmsTxtTamanho } from './llms-txt-tamanho.ts';
import { llmsTxtValido } from './llms-txt-valido.ts';
import { markdownGemeo } from './markdown-gemeo.ts';
import { mcpAoVivo } from './mcp-ao-vivo.ts';
import { mcpCartao } from './mcp-cartao.ts';
import { mcpRevisao } from './mcp-revisao.ts';
import { negociacaoMarkdown } from './negociacao-markdown.ts';
import { oauthRecursoProtegido } from './oauth-recurso-protegido.ts';
import { oauthServidor } from './oauth-servidor.ts';
import { openapi } from './openapi.ts';
import { pesoDaPagina } from './peso-da-pagina.ts';
import { robotsIa } from './robots-ia.ts';
import { withRobotsEvidence } from '../robots-evidence.ts';
import { robotsTxt } from './robots-txt.ts';
import { schemaOrganizacao } from './schema-organizacao.ts';
import { sitemap } from './sitemap.ts';
import { statusHttp } from './status-http.ts';
import { tempoDeResposta } from './tempo-de-resposta.ts';
import { textoNoServidor } from './texto-no-servidor.ts';
import type { CheckDefinition } from './types.ts';
import { webBotAuth } from './web-bot-auth.ts';
import { webmcp } from './webmcp.ts';
import { tituloDescricao } from './titulo-descricao.ts';
// Issue 21: the standards of late 2026 (each reports the revision it tested: ../revision.ts).
import { ard } from './ard.ts';
import { contentUsage } from './content-usage.ts';
import { nlweb } from './nlweb.ts';
import { pagamento402 } from './pagamento-402.ts';

export type { CheckDefinition, CheckOutcome, CamadaId } from './types.ts';

export const CHECKS: readonly CheckDefinition[] = [
  // Acesso de robôs
  withRobotsEvidence(robotsTxt),
  withRobotsEvidence(robotsIa),
  contentSignals,
  statusHttp,
  // Descoberta
  sitemap,
  linkHeaders,
  llmsTxt,
  llmsTxtValido,
  llmsTxtLinks,
  llmsTxtMarkdown,
  llmsTxtPonteiro,
  llmsTxtTamanho,
  llmsFullTxt,
  // Conteúdo legível por máquina
  textoNoServidor,
  markdownGemeo,
  linksNosGemeos,
  negociacaoMarkdown,
  pesoDaPagina,
  tituloDescricao,
  canonical,
  idioma,
  acessibilidade,
  estabilidadeVisual,
  // Dados estruturados
  jsonLd,
  schemaOrganizacao,
  // Interfaces para agentes
  openapi,
  apiCatalog,
  oauthRecursoProtegido,
  oauthServidor,
  mcpCartao,
  mcpAoVivo,
  mcpRevisao,
  a2aCartao,
  agentSkills,
  webmcp,
  webBotAuth,
  // Segurança e desempenho
  https,
  hsts,
  cabecalhosSeguranca,
  tempoDeResposta,
  cache,
  // Issue 21 (reported within their layers: acesso, agentes)
  contentUsage,
  pagamento402,
  ard,
  nlweb,
];

export const checkById = (id: string): CheckDefinition | undefined => CHECKS.find((c) => c.id === id);
