/**
 * The site's ARD manifest (Agentic Resource Discovery v0.91): one AI Catalog document (`specVersion` 1.0) listing
 * every agentic resource the site offers, each with 2 to 5 pt-BR `representativeQueries` (what registries index
 * for search). Served at `/.well-known/ard.json` and, identical, at the v0.9 name `/.well-known/ai-catalog.json`;
 * announced by `Link: <…>; rel="ard"` (src/build/static-rules.ts) and `<link rel="ard">` (src/layouts/Base.astro).
 *
 * Identifiers are domain-anchored URNs, `urn:air:<host>:<namespace>:<name>`. The document keeps to the published
 * JSON schema of the spec (no top-level member beyond `specVersion`, `host` and `entries`; scalar `metadata`),
 * which tests/unit/ard.test.ts checks with the schema itself, and to the conformance rules the instrument applies
 * to other sites (functions/readiness/analysis/ard.ts).
 */
import { NLWEB_STREAM_VERSION } from '../../functions/ask/schemas.ts';
import { MCP_SERVERS, type McpServerId } from '../model/mcp.ts';
import { ASK_PATH } from '../model/paths.ts';
import { API_CATALOG_MEDIA_TYPE } from '../../functions/openapi/api-catalog.ts';
import { API_VERSION, SITE_NAME, siteOrigin } from '../config/site.ts';
import { A2A_PATH } from '../model/paths.ts';
import { AGENT_SKILLS, SERVER_CARD_TYPE, skillPath } from './agent-discovery.ts';

/** ARD's media type for an agent skill served as markdown (`SKILL.md`). */
export const SKILL_ENTRY_TYPE = 'text/markdown; profile="urn:air:agent-skills"';
export const A2A_CARD_TYPE = 'application/a2a-agent-card+json';
/** No media type is registered for NLWeb; ARD accepts custom `application/*` types. */
export const NLWEB_ENTRY_TYPE = 'application/nlweb+json';
export const OPENAPI_ENTRY_TYPE = 'application/vnd.oai.openapi+json';

export interface ArdEntry {
  identifier: string;
  displayName: string;
  type: string;
  url: string;
  description: string;
  tags?: string[];
  capabilities?: string[];
  representativeQueries: string[];
  version?: string;
  metadata?: Record<string, string>;
}

export interface ArdManifest {
  specVersion: '1.0';
  host: { displayName: string; identifier: string; documentationUrl: string; logoUrl: string };
  entries: ArdEntry[];
}

/** What people ask that each resource answers (pt-BR), by entry. */
const MCP_QUERIES: Record<McpServerId, string[]> = {
  product: [
    'quanto custa um diagnóstico de visibilidade em buscas e em IA',
    'qual é a nota de prontidão para agentes de IA de um site',
    'consultoria de SEO técnico e dados estruturados no Brasil',
    'como contratar uma consultoria de visibilidade em respostas de IA',
  ],
  docs: [
    'como obter um token gratuito da API da Sinal Cognitivo',
    'ler o llms.txt da Sinal Cognitivo',
    'política de versões da API da Sinal Cognitivo',
  ],
};

const SKILL_QUERIES: Record<string, string[]> = {
  'consultar-site': ['encontrar artigos sobre llms.txt e agentes de IA', 'ler uma página do site da Sinal Cognitivo em markdown'],
  'contratar-consultoria': ['preço do diagnóstico de visibilidade cognitiva', 'como pedir uma proposta de consultoria de SEO'],
  'autenticar-na-api': ['obter token da API da Sinal Cognitivo sem cadastro', 'autenticação JWT-bearer para agentes'],
  'consultar-prontidao': ['ver a leitura de prontidão para IA de um domínio', 'nota de prontidão de um site para agentes'],
};

const urn = (host: string, namespace: string, name: string) => `urn:air:${host}:${namespace}:${name}`;

export function ardManifest(origin = siteOrigin()): ArdManifest {
  const host = new URL(origin).hostname;
  const mcp = (id: McpServerId): ArdEntry => {
    const spec = MCP_SERVERS[id];
    return {
      identifier: urn(host, 'mcp', id === 'product' ? 'site' : 'docs'),
      displayName: spec.title,
      type: SERVER_CARD_TYPE,
      url: `${origin}${spec.path}/server-card`,
      description: spec.description,
      tags: ['mcp', 'pt-BR', id === 'product' ? 'produto' : 'documentacao'],
      capabilities: spec.tools.map((t) => t.name),
      representativeQueries: MCP_QUERIES[id],
      version: spec.version,
    };
  };
  return {
    specVersion: '1.0',
    host: { displayName: SITE_NAME, identifier: host, documentationUrl: `${origin}/agentes`, logoUrl: `${origin}/logo.svg` },
    entries: [
      mcp('product'),
      mcp('docs'),
      {
        identifier: urn(host, 'a2a', 'agente'),
        displayName: `${SITE_NAME}: agente A2A`,
        type: A2A_CARD_TYPE,
        url: `${origin}/.well-known/agent-card.json`,
        description: `Agente A2A somente leitura em ${A2A_PATH}: responde a uma mensagem de texto com as páginas do site sobre o assunto.`,
        tags: ['a2a', 'pt-BR', 'busca'],
        representativeQueries: ['perguntar a um agente sobre visibilidade em respostas de IA', 'agente que responde sobre serviços de SEO em português'],
        version: API_VERSION,
      },
      {
        identifier: urn(host, 'nlweb', 'ask'),
        displayName: `${SITE_NAME}: busca NLWeb (${ASK_PATH})`,
        type: NLWEB_ENTRY_TYPE,
        url: `${origin}${ASK_PATH}`,
        description: 'Busca lexical no site no formato NLWeb: GET ou POST, resposta em JSON ou em fluxo SSE com objetos schema.org.',
        tags: ['nlweb', 'busca', 'pt-BR'],
        representativeQueries: ['buscar páginas sobre llms.txt', 'o que é visibilidade cognitiva', 'artigos sobre dados estruturados em 2026'],
        metadata: { protocol: 'NLWeb', protocolVersion: NLWEB_STREAM_VERSION },
      },
      {
        identifier: urn(host, 'api', 'catalogo'),
        displayName: `${SITE_NAME}: catálogo de APIs (RFC 9727)`,
        type: API_CATALOG_MEDIA_TYPE.split(';', 1)[0] as string,
        url: `${origin}/.well-known/api-catalog`,
        description: 'Catálogo RFC 9727 da API REST v1 somente leitura: páginas, busca, soluções, preços e leituras de prontidão.',
        tags: ['api', 'rest', 'pt-BR'],
        representativeQueries: ['API pública de conteúdo de uma consultoria de SEO', 'API REST com preços e leituras de prontidão para IA'],
      },
      {
        identifier: urn(host, 'api', 'openapi'),
        displayName: `${SITE_NAME}: descrição OpenAPI da API`,
        type: OPENAPI_ENTRY_TYPE,
        url: `${origin}/api/openapi.json`,
        description: 'OpenAPI 3.1 da API v1, da sandbox, da autenticação de agentes e do /ask.',
        tags: ['openapi', 'api', 'pt-BR'],
        representativeQueries: ['especificação OpenAPI da API da Sinal Cognitivo', 'rotas da API de busca e de prontidão para IA'],
        version: API_VERSION,
      },
      ...AGENT_SKILLS.map(
        (skill): ArdEntry => ({
          identifier: urn(host, 'skills', skill.name),
          displayName: skill.name,
          type: SKILL_ENTRY_TYPE,
          url: `${origin}${skillPath(skill.name)}`,
          description: skill.description,
          tags: ['agent-skills', 'pt-BR'],
          representativeQueries: SKILL_QUERIES[skill.name] ?? [],
        }),
      ),
    ],
  };
}
