/**
 * Identity of the two MCP servers: the same constants answer `server/discover` and `initialize` (server info,
 * capabilities, instructions) and fill the discovery cards; each server's tool list is its registry and its
 * resources a `ResourceSet`.
 */
import { CONNECTOR_TOOLS } from './connector-tools.ts';
import { DOCS_TOOLS } from './docs-tools.ts';
import { PRODUCT_TOOLS } from './product-tools.ts';
import { MCP_PATHS } from '../paths.ts';
import type { ToolDefinition } from './registry.ts';
import { DOC_RESOURCES, PAGE_RESOURCES, type ResourceSet } from './resources.ts';

export type McpServerId = 'product' | 'docs';

export interface McpServerSpec {
  id: McpServerId;
  /** Root-relative endpoint (POST only). */
  path: (typeof MCP_PATHS)[McpServerId];
  /** Reverse-DNS server name (SEP-2127: exactly one `/`). */
  name: string;
  title: string;
  version: string;
  /** At most 100 characters (SEP-2127). */
  description: string;
  /** What `server/discover` and `initialize` return as `instructions` (pt-BR). */
  instructions: string;
  tools: readonly ToolDefinition[];
  resources: ResourceSet;
}

/**
 * What both servers declare: tools and resources, with neither `listChanged` nor `subscribe` (a stateless
 * server has no stream to send those notifications on; the lists change only with a deploy, and their
 * `ttlMs` says how long a client may keep them).
 */
export const MCP_CAPABILITIES = { tools: {}, resources: {} } as const;

/** Version of both servers; a removed or renamed tool is an incompatible change (contract, Versioning 7). */
export const MCP_SERVER_VERSION = '1.0.0';

export const MCP_SERVERS: Readonly<Record<McpServerId, McpServerSpec>> = {
  product: {
    id: 'product',
    path: MCP_PATHS.product,
    name: 'br.com.sinalcognitivo/site',
    title: 'Sinal Cognitivo: site, catálogo, preços e leituras de prontidão',
    version: MCP_SERVER_VERSION,
    description: 'Busca no site, páginas em markdown, soluções, preços, contratação e leituras de prontidão para IA.',
    instructions:
      'Servidor MCP somente leitura da Sinal Cognitivo, consultoria brasileira de visibilidade em buscas e em motores generativos. ' +
      'Conteúdo em português do Brasil. Use search_site para achar páginas e get_page para lê-las em markdown; list_services, ' +
      'get_pricing e how_to_hire para o catálogo, os preços públicos e a contratação; get_readiness_score para a leitura registrada ' +
      'de prontidão de um domínio (nunca mede: a medição gratuita é feita no site). search e fetch fazem o mesmo que search_site e ' +
      'get_page no formato dos conectores da OpenAI; cada página também é um recurso (resources/read pelo endereço da página).',
    tools: [...PRODUCT_TOOLS, ...CONNECTOR_TOOLS],
    resources: PAGE_RESOURCES,
  },
  docs: {
    id: 'docs',
    path: MCP_PATHS.docs,
    name: 'br.com.sinalcognitivo/docs',
    title: 'Sinal Cognitivo: documentação para agentes e desenvolvedores',
    version: MCP_SERVER_VERSION,
    description: 'Documentação para agentes: llms.txt, autenticação da API, versionamento e preços, como servidos.',
    instructions:
      'Servidor MCP somente leitura com a documentação para agentes da Sinal Cognitivo, exatamente como servida no site: ' +
      'llms.txt, /auth.md (token gratuito da API em duas chamadas), /api/versioning.md e /pricing.md. Use list_docs, get_doc, ' +
      'search_docs e get_llms_txt (com `secao` para um único bloco `## `). Cada documento também é um recurso (resources/read pelo endereço).',
    tools: DOCS_TOOLS,
    resources: DOC_RESOURCES,
  },
};

/** The spec of the server at a path, if any. */
export const serverAt = (pathname: string): McpServerSpec | undefined =>
  Object.values(MCP_SERVERS).find((s) => s.path === pathname || `${s.path}/` === pathname);
