/**
 * The MCP facts, declared once: the protocol revisions the servers speak, the two servers' identities and the tool
 * catalogue (name, title, description, input and output schemas, annotations). The servers answer `tools/list` from
 * it (functions/mcp/, where each tool's handler is bound to its entry here), and the build writes the discovery
 * cards, the agent skills, the A2A card's skills and llms.txt from the same entries, so what a card announces is what
 * `tools/list` answers. Pure declarations: no handler, no data.
 */
import { z } from 'zod';
import { tiposDeSolucao } from './content.ts';
import { FREE_TOOL, PAID_DIAGNOSTIC } from './offer.ts';
import { MCP_PATHS } from './paths.ts';
import { loadPrices } from './prices.ts';
import { envelopeSchema } from './reading.ts';
import { objectiveSchema, pageSchema, pricesSchema, productSchema, searchResultSchema, solutionSchema } from './resources.ts';
import { MAX_QUERY_LENGTH, SEARCH_RESULTS } from './search.ts';

// ---------------------------------------------------------------------------------------------------------
// Protocol revisions

/** The current revision (modern era). */
export const MODERN_VERSION = '2026-07-28';
/** Legacy revisions honoured in full, newest first. */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
/** Every revision the servers answer (the `supportedVersions` of `server/discover` and of the cards). */
export const SUPPORTED_VERSIONS: readonly string[] = [MODERN_VERSION, ...LEGACY_VERSIONS];
/** What a legacy request without `MCP-Protocol-Version` is (2025-06-18 and later: "SHOULD assume 2025-03-26"). */
export const HEADERLESS_VERSION = '2025-03-26';

/**
 * What both servers declare: tools and resources, with neither `listChanged` nor `subscribe` (a stateless
 * server has no stream to send those notifications on; the lists change only with a deploy, and their
 * `ttlMs` says how long a client may keep them).
 */
export const MCP_CAPABILITIES = { tools: {}, resources: {} } as const;

/** Version of both servers; a removed or renamed tool is an incompatible change (contract, Versioning 7). */
export const MCP_SERVER_VERSION = '1.0.0';

// ---------------------------------------------------------------------------------------------------------
// The tool catalogue

export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** A tool as `tools/list` announces it; the handler is bound in functions/mcp/ (`defineTool`). */
export interface McpToolSpec<N extends string = string, I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: N;
  title: string;
  /** pt-BR, says what the tool returns and when to use it. */
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: typeof READ_ONLY;
}

/** Declares a tool (keeps its name and schemas typed, so its handler's input is). */
const tool = <N extends string, I extends z.ZodObject, O extends z.ZodObject>(spec: McpToolSpec<N, I, O>): McpToolSpec<N, I, O> => spec;

/** A search result as the tools return it: the API's result plus the address of the page's markdown twin. */
export const searchHitSchema = searchResultSchema.extend({
  markdown: z.url().describe('Endereço da versão em markdown da página.'),
});

export const hirePathSchema = z.object({
  id: z.string().describe('id do produto ou slug da solução'),
  nome: z.string(),
  tipo: z.enum(['pago', 'gratuito', 'sob-proposta']),
  preco: z.string(),
  prazo: z.string(),
  comoContratar: z.string(),
  url: z.string().describe('página onde contratar ou começar'),
});

export type SearchHit = z.infer<typeof searchHitSchema>;
export type HirePath = z.infer<typeof hirePathSchema>;

const produtoInput = z
  .string()
  .trim()
  .min(1, 'Informe um produto ou deixe o campo vazio.')
  .max(200)
  .optional()
  .describe(
    `Produto ou solução (opcional): id de um produto com preço público (${loadPrices()
      .produtos.map((p) => p.id)
      .join(', ')}), slug ou rota de uma solução do catálogo (ex.: seo-tecnico) ou parte do nome. Vazio: todos.`,
  );

const readinessOutput = envelopeSchema.extend({
  ausente: z.boolean().describe('true quando não há leitura registrada do domínio'),
  medirEm: z.string().optional().describe('página onde a medição gratuita é feita (sempre presente quando ausente=true)'),
});

const docSummary = z.object({
  caminho: z.string().describe('caminho do documento (use em get_doc)'),
  url: z.string(),
  titulo: z.string(),
  descricao: z.string(),
  tipo: z.string().describe('tipo de mídia servido'),
  tamanho: z.number().int().describe('tamanho em bytes'),
});

/** Results of the connectors' `search` (OpenAI's format). */
export const CONNECTOR_SEARCH_LIMIT = 10;

const getReadinessScore = tool({
  name: 'get_readiness_score',
  title: 'Leitura de prontidão para IA',
  description:
    'Devolve a leitura registrada de prontidão para IA de um domínio: nota de 0 a 100, grau (A+ a F), camadas e lacunas. Nunca mede: quando não há leitura, devolve ausente=true e o endereço da página onde a medição gratuita é feita.',
  inputSchema: z.object({
    dominio: z
      .string()
      .trim()
      .min(1, 'Informe um domínio, por exemplo exemplo.com.br.')
      .max(1024)
      .describe('Domínio do site, sem http:// e sem caminho (ex.: exemplo.com.br). Um endereço completo também é aceito: vale o nome do host.'),
  }),
  outputSchema: readinessOutput,
  annotations: READ_ONLY,
});

const searchSite = tool({
  name: 'search_site',
  title: 'Buscar no site',
  description:
    'Busca por palavras-chave (lexical, sem ranking semântico) no título, na descrição e no texto de todas as páginas do site: soluções, objetivos, blog, preços, diagnóstico e documentação para agentes. Devolve as páginas mais relevantes com endereço, versão em markdown e trecho.',
  inputSchema: z.object({
    consulta: z.string().trim().min(1, 'Informe o que buscar.').max(MAX_QUERY_LENGTH).describe('Palavras-chave em português (ex.: "dados estruturados", "llms.txt", "preço do diagnóstico").'),
    limite: z
      .number()
      .int()
      .min(SEARCH_RESULTS.min)
      .max(SEARCH_RESULTS.max)
      .default(SEARCH_RESULTS.default)
      .describe(`Número máximo de resultados, de ${SEARCH_RESULTS.min} a ${SEARCH_RESULTS.max} (padrão ${SEARCH_RESULTS.default}).`),
  }),
  outputSchema: z.object({
    consulta: z.string(),
    total: z.number().int().describe('número de resultados devolvidos'),
    resultados: z.array(searchHitSchema),
  }),
  annotations: READ_ONLY,
});

const getPage = tool({
  name: 'get_page',
  title: 'Ler uma página',
  description:
    'Devolve uma página do site inteira em markdown (o mesmo conteúdo de `<rota>.md`), com título, descrição, seção e data da última modificação. Use search_site para descobrir a rota.',
  inputSchema: z.object({
    rota: z
      .string()
      .trim()
      .min(1, 'Informe a rota da página; a página inicial é "index".')
      .max(500)
      .describe('Rota da página sem barra inicial (ex.: solucoes/seo-tecnico); a página inicial é "index". Também aceita o caminho (/blog/...), o endereço completo ou a versão .md.'),
  }),
  outputSchema: pageSchema,
  annotations: READ_ONLY,
});

const listServices = tool({
  name: 'list_services',
  title: 'Catálogo de soluções',
  description:
    'Lista as soluções (serviços) da consultoria com resumo, público, entregáveis, prazo, preço e como contratar, e os objetivos de negócio que levam a elas. Filtros opcionais por tipo e por termo.',
  inputSchema: z.object({
    tipo: z.enum(tiposDeSolucao).optional().describe(`Tipo de solução (opcional): ${tiposDeSolucao.join(', ')}.`),
    termo: z.string().trim().min(1, 'Informe um termo ou deixe o campo vazio.').max(200).optional().describe('Termo que deve aparecer no nome, descrição, resumo, público ou entregáveis (opcional; sem diferença de acentos ou maiúsculas).'),
  }),
  outputSchema: z.object({
    total: z.number().int(),
    filtros: z.object({ tipo: z.string().nullable(), termo: z.string().nullable() }),
    solucoes: z.array(solutionSchema),
    objetivos: z.array(objectiveSchema).describe('objetivos de negócio que indicam ao menos uma das soluções listadas'),
  }),
  annotations: READ_ONLY,
});

const getPricing = tool({
  name: 'get_pricing',
  title: 'Preços públicos',
  description:
    `Devolve os preços públicos (os mesmos de /pricing.md): o ${PAID_DIAGNOSTIC.nome}, pago, com valor fechado, a ${FREE_TOOL.nome} e a regra dos demais serviços, orçados sob proposta, com as condições de pagamento e a nota fiscal. Opcionalmente filtra por produto ou solução.`,
  inputSchema: z.object({ produto: produtoInput }),
  // The API's prices body (src/model/resources.ts), filtered when `produto` is given, plus the solution asked for.
  outputSchema: pricesSchema.extend({
    produtos: z.array(productSchema).describe('Produtos com preço público (filtrados quando `produto` foi informado).'),
    solucao: solutionSchema
      .pick({ slug: true, titulo: true, preco: true, url: true })
      .optional()
      .describe('a solução do catálogo pedida, quando `produto` é uma solução'),
  }),
  annotations: READ_ONLY,
});

const howToHire = tool({
  name: 'how_to_hire',
  title: 'Como contratar',
  description:
    `Explica como contratar: o ${PAID_DIAGNOSTIC.nome} (pago, preço fechado), a ${FREE_TOOL.nome} (sem cadastro) e os serviços sob proposta, com o contato e a página de cada caminho. Opcionalmente para um produto ou solução específica.`,
  inputSchema: z.object({ produto: produtoInput }),
  outputSchema: z.object({
    caminhos: z.array(hirePathSchema),
    contato: z.object({ email: z.string(), url: z.string().describe('página de contato') }),
  }),
  annotations: READ_ONLY,
});

const search = tool({
  name: 'search',
  title: 'Buscar páginas (formato de conectores)',
  description:
    'Busca por palavras-chave nas páginas do site (a mesma busca de search_site) e devolve as mais relevantes como {results: [{id, title, url}]}, o formato dos conectores da OpenAI (pesquisa aprofundada do ChatGPT). Use fetch com o id para ler a página inteira; é o mesmo conteúdo de get_page.',
  inputSchema: z.object({
    query: z.string().trim().min(1, 'Informe o que buscar.').max(MAX_QUERY_LENGTH).describe('Palavras-chave em português (ex.: "dados estruturados", "preço do diagnóstico").'),
  }),
  outputSchema: z.object({
    results: z
      .array(
        z.object({
          id: z.string().describe('identificador da página (a rota; use em fetch)'),
          title: z.string(),
          url: z.string().describe('endereço da página, para citar'),
        }),
      )
      .describe(`até ${CONNECTOR_SEARCH_LIMIT} páginas, da mais relevante para a menos`),
  }),
  annotations: READ_ONLY,
});

const fetchPage = tool({
  name: 'fetch',
  title: 'Ler uma página (formato de conectores)',
  description:
    'Devolve uma página do site inteira em markdown como {id, title, text, url, metadata}, o formato dos conectores da OpenAI. O id vem de search (a rota da página); também aceita o endereço da página ou a versão .md.',
  inputSchema: z.object({
    id: z.string().trim().min(1, 'Informe o id de um resultado de search.').max(500).describe('id de um resultado de search (a rota, ex.: solucoes/seo-tecnico), o endereço da página ou a versão .md.'),
  }),
  outputSchema: z.object({
    id: z.string(),
    title: z.string(),
    text: z.string().describe('a página inteira em markdown (o mesmo conteúdo de <rota>.md)'),
    url: z.string(),
    metadata: z
      .object({
        descricao: z.string(),
        secao: z.string(),
        lastmod: z.string().describe('data da última modificação'),
        markdownUrl: z.string().describe('endereço da versão em markdown'),
      })
      .optional(),
  }),
  annotations: READ_ONLY,
});

const listDocs = tool({
  name: 'list_docs',
  title: 'Listar a documentação',
  description:
    'Lista os documentos para agentes e desenvolvedores: llms.txt (raiz e por área), llms-full.txt, /auth.md (token gratuito da API), /pricing.md, /api/versioning.md e a página de visão geral para agentes. Use get_doc para ler um deles.',
  inputSchema: z.object({}),
  outputSchema: z.object({ total: z.number().int(), documentos: z.array(docSummary) }),
  annotations: READ_ONLY,
});

const getDoc = tool({
  name: 'get_doc',
  title: 'Ler um documento',
  description: 'Devolve um documento da documentação inteiro, exatamente como servido (markdown ou texto). Caminhos válidos em list_docs.',
  inputSchema: z.object({
    caminho: z
      .string()
      .trim()
      .min(1, 'Informe o caminho do documento, por exemplo /auth.md.')
      .max(500)
      .describe('Caminho do documento, ex.: /auth.md, /api/versioning.md, /llms.txt ou /agentes.md (veja list_docs). Também aceita o endereço completo.'),
  }),
  outputSchema: docSummary.extend({ conteudo: z.string().describe('o documento inteiro') }),
  annotations: READ_ONLY,
});

const searchDocs = tool({
  name: 'search_docs',
  title: 'Buscar na documentação',
  description:
    'Busca por palavras-chave (a mesma busca lexical do site) nos documentos para agentes: autenticação da API, versionamento, preços, llms.txt e a visão geral para agentes. Devolve os documentos mais relevantes com trecho.',
  inputSchema: z.object({
    consulta: z.string().trim().min(1, 'Informe o que buscar.').max(MAX_QUERY_LENGTH).describe('Palavras-chave (ex.: "token", "escopos", "Idempotency-Key", "sandbox").'),
    limite: z
      .number()
      .int()
      .min(SEARCH_RESULTS.min)
      .max(SEARCH_RESULTS.max)
      .default(5)
      .describe(`Número máximo de resultados, de ${SEARCH_RESULTS.min} a ${SEARCH_RESULTS.max} (padrão 5).`),
  }),
  outputSchema: z.object({
    consulta: z.string(),
    total: z.number().int(),
    // The site search's result (src/model/resources.ts), with the document's path in place of the page route.
    resultados: z.array(searchResultSchema.omit({ rota: true, secao: true }).extend({ caminho: z.string().describe('caminho do documento (use em get_doc)') })),
  }),
  annotations: READ_ONLY,
});

const getLlmsTxt = tool({
  name: 'get_llms_txt',
  title: 'Ler o llms.txt',
  description:
    'Devolve o /llms.txt do site (índice para modelos de linguagem, llmstxt.org). Com `secao`, devolve só o bloco `## ` com esse título (ex.: "Soluções", "Blog", "Interfaces para agentes").',
  inputSchema: z.object({
    secao: z
      .string()
      .trim()
      .min(1, 'Informe o título de uma seção ou deixe o campo vazio.')
      .max(200)
      .optional()
      .describe('Título de uma seção `## ` do /llms.txt (opcional; sem diferença de acentos ou maiúsculas). Vazio: o arquivo inteiro.'),
  }),
  outputSchema: z.object({
    caminho: z.literal('/llms.txt'),
    url: z.string(),
    secao: z.string().nullable().describe('título da seção devolvida; null quando é o arquivo inteiro'),
    secoes: z.array(z.string()).describe('títulos das seções `## ` do arquivo'),
    conteudo: z.string(),
  }),
  annotations: READ_ONLY,
});

/** Every tool, by name: the servers bind each handler to its entry (functions/mcp/*-tools.ts). */
export const MCP_TOOLS = {
  get_readiness_score: getReadinessScore,
  search_site: searchSite,
  get_page: getPage,
  list_services: listServices,
  get_pricing: getPricing,
  how_to_hire: howToHire,
  search: search,
  fetch: fetchPage,
  list_docs: listDocs,
  get_doc: getDoc,
  search_docs: searchDocs,
  get_llms_txt: getLlmsTxt,
} as const;

export type McpToolName = keyof typeof MCP_TOOLS;

/** The JSON Schemas of a tool as `tools/list` announces them (the SDK converts zod 4 with these options). */
export function jsonSchemas(spec: McpToolSpec): { inputSchema: Record<string, unknown>; outputSchema: Record<string, unknown> } {
  return {
    inputSchema: z.toJSONSchema(spec.inputSchema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>,
    outputSchema: z.toJSONSchema(spec.outputSchema, { target: 'draft-7', io: 'output' }) as Record<string, unknown>,
  };
}

/** The listing of a tool as `tools/list` gives it: name, title, description, schemas, annotations. */
export function toolListing(spec: McpToolSpec) {
  return { name: spec.name, title: spec.title, description: spec.description, ...jsonSchemas(spec), annotations: spec.annotations };
}

// ---------------------------------------------------------------------------------------------------------
// The two servers

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
  tools: readonly McpToolSpec[];
}

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
    tools: [getReadinessScore, searchSite, getPage, listServices, getPricing, howToHire, search, fetchPage],
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
    tools: [listDocs, getDoc, searchDocs, getLlmsTxt],
  },
};
