/**
 * llms.txt files (llmstxt.org): `# Name`, `> summary`, free text, then `## Section` lists of
 * `- [name](url): notes` pointing at the markdown twins. One root file and one per area.
 */
import { SITE_NAME, SITE_TAGLINE, siteOrigin } from '../config/site.ts';
import { ARD_PATH } from '../model/ard.ts';
import { companyFacts } from '../model/company.ts';
import { FEED_PATH } from '../model/public-paths.ts';
import { MEASURE_PATH } from '../model/measurement.ts';
import { FREE_TOOL, PAID_DIAGNOSTIC } from '../model/offer.ts';
import { SECTIONS, type Section, twinUrl } from '../model/routes.ts';
import { MCP_SERVERS } from '../model/mcp.ts';
import { AGENT_SKILLS, skillPath } from './agent-discovery.ts';
import type { SiteModel, SitePage } from './site.ts';
import { indexedPages, listedPages } from './site.ts';

export interface LlmsLink {
  nome: string;
  url: string;
  nota?: string;
}
export interface LlmsSection {
  titulo: string;
  links: LlmsLink[];
}

export const pageLink = (p: SitePage, origin = siteOrigin()): LlmsLink => ({ nome: p.titulo, url: twinUrl(origin, p.rota), nota: p.descricao });

export function renderLlms(title: string, summary: string, details: string[], sections: LlmsSection[]): string {
  const out = [`# ${title}`, `> ${summary}`, ...details];
  for (const s of sections) {
    if (!s.links.length) continue;
    out.push(`## ${s.titulo}\n\n${s.links.map((l) => `- [${l.nome}](${l.url})${l.nota ? `: ${l.nota}` : ''}`).join('\n')}`);
  }
  return `${out.join('\n\n')}\n`;
}

/** The markdown documents for agents (pages to read, like the twins). */
export function agentDocLinks(origin = siteOrigin()): LlmsLink[] {
  return [
    { nome: 'Autenticação de agentes (auth.md)', url: `${origin}/auth.md`, nota: 'token gratuito, sem conta, em duas chamadas' },
    { nome: 'Política de versionamento', url: `${origin}/api/versioning.md` },
    { nome: 'Preços públicos (pricing.md)', url: `${origin}/pricing.md` },
  ];
}

/**
 * The machine interfaces and data files: endpoints, JSON and JSON Lines, not pages. The root llms.txt lists them under
 * `## Optional` (llmstxt.org: may be skipped), and every note says what the address answers, so no reader takes them
 * for pages to read. /ask is given with an example query, so the link answers a GET.
 */
export function agentEndpointLinks(origin = siteOrigin()): LlmsLink[] {
  return [
    { nome: 'OpenAPI 3.1 da API v1', url: `${origin}/api/openapi.json`, nota: 'JSON; v1, sandbox, autenticação e /ask' },
    { nome: 'Índice da API', url: `${origin}/api`, nota: 'JSON público com rotas, escopos e política de versões' },
    { nome: 'Sandbox da API', url: `${origin}/api/v1/sandbox/`, nota: 'JSON; mesmas rotas com dados fixos, sem token' },
    { nome: 'Servidor MCP do produto', url: `${origin}/mcp`, nota: 'endpoint Streamable HTTP, só POST, sem autenticação (não é página)' },
    { nome: 'Servidor MCP da documentação', url: `${origin}/mcp/docs`, nota: 'endpoint Streamable HTTP, só POST, sem autenticação (não é página)' },
    { nome: 'Agente A2A', url: `${origin}/a2a`, nota: 'endpoint A2A 1.0 (JSON-RPC: SendMessage e SendStreamingMessage), só POST, sem autenticação (não é página)' },
    {
      nome: 'Busca NLWeb /ask',
      url: `${origin}/ask?query=visibilidade&streaming=false`,
      nota: 'endpoint de busca lexical: GET com query (JSON com streaming=false, SSE sem ele) ou POST com {"query":{"text":"..."}}',
    },
    { nome: 'Índice de busca do site', url: `${origin}/agentes/indice.json`, nota: 'JSON com título, descrição e texto de cada página' },
    { nome: 'Catálogo de soluções', url: `${origin}/agentes/catalogo.json`, nota: 'JSON (schema.org)' },
  ];
}

/** Every link of the agent interfaces (documents first, then endpoints and data files). */
export const agentInterfaceLinks = (origin = siteOrigin()): LlmsLink[] => [...agentDocLinks(origin), ...agentEndpointLinks(origin)];

/** The MCP tools (from the servers' registries) and the agent skills, as llms.txt sections. */
function agentToolSections(origin: string): LlmsSection[] {
  return [
    ...Object.values(MCP_SERVERS).map((spec) => ({
      titulo: `Ferramentas MCP: ${spec.path}`,
      links: spec.tools.map((t) => ({ nome: `${t.name} (${t.title})`, url: `${origin}${spec.path}/server-card`, nota: t.description })),
    })),
    {
      titulo: 'Habilidades para agentes (SKILL.md)',
      links: AGENT_SKILLS.map((skill) => ({ nome: skill.name, url: `${origin}${skillPath(skill.name)}`, nota: skill.description })),
    },
  ];
}

/** Who is behind the site: the filled facts of content/empresa.json, in one paragraph (an empty fact is left out). */
export const companyParagraph = (): string =>
  `Quem somos: ${SITE_NAME}. ${companyFacts()
    // The scheduling link is a page to open: its address, not its label.
    .map((f) => `${f.rotulo}: ${Array.isArray(f.valor) ? f.valor.join(', ') : f.id === 'agendamento' ? f.href : f.valor}.`)
    .join(' ')}`;

const bySection = (model: SiteModel, ...sections: Section[]) => indexedPages(model).filter((p) => sections.includes(p.secao));

/** The listings derived from the articles: the index of themes and each theme's first page (`themes`), or every page of every listing. */
const listings = (model: SiteModel, which: 'themes' | 'all') =>
  listedPages(model).filter((p) => p.kind === 'listagem' && (which === 'all' || p.entry.data.tipo === 'temas' || (p.entry.data.tipo === 'tema' && p.entry.data.pagina === 1)));

export function rootLlms(model: SiteModel, origin = siteOrigin()): string {
  const link = (p: SitePage) => pageLink(p, origin);
  return renderLlms(
    SITE_NAME,
    `${SITE_TAGLINE}. Site em português do Brasil; cada página tem uma versão em markdown no mesmo endereço com o sufixo .md.`,
    [
      `Para agentes: peça qualquer página com \`Accept: text/markdown\` ou acrescente \`.md\` ao endereço (a página inicial é ${origin}/index.md). Dados estruturados do site estão em ${origin}/agentes/catalogo.json e ${origin}/agentes/indice.json; a API pública v1 é somente leitura e o token é gratuito (${origin}/auth.md).`,
      companyParagraph(),
      'A seção Optional reúne o que não é página: endpoints (MCP, /ask), a especificação OpenAPI, arquivos JSON e JSON Lines, o sitemap e os outros índices.',
    ],
    [
      { titulo: 'Páginas principais', links: bySection(model, 'inicio', 'institucional', 'precos', 'agentes').map(link) },
      { titulo: 'Soluções', links: bySection(model, 'solucoes').map(link) },
      { titulo: 'Objetivos de negócio', links: bySection(model, 'objetivos').map(link) },
      { titulo: PAID_DIAGNOSTIC.nome, links: bySection(model, 'diagnostico-de-visibilidade').map(link) },
      { titulo: 'Blog', links: bySection(model, 'blog').map(link) },
      { titulo: 'Temas do blog', links: listings(model, 'themes').map(link) },
      { titulo: 'Autores', links: bySection(model, 'autores').map(link) },
      { titulo: 'Interfaces para agentes', links: agentDocLinks(origin) },
      {
        // Not pages: endpoints, data files and other indexes (see agentEndpointLinks).
        titulo: 'Optional',
        links: [
          ...agentEndpointLinks(origin),
          { nome: 'Conteúdo completo em um arquivo', url: `${origin}/llms-full.txt` },
          ...(['solucoes', 'blog', 'diagnostico-de-visibilidade', 'api'] as const).map((s) => ({
            nome: `llms.txt da área ${s === 'api' ? 'API' : SECTIONS[s]}`,
            url: `${origin}/${s}/llms.txt`,
          })),
          { nome: 'Feed de soluções (JSON Lines, schema.org)', url: `${origin}/feeds/solucoes.jsonl` },
          { nome: 'Feed de artigos (JSON Lines, schema.org)', url: `${origin}/feeds/artigos.jsonl` },
          { nome: 'Sitemap', url: `${origin}/sitemap.xml` },
        ],
      },
    ],
  );
}

export function sectionLlms(section: 'solucoes' | 'blog' | 'diagnostico-de-visibilidade' | 'api', model: SiteModel, origin = siteOrigin()): string {
  const link = (p: SitePage) => pageLink(p, origin);
  switch (section) {
    case 'solucoes':
      return renderLlms(
        `${SITE_NAME}: soluções`,
        'Catálogo de soluções da consultoria e as cinco portas de entrada por objetivo de negócio.',
        [`Preços: ${origin}/pricing.md. Catálogo estruturado: ${origin}/agentes/catalogo.json.`],
        [
          { titulo: 'Soluções', links: bySection(model, 'solucoes').map(link) },
          { titulo: 'Objetivos de negócio', links: bySection(model, 'objetivos').map(link) },
        ],
      );
    case 'blog':
      return renderLlms(
        `${SITE_NAME}: blog`,
        'Artigos sobre visibilidade em buscas, motores generativos e prontidão de sites para agentes de IA.',
        [`Feed RSS: ${origin}${FEED_PATH}. Feed em JSON Lines (schema.org BlogPosting): ${origin}/feeds/artigos.jsonl.`],
        [
          { titulo: 'Artigos', links: bySection(model, 'blog').map(link) },
          // Every page of every listing (the blog's later pages, each theme's pages), for agents that walk them.
          { titulo: 'Listas de artigos (temas e páginas do blog)', links: listings(model, 'all').map(link) },
        ],
      );
    case 'diagnostico-de-visibilidade':
      return renderLlms(
        `${SITE_NAME}: diagnóstico de visibilidade`,
        `O ${PAID_DIAGNOSTIC.nome} (pago) e a ${FREE_TOOL.nome}.`,
        [`A medição gratuita é feita na página ${origin}${MEASURE_PATH}; leituras registradas podem ser lidas pela API (${origin}/api/ia/leitura?site=<domínio>).`],
        [{ titulo: 'Páginas', links: bySection(model, 'diagnostico-de-visibilidade').map(link) }],
      );
    case 'api':
      return renderLlms(
        `${SITE_NAME}: API e interfaces para agentes`,
        'API REST pública v1 (somente leitura), servidores MCP, busca /ask e arquivos de descoberta.',
        [
          `Sem cadastro: POST ${origin}/agent/identity com {"type":"anonymous"}, depois POST ${origin}/agent/token com o grant JWT-bearer. Escopos: site.read e prontidao.read. Sandbox sem token em ${origin}/api/v1/sandbox/.`,
        ],
        [
          { titulo: 'Documentação', links: agentInterfaceLinks(origin) },
          {
            titulo: 'Descoberta',
            links: [
              { nome: 'Catálogo ARD de recursos para agentes (v0.91)', url: `${origin}${ARD_PATH}` },
              { nome: 'API catalog (RFC 9727)', url: `${origin}/.well-known/api-catalog` },
              { nome: 'Metadados do recurso protegido (RFC 9728)', url: `${origin}/.well-known/oauth-protected-resource` },
              { nome: 'Metadados do servidor de autorização (RFC 8414)', url: `${origin}/.well-known/oauth-authorization-server` },
              { nome: 'Cartão do servidor MCP', url: `${origin}/.well-known/mcp/server-card.json` },
              { nome: 'Cartão do servidor MCP de documentação', url: `${origin}/.well-known/mcp/docs/server-card.json` },
              { nome: 'Agent card (A2A)', url: `${origin}/.well-known/agent-card.json` },
              { nome: 'Agent skills', url: `${origin}/.well-known/agent-skills/index.json` },
              { nome: 'Descoberta MCP (os dois servidores)', url: `${origin}/.well-known/mcp.json` },
              { nome: 'Cartão SEP-2127 do servidor MCP', url: `${origin}/mcp/server-card`, nota: 'application/mcp-server-card+json' },
              { nome: 'Cartão SEP-2127 do servidor MCP de documentação', url: `${origin}/mcp/docs/server-card` },
              { nome: 'WebMCP', url: `${origin}/webmcp.js`, nota: 'ferramentas somente leitura registradas no navegador (document.modelContext)' },
            ],
          },
          ...agentToolSections(origin),
          { titulo: 'Páginas', links: bySection(model, 'agentes').map(link) },
        ],
      );
  }
}

/** The order of llms-full.txt: every page with content of its own but the articles (site order, home first), then the articles, newest first. */
export const llmsFullOrder = (model: SiteModel): SitePage[] => [...indexedPages(model).filter((p) => p.kind !== 'artigo'), ...model.artigos];
