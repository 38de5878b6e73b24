/**
 * The agent standards this site speaks and its readiness instrument checks, declared once: the revision served
 * and checked, the earlier forms still accepted, what changed this year, and the checks that test each one.
 * The standards page (content/paginas/agentes/padroes.md) and the method page
 * (content/paginas/diagnostico-de-visibilidade-cognitiva/como-pontuamos.md) name these revisions; unit tests keep
 * both pages equal to this table, and the checks take their verdict's revision from here
 * (functions/readiness/revision.ts). Sources: /work/shared/reference/field-2026.md and the specifications named in
 * `referencia` (read 2026-11).
 */

export type AgentStandardId =
  | 'mcp'
  | 'ard'
  | 'nlweb'
  | 'web-bot-auth'
  | 'aipref'
  | 'content-signals'
  | 'a2a'
  | 'pagamento'
  | 'llms-txt'
  | 'robots-txt'
  | 'api-catalog'
  | 'agent-skills'
  | 'webmcp';

export interface AgentStandard {
  id: AgentStandardId;
  /** The standard's name as the pages and the verdicts write it. */
  nome: string;
  /** The revision the site serves and the instrument checks against (the current one). */
  revisao: string;
  /** Earlier forms still accepted, with a migration note (pt-BR); empty when there is none. */
  legado: string;
  /** What this site serves (pt-BR). */
  servimos: string;
  /** What changed in 2026 (pt-BR). */
  mudou: string;
  /** Ids of the readiness checks that test it (functions/readiness/checks/). */
  verificacoes: readonly string[];
  referencia: string;
}

export const AGENT_STANDARDS: readonly AgentStandard[] = [
  {
    id: 'mcp',
    nome: 'MCP (Model Context Protocol)',
    revisao: '2026-07-28',
    legado: 'revisões até 2025-11-25, com o handshake initialize (clientes e medidores ainda o usam)',
    servimos: 'dois servidores (/mcp e /mcp/docs) na revisão 2026-07-28 (server/discover, _meta por requisição) e no caminho legado initialize, com search e fetch no formato dos conectores da OpenAI',
    mudou: 'Sem initialize e sem sessões: cada requisição leva a versão e as capacidades em _meta, server/discover passou a ser obrigatório, todo resultado tem resultType, listas e leituras trazem ttlMs e cacheScope, e tarefas viraram extensão.',
    verificacoes: ['mcp-cartao', 'mcp-ao-vivo', 'mcp-revisao'],
    referencia: 'https://modelcontextprotocol.io/specification/2026-07-28',
  },
  {
    id: 'ard',
    nome: 'ARD (Agentic Resource Discovery)',
    revisao: 'v0.91 (2026-08-26)',
    legado: 'v0.9: o mesmo catálogo em /.well-known/ai-catalog.json e rel="ai-catalog"',
    servimos: 'o catálogo /.well-known/ard.json (também em /.well-known/ai-catalog.json), anunciado no cabeçalho Link e em <link rel="ard"> de cada página',
    mudou: 'O arquivo canônico passou a ser /.well-known/ard.json, encontrado por rel="ard", por Link e pela linha Agentmap: do robots.txt; ai-catalog.json ficou só por compatibilidade.',
    verificacoes: ['ard'],
    referencia: 'https://github.com/ards-project/ard-spec',
  },
  {
    id: 'nlweb',
    nome: 'NLWeb',
    revisao: '0.55',
    legado: '0.54 (eventos data: sem nome, com _meta e results) e os quadros message_type das versões anteriores',
    servimos: 'o /ask com eventos nomeados start, result e complete para consultas em objeto, e os quadros anteriores para consultas em texto',
    mudou: 'Em fluxo (SSE), uma consulta em objeto recebe eventos nomeados: start com _meta, um result por item ({"index":n,"item":{…}}) e complete.',
    verificacoes: ['nlweb'],
    referencia: 'https://github.com/nlweb-ai/NLWeb',
  },
  {
    id: 'web-bot-auth',
    nome: 'Web Bot Auth (draft-ietf-webbotauth-httpsig-protocol)',
    revisao: '-01 (2026-10-29)',
    legado: 'Signature-Agent só com a origem, como texto solto ou com parâmetros type=; diretório servido como application/http-message-signatures-directory (sem +json)',
    servimos: 'o leitor assina cada requisição com Signature-Agent apontando direto para o diretório /.well-known/http-message-signatures-directory, sem parâmetros',
    mudou: 'Virou documento do grupo de trabalho da IETF; na -01 todo valor de Signature-Agent é o endereço direto de um JWK Set e os tipos directory, jwks_uri e cimd deixaram de existir.',
    verificacoes: ['web-bot-auth'],
    referencia: 'https://datatracker.ietf.org/doc/draft-ietf-webbotauth-httpsig-protocol/',
  },
  {
    id: 'aipref',
    nome: 'IETF aipref (Content-Usage)',
    revisao: 'attach-05 e vocab-07 (2026-08-19)',
    legado: 'termos de rascunhos anteriores do vocabulário (train-genai, ai-use, ai-output, bots, all, tdm, genai, inference)',
    servimos: 'Content-Usage: train-ai=y, search=y no cabeçalho de cada página e versão em markdown, dizendo o mesmo que o nosso Content-Signal',
    mudou: 'O vocabulário ficou com dois termos, train-ai (treinamento) e search (busca com link, sem resumos gerados), levados pelo cabeçalho Content-Usage e por uma regra Content-Usage no robots.txt.',
    verificacoes: ['content-usage'],
    referencia: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/',
  },
  {
    id: 'content-signals',
    nome: 'Content Signals',
    revisao: 'contentsignals.org (search, ai-input, ai-train)',
    legado: '',
    servimos: 'Content-Signal: search=yes, ai-input=yes, ai-train=yes no robots.txt e no cabeçalho das páginas e das versões em markdown',
    mudou: 'Continua ao lado do aipref: é o que os medidores da Cloudflare leem, e ai-input (uso como contexto de respostas) não tem termo equivalente no aipref.',
    verificacoes: ['content-signals', 'content-usage'],
    referencia: 'https://contentsignals.org/',
  },
  {
    id: 'a2a',
    nome: 'A2A (Agent2Agent)',
    revisao: '1.0.1 (2026-05-26)',
    legado: 'cartões 0.3 (url e protocolVersion no topo)',
    servimos: 'o agente /a2a (JSON-RPC, application/a2a+json) descrito em /.well-known/agent-card.json',
    mudou: 'A 1.0 trouxe supportedInterfaces e tasks/list; a 1.0.1 prefere application/a2a+json na ligação HTTP.',
    verificacoes: ['a2a-cartao'],
    referencia: 'https://a2a-protocol.org/latest/specification/',
  },
  {
    id: 'pagamento',
    nome: 'HTTP 402: pay-per-crawl e x402',
    revisao: 'x402 v2 (PAYMENT-REQUIRED) e pay-per-crawl (crawler-price)',
    legado: 'x402 v1 (exigência de pagamento no corpo JSON, x402Version 1)',
    servimos: 'nada é cobrado: nenhum agente ou robô recebe 402',
    mudou: 'Sites passaram a responder 402 a robôs de IA (crawler-price da Cloudflare, PAYMENT-REQUIRED do x402 v2); cobrar um agente que age a pedido de uma pessoa o impede de responder a ela.',
    verificacoes: ['pagamento-402'],
    referencia: 'https://developers.cloudflare.com/ai-crawl-control/features/pay-per-crawl/',
  },
  {
    id: 'llms-txt',
    nome: 'llms.txt',
    revisao: 'proposta de llmstxt.org',
    legado: '',
    servimos: '/llms.txt, um llms.txt por área, /llms-full.txt e a versão em markdown de cada página',
    mudou: 'Nenhuma revisão formal; o Google declarou que a Busca o ignora, e os leitores são sobretudo ferramentas de desenvolvimento e medidores.',
    verificacoes: ['llms-txt', 'llms-txt-valido', 'llms-txt-links', 'llms-txt-markdown', 'llms-full-txt'],
    referencia: 'https://llmstxt.org/',
  },
  {
    id: 'robots-txt',
    nome: 'robots.txt (RFC 9309)',
    revisao: 'RFC 9309',
    legado: '',
    servimos: 'regras explícitas para os robôs de IA, Content-Signal e o sitemap',
    mudou: 'O aipref estende o robots.txt com a regra Content-Usage e o ARD com a linha Agentmap:.',
    verificacoes: ['robots-txt', 'robots-ia'],
    referencia: 'https://www.rfc-editor.org/rfc/rfc9309',
  },
  {
    id: 'api-catalog',
    nome: 'Catálogo de APIs (RFC 9727)',
    revisao: 'RFC 9727',
    legado: '',
    servimos: '/.well-known/api-catalog (linkset) e o cabeçalho Link rel="api-catalog"',
    mudou: 'Publicada como RFC; o catálogo ARD passou a listá-lo ao lado dos servidores MCP e do agente A2A.',
    verificacoes: ['api-catalog'],
    referencia: 'https://www.rfc-editor.org/rfc/rfc9727',
  },
  {
    id: 'agent-skills',
    nome: 'Agent Skills Discovery',
    revisao: '0.2.0',
    legado: 'v0.1: /.well-known/skills/index.json',
    servimos: '/.well-known/agent-skills/index.json com o digest de cada SKILL.md',
    mudou: 'O índice mudou para /.well-known/agent-skills/index.json, com tipo e digest sha256 por habilidade.',
    verificacoes: ['agent-skills'],
    referencia: 'https://agentskills.io/',
  },
  {
    id: 'webmcp',
    nome: 'WebMCP',
    revisao: 'rascunho do W3C CG (document.modelContext)',
    legado: 'navigator.modelContext, o nome anterior da API',
    servimos: 'ferramentas registradas pelas páginas em document.modelContext',
    mudou: 'A API passou para document.modelContext, e o ChatGPT desktop passou a chamar essas ferramentas como "site tools".',
    verificacoes: ['webmcp'],
    referencia: 'https://github.com/webmachinelearning/webmcp',
  },
];

export function standardById(id: AgentStandardId): AgentStandard {
  const found = AGENT_STANDARDS.find((s) => s.id === id);
  if (!found) throw new Error(`padrão desconhecido: ${id}`);
  return found;
}
