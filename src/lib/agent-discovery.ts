/**
 * Discovery documents for agents, generated at build from the MCP tool catalogue (src/model/mcp.ts: the same entries
 * the servers answer `tools/list` with):
 *  - MCP server cards (SEP-2127 fields plus the legacy SEP-1649 `serverInfo`/`transport`/`capabilities`
 *    that scanners still read) at `/.well-known/mcp/server-card.json`, `/.well-known/mcp/docs/server-card.json`,
 *    `/mcp/server-card`, `/mcp/docs/server-card`, and the discovery document `/.well-known/mcp.json`;
 *  (the A2A v1.0 agent card `/.well-known/agent-card.json` is declared with the agent: functions/a2a/card.ts);
 *  - the agent skills index `/.well-known/agent-skills/index.json` (discovery v0.2.0) and its `SKILL.md` files,
 *    with sha256 digests of the exact bytes served.
 */
import { createHash } from 'node:crypto';
import { MCP_CAPABILITIES, MCP_SERVERS, MODERN_VERSION, type McpServerSpec, type McpToolSpec, SUPPORTED_VERSIONS, toolListing } from '../model/mcp.ts';
import { contactEmail, siteOrigin } from '../config/site.ts';
import { MEASURE_PATH } from '../model/measurement.ts';
import { FREE_TOOL, PAID_DIAGNOSTIC } from '../model/offer.ts';
import { formatBRL, loadPrices } from '../model/prices.ts';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
export const SKILLS_DISCOVERY_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

// ---------------------------------------------------------------------------------------------------------
// MCP server cards

export function mcpServerCard(spec: McpServerSpec, origin = siteOrigin()) {
  const endpoint = `${origin}${spec.path}`;
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: spec.name,
    version: spec.version,
    title: spec.title,
    description: spec.description,
    websiteUrl: `${origin}/agentes`,
    // Dual-era (functions/mcp/protocol.ts): 2026-07-28 and the legacy revisions it still honours in full.
    remotes: [{ type: 'streamable-http' as const, url: endpoint, supportedProtocolVersions: [...SUPPORTED_VERSIONS] }],
    // Legacy (SEP-1649) members, still read by scanners.
    serverInfo: { name: spec.name, version: spec.version, title: spec.title },
    protocolVersion: MODERN_VERSION,
    transport: { type: 'streamable-http' as const, endpoint },
    capabilities: MCP_CAPABILITIES,
    authentication: { required: false, schemes: [] as string[] },
    instructions: spec.instructions,
    tools: spec.tools.map(toolListing),
    _meta: {
      'br.com.sinalcognitivo/discovery': {
        card: `${origin}${spec.path}/server-card`,
        stateless: true,
        methods: ['POST'],
        documentation: `${origin}/agentes`,
      },
    },
  };
}

/** `/.well-known/mcp.json` (also `/.well-known/mcp`): the product server's card plus both servers. */
export function mcpDiscovery(origin = siteOrigin()) {
  return {
    ...mcpServerCard(MCP_SERVERS.product, origin),
    servers: Object.values(MCP_SERVERS).map((s) => ({
      name: s.name,
      title: s.title,
      description: s.description,
      url: `${origin}${s.path}`,
      transport: 'streamable-http',
      serverCard: `${origin}${s.path}/server-card`,
      wellKnownServerCard: `${origin}/.well-known${s.path}/server-card.json`,
      tools: s.tools.map((t) => t.name),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Agent skills (discovery v0.2.0 + SKILL.md)

export interface AgentSkill {
  name: string;
  description: string;
  body(origin: string): string;
}

const toolLine = (tool: McpToolSpec) => `- \`${tool.name}\`: ${tool.description}`;
const toolsOf = (spec: McpServerSpec, names: string[]) => spec.tools.filter((t) => names.includes(t.name)).map(toolLine);
/** A `## ` section: a heading, then paragraphs or list items (consecutive `- `/`1. ` lines stay one list). */
const section = (title: string, ...lines: string[]) => {
  const blocks: string[] = [];
  for (const line of lines) {
    const isItem = /^(?:- |\d+\. )/.test(line);
    const previous = blocks.at(-1);
    if (isItem && previous !== undefined && /^(?:- |\d+\. )/.test(previous.split('\n').at(-1) ?? '')) blocks[blocks.length - 1] = `${previous}\n${line}`;
    else blocks.push(line);
  }
  return `## ${title}\n\n${blocks.join('\n\n')}`;
};
const doc = (...parts: string[]) => parts.join('\n\n');

export const AGENT_SKILLS: readonly AgentSkill[] = [
  {
    name: 'consultar-site',
    description:
      'Encontrar e ler o conteúdo da Sinal Cognitivo (soluções, objetivos, artigos, preços e documentação) em markdown, com a busca lexical do site, sem cadastro.',
    body: (origin) =>
      doc(
        '# Consultar o site da Sinal Cognitivo',
        `Conteúdo em português do Brasil, aberto e sem autenticação. Toda página tem uma versão em markdown no mesmo endereço com o sufixo \`.md\` (a página inicial é ${origin}/index.md); o índice para modelos está em ${origin}/llms.txt.`,
        section(
          'Pelo servidor MCP (recomendado)',
          `Conecte-se a ${origin}/mcp (Streamable HTTP, só POST, sem sessão e sem autenticação) e use:`,
          ...toolsOf(MCP_SERVERS.product, ['search_site', 'get_page', 'list_services']),
        ),
        section(
          'Por HTTP simples',
          `1. Busque: \`GET ${origin}/ask?query=<palavras>&streaming=false\` devolve JSON com \`results\` (objetos schema.org com \`url\`, \`name\`, \`description\` e \`score\`). Também aceita \`POST /ask\` com \`{"query":{"text":"…"},"prefer":{"streaming":false}}\`.`,
          '2. Leia: acrescente `.md` ao endereço de um resultado, ou peça a página com `Accept: text/markdown`.',
          `3. Dados estruturados: ${origin}/agentes/catalogo.json (catálogo) e ${origin}/agentes/indice.json (índice de busca).`,
        ),
        section(
          'Observações',
          '- A busca é por palavras-chave (sem ranking semântico): use termos que aparecem no texto, em português.',
          '- Cite o endereço da página (`url`), não o da versão em markdown.',
        ),
      ),
  },
  {
    name: 'contratar-consultoria',
    description:
      `Saber os preços públicos e como contratar a Sinal Cognitivo: o ${PAID_DIAGNOSTIC.nome} com preço fechado, a ${FREE_TOOL.nome} e os serviços sob proposta, com o contato certo.`,
    body: (origin) => {
      const prices = loadPrices();
      return doc(
        '# Contratar a Sinal Cognitivo',
        'Há três caminhos; os preços e as regras abaixo são os mesmos de /pricing.md e da API.',
        ...prices.produtos.map((p) =>
          section(
            `${p.nome} (${p.preco > 0 ? `${formatBRL(p.preco)} ${p.unidade}` : 'gratuito'})`,
            p.descricao,
            `- Prazo: ${p.prazo}.`,
            `- Como contratar: ${p.comoContratar}`,
            `- Página: ${origin}/${p.rota}`,
          ),
        ),
        section('Demais serviços: sob proposta', prices.sobProposta.descricao, `Contato: ${contactEmail()} ou ${origin}/${prices.sobProposta.rota}.`),
        section(
          'Ferramentas',
          `No servidor MCP ${origin}/mcp:`,
          ...toolsOf(MCP_SERVERS.product, ['get_pricing', 'how_to_hire', 'list_services']),
          `Sem MCP: ${origin}/pricing.md (markdown) e ${origin}/agentes/catalogo.json (catálogo com preço e forma de contratação de cada solução).`,
        ),
        section(
          'Observações',
          '- Não invente preços: todo serviço sem preço público é orçado sob proposta.',
          '- A contratação é feita pelo cliente, por e-mail; nenhuma interface para agentes cria pedidos ou cobra.',
        ),
      );
    },
  },
  {
    name: 'autenticar-na-api',
    description:
      'Obter gratuitamente, sem conta, um token de acesso à API REST v1 somente leitura da Sinal Cognitivo (registro anônimo e troca JWT-bearer) e usá-lo.',
    body: (origin) =>
      doc(
        '# Autenticar na API v1',
        `A API v1 (${origin}/api/v1/) é somente leitura e exige \`Authorization: Bearer <token>\`. O token é gratuito e sai em duas chamadas; o guia completo está em ${origin}/auth.md.`,
        section(
          'Passos',
          `1. Registro anônimo: \`POST ${origin}/agent/identity\` com \`{"type":"anonymous"}\`. Guarde \`identity_assertion\` (vale 24 h).`,
          `2. Troca: \`POST ${origin}/agent/token\` (formulário ou JSON) com \`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer\`, \`assertion=<identity_assertion>\` e, opcionalmente, \`resource=${origin}/api/v1/\`. A resposta traz \`access_token\` (vale 3600 s) com os escopos \`site.read prontidao.read\`.`,
          `3. Chamada: \`GET ${origin}/api/v1/busca?q=<termos>\` com \`Authorization: Bearer <access_token>\`. O índice das rotas está em ${origin}/api.`,
        ),
        section(
          'Erros e renovação',
          '- 401 `invalid_token` com um token que funcionava: troque de novo a mesma asserção; se a troca der 400 `invalid_grant`, registre de novo.',
          '- 429 `rate_limited`: espere os segundos de `Retry-After` (cota de 120 requisições por 60 s por registro).',
          '- Envie `Idempotency-Key` nas duas chamadas POST para poder repeti-las com segurança: gere uma chave nova por operação (`uuidgen` no shell, `crypto.randomUUID()` em JavaScript) e nunca reutilize a de um exemplo. A chave vale só para o seu endereço (registro) ou a sua identidade (troca).',
        ),
        section(
          'Sem token',
          `- Sandbox com dados fixos: ${origin}/api/v1/sandbox/ (mesmas rotas).`,
          `- Servidores MCP (${origin}/mcp e ${origin}/mcp/docs), ${origin}/ask e as versões em markdown das páginas não exigem token.`,
          `- Especificação: ${origin}/api/openapi.json; versionamento: ${origin}/api/versioning.md.`,
        ),
      ),
  },
  {
    name: 'consultar-prontidao',
    description:
      'Ler a leitura registrada de prontidão para IA de um domínio (nota de 0 a 100, grau, camadas e lacunas), sem medir; quando não há leitura, indicar a página da medição gratuita.',
    body: (origin) =>
      doc(
        '# Consultar a prontidão para IA de um domínio',
        `As leituras são registradas quando alguém faz a medição gratuita em ${origin}${MEASURE_PATH}. As interfaces para agentes só leem o que foi registrado; nenhuma mede.`,
        section(
          'Caminhos',
          `- MCP: ferramenta \`get_readiness_score\` em ${origin}/mcp, com \`{"dominio":"exemplo.com.br"}\`.`,
          `- HTTP sem token: \`GET ${origin}/api/ia/leitura?site=<dominio>\`.`,
          `- API v1 (escopo \`prontidao.read\`): \`GET ${origin}/api/v1/prontidao/<dominio>\`.`,
        ),
        section(
          'Como interpretar',
          '- `estado: registrada`: há nota (0 a 100) e grau (A+ a F), com camadas e lacunas.',
          '- `estado: nao_pontuada`: a última medição não chegou a uma nota confiável; `motivo` diz por quê.',
          '- `estado: ausente`: não há leitura; indique a página da medição gratuita (`medirEm`).',
          '- `estado: limite` ou `indisponivel`: tente de novo depois de `tentarEm` (`Retry-After`).',
          '- Informe o domínio sem `http://` e sem caminho (ex.: exemplo.com.br).',
        ),
      ),
  },
];

const yamlString = (value: string) => JSON.stringify(value);

/** The exact `SKILL.md` text served for a skill. */
export const renderSkill = (skill: AgentSkill, origin = siteOrigin()): string =>
  `---\nname: ${skill.name}\ndescription: ${yamlString(skill.description)}\nlicense: ${yamlString('Uso livre por agentes; conteúdo © Sinal Cognitivo')}\nmetadata:\n  idioma: pt-BR\n  origem: ${yamlString(origin)}\n---\n\n${skill.body(origin).trim()}\n`;

export const skillPath = (name: string) => `/.well-known/agent-skills/${name}/SKILL.md`;

export const sha256Digest = (text: string): string => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

export function skillsIndex(origin = siteOrigin()) {
  return {
    $schema: SKILLS_DISCOVERY_SCHEMA,
    skills: AGENT_SKILLS.map((skill) => ({
      name: skill.name,
      type: 'skill-md' as const,
      description: skill.description,
      url: skillPath(skill.name),
      digest: sha256Digest(renderSkill(skill, origin)),
    })),
  };
}
