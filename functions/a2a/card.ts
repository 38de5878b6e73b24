/**
 * The A2A v1.0 agent card, declared with the agent it describes (./handler.ts reads it, through the SDK, to answer;
 * the build publishes it at `/.well-known/agent-card.json`). The one interface is the A2A agent at `/a2a` (JSON-RPC
 * binding, v1.0, with streaming); its own skill comes first, then the tools of the two MCP servers, each naming
 * where it is served. No data imports: the static build reads this module.
 */
import { API_VERSION, SITE_NAME, SITE_TAGLINE, siteOrigin } from '../../src/config/site.ts';
import { A2A_PATH } from '../../src/model/paths.ts';
import { MCP_SERVERS, type McpServerSpec, type McpToolSpec } from '../../src/model/mcp.ts';

const TOOL_TAGS: Record<string, string[]> = {
  get_readiness_score: ['prontidao', 'ia', 'diagnostico'],
  search_site: ['busca', 'conteudo'],
  get_page: ['conteudo', 'markdown'],
  list_services: ['servicos', 'catalogo', 'consultoria'],
  get_pricing: ['precos', 'orcamento'],
  how_to_hire: ['contratacao', 'contato'],
  search: ['busca', 'conteudo', 'conectores'],
  fetch: ['conteudo', 'markdown', 'conectores'],
  list_docs: ['documentacao'],
  get_doc: ['documentacao', 'markdown'],
  search_docs: ['documentacao', 'busca'],
  get_llms_txt: ['documentacao', 'llms-txt'],
};

const TOOL_EXAMPLES: Record<string, string[]> = {
  get_readiness_score: ['Qual é a nota de prontidão para IA de exemplo.com.br?'],
  search_site: ['Como aparecer nas respostas de IA?', 'dados estruturados'],
  get_page: ['Leia a página solucoes/seo-tecnico'],
  list_services: ['Quais serviços de implementação vocês oferecem?'],
  get_pricing: ['Quanto custa o diagnóstico de visibilidade?'],
  how_to_hire: ['Como contratar o diagnóstico?'],
  search: ['llms.txt', 'preço do diagnóstico'],
  fetch: ['Leia a página solucoes/seo-tecnico'],
  list_docs: ['Que documentos existem para agentes?'],
  get_doc: ['Leia /auth.md'],
  search_docs: ['Como obter um token da API?'],
  get_llms_txt: ['Mostre a seção Soluções do llms.txt'],
};

function skillOf(tool: McpToolSpec, spec: McpServerSpec, origin: string) {
  return {
    id: tool.name,
    name: tool.title,
    description: `${tool.description} Ferramenta MCP \`${tool.name}\` em ${origin}${spec.path} (Streamable HTTP, sem autenticação).`,
    tags: ['pt-BR', spec.id === 'product' ? 'produto' : 'documentacao', ...(TOOL_TAGS[tool.name] ?? [])],
    examples: TOOL_EXAMPLES[tool.name] ?? [],
    inputModes: ['application/json'],
    outputModes: ['application/json', 'text/plain'],
  };
}

/** How long a task the A2A agent returned stays readable with `GetTask` (functions/a2a/task-store.ts): one hour. */
export const A2A_TASK_TTL_SECONDS = 3600;

/** The skill the A2A agent itself performs: a text message answered from the site's content. */
const a2aSkill = (origin: string) => ({
  id: 'perguntar_ao_site',
  name: 'Perguntar ao site',
  description:
    `Responde a uma mensagem de texto com as páginas do site que tratam do assunto (busca lexical, a mesma de ${origin}/ask, sem modelo de linguagem): ` +
    'uma tarefa concluída com um artefato de texto em pt-BR e um de dados com os resultados como objetos schema.org.',
  tags: ['pt-BR', 'a2a', 'busca', 'conteudo'],
  examples: ['Como aparecer nas respostas de IA?', 'dados estruturados', 'Quanto custa o diagnóstico de visibilidade?'],
  inputModes: ['text/plain'],
  outputModes: ['text/plain', 'application/json'],
});

/** The A2A v1.0 agent card at `origin`. */
export function agentCard(origin = siteOrigin()) {
  const skills = [a2aSkill(origin), ...Object.values(MCP_SERVERS).flatMap((spec) => spec.tools.map((t) => skillOf(t, spec, origin)))];
  return {
    name: SITE_NAME,
    description:
      `${SITE_TAGLINE}. Agente A2A somente leitura sobre o site em ${origin}${A2A_PATH} (JSON-RPC 2.0, SendMessage e SendStreamingMessage): ` +
      'responde a uma mensagem de texto com as páginas do site sobre o assunto (busca lexical, sem modelo de linguagem). ' +
      `A tarefa devolvida fica legível por GetTask durante ${A2A_TASK_TTL_SECONDS / 3600} hora, para quem tem o id dela; ela já vem concluída, então CancelTask responde TaskNotCancelableError. ` +
      `Também há busca NLWeb em ${origin}/ask e dois servidores MCP sem autenticação (${origin}/mcp e ${origin}/mcp/docs), cujas ferramentas estão em skills. ` +
      'Conteúdo em português do Brasil.',
    supportedInterfaces: [{ url: `${origin}${A2A_PATH}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    provider: { organization: SITE_NAME, url: `${origin}/` },
    version: API_VERSION,
    documentationUrl: `${origin}/agentes`,
    iconUrl: `${origin}/logo.svg`,
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills,
  };
}
