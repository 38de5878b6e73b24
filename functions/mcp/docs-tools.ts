/**
 * Tools of the documentation MCP server (`POST /mcp/docs`): the machine documents the site publishes
 * (llms.txt files, /auth.md, /pricing.md, /api/versioning.md) and the agent overview page, exactly as served.
 */
import { z } from 'zod';
import { MARKDOWN_MEDIA_TYPE } from '../../src/model/media-types.ts';
import { routeOf, twinOf, twinUrl } from '../../src/model/routes.ts';
import type { IndexEntry, SiteData } from '../content/site-data.ts';
import { searchResultSchema } from '../../src/model/resources.ts';
import { READ_ONLY, type ToolDefinition, dataResult, defineTool, foldText, toolError } from './registry.ts';

/** Documents of `data.documentos` that are not documentation (crawler rules). */
const NOT_DOCS = new Set(['/robots.txt']);
/** Listed and readable, but kept out of `search_docs`: it repeats every page of the site. */
const NOT_SEARCHED = new Set(['/llms-full.txt']);
/** Site pages that belong to the documentation (the agent and developer overview). */
const DOC_PAGES = ['agentes'];

export interface DocFile {
  caminho: string;
  url: string;
  titulo: string;
  descricao: string;
  tipo: string;
  /** Size in bytes (UTF-8). */
  tamanho: number;
  conteudo: string;
}

const firstLine = (text: string, prefix: string): string | undefined =>
  text
    .split('\n')
    .find((l) => l.startsWith(prefix))
    ?.slice(prefix.length)
    .trim();

const encoder = new TextEncoder();

/** The documentation set, from the published site data (same bytes as served). */
export function docFiles(data: SiteData, origin: string): DocFile[] {
  const docs: DocFile[] = data.documentos
    .filter((d) => !NOT_DOCS.has(d.caminho))
    .map((d) => ({
      caminho: d.caminho,
      url: `${origin}${d.caminho}`,
      titulo: firstLine(d.conteudo, '# ') ?? d.caminho,
      descricao: firstLine(d.conteudo, '> ') ?? '',
      tipo: d.caminho.endsWith('.md') ? MARKDOWN_MEDIA_TYPE : 'text/plain',
      tamanho: encoder.encode(d.conteudo).byteLength,
      conteudo: d.conteudo,
    }));
  for (const rota of DOC_PAGES) {
    const page = data.paginas.find((p) => p.rota === rota);
    if (!page) continue;
    docs.push({
      caminho: twinOf(rota),
      url: twinUrl(origin, rota),
      titulo: page.titulo,
      descricao: page.descricao,
      tipo: MARKDOWN_MEDIA_TYPE,
      tamanho: encoder.encode(page.markdown).byteLength,
      conteudo: page.markdown,
    });
  }
  return docs;
}

/** The entries the shared search engine indexes for `search_docs` (`rota` carries the path). */
export const docSearchEntries = (docs: readonly DocFile[]): IndexEntry[] =>
  docs
    .filter((d) => !NOT_SEARCHED.has(d.caminho))
    .map((d) => ({ rota: d.caminho, url: d.url, titulo: d.titulo, descricao: d.descricao, secao: 'documentacao', lastmod: '', texto: d.conteudo }));

/** Accepts `/auth.md`, `auth.md`, an absolute URL or a page route (`agentes`). */
export function findDoc<T extends { caminho: string }>(docs: readonly T[], input: string): T | undefined {
  let path = input.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      /* keep as typed */
    }
  }
  path = `/${path.split(/[?#]/)[0]!.replace(/^\/+/, '')}`.toLowerCase();
  return docs.find((d) => d.caminho === path) ?? docs.find((d) => d.caminho === twinOf(routeOf(path)) || d.caminho === `${path.replace(/\/$/, '')}/llms.txt`);
}

/** `## ` blocks of an llms.txt file: the heading text and the block (heading included). */
export function llmsBlocks(text: string): { titulo: string; bloco: string }[] {
  const parts = text.split(/^(?=## )/m).slice(1);
  return parts.map((bloco) => ({ titulo: bloco.slice(3, bloco.indexOf('\n') === -1 ? undefined : bloco.indexOf('\n')).trim(), bloco: `${bloco.trimEnd()}\n` }));
}

const docSummary = z.object({
  caminho: z.string().describe('caminho do documento (use em get_doc)'),
  url: z.string(),
  titulo: z.string(),
  descricao: z.string(),
  tipo: z.string().describe('tipo de mídia servido'),
  tamanho: z.number().int().describe('tamanho em bytes'),
});

const summary = ({ conteudo: _c, ...rest }: DocFile) => rest;

const listDocs = defineTool({
  name: 'list_docs',
  title: 'Listar a documentação',
  description:
    'Lista os documentos para agentes e desenvolvedores: llms.txt (raiz e por área), llms-full.txt, /auth.md (token gratuito da API), /pricing.md, /api/versioning.md e a página de visão geral para agentes. Use get_doc para ler um deles.',
  inputSchema: z.object({}),
  outputSchema: z.object({ total: z.number().int(), documentos: z.array(docSummary) }),
  annotations: READ_ONLY,
  async handler(_input, context) {
    const documentos = docFiles(context.data, context.origin).map(summary);
    const text = documentos.map((d) => `- ${d.caminho}: ${d.titulo}${d.descricao ? `. ${d.descricao}` : ''}`).join('\n');
    return dataResult(`${documentos.length} documentos:\n${text}`, { total: documentos.length, documentos });
  },
});

const getDoc = defineTool({
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
  async handler({ caminho }, context) {
    const docs = docFiles(context.data, context.origin);
    const doc = findDoc(docs, caminho);
    if (!doc) return toolError(`Documento não encontrado: "${caminho}". Documentos disponíveis: ${docs.map((d) => d.caminho).join(', ')}.`);
    return dataResult(doc.conteudo, { ...doc });
  },
});

const searchDocs = defineTool({
  name: 'search_docs',
  title: 'Buscar na documentação',
  description:
    'Busca por palavras-chave (a mesma busca lexical do site) nos documentos para agentes: autenticação da API, versionamento, preços, llms.txt e a visão geral para agentes. Devolve os documentos mais relevantes com trecho.',
  inputSchema: z.object({
    consulta: z.string().trim().min(1, 'Informe o que buscar.').max(500).describe('Palavras-chave (ex.: "token", "escopos", "Idempotency-Key", "sandbox").'),
    limite: z.number().int().min(1).max(20).default(5).describe('Número máximo de resultados, de 1 a 20 (padrão 5).'),
  }),
  outputSchema: z.object({
    consulta: z.string(),
    total: z.number().int(),
    // The site search's result (src/model/resources.ts), with the document's path in place of the page route.
    resultados: z.array(searchResultSchema.omit({ rota: true, secao: true }).extend({ caminho: z.string().describe('caminho do documento (use em get_doc)') })),
  }),
  annotations: READ_ONLY,
  async handler({ consulta, limite }, context) {
    const resultados = context.docsSearch.search(consulta, { limite }).map((r) => ({
      caminho: r.rota,
      url: r.url,
      titulo: r.titulo,
      descricao: r.descricao,
      pontuacao: Math.round(r.pontuacao * 1000) / 1000,
      trecho: r.trecho,
    }));
    const text = resultados.length
      ? `${resultados.length} documento(s) para "${consulta}":\n${resultados.map((r, i) => `${i + 1}. ${r.titulo} (${r.caminho})${r.trecho ? `\n   Trecho: ${r.trecho}` : ''}`).join('\n')}\n\nUse get_doc com o caminho para ler o documento inteiro.`
      : `Nenhum documento contém os termos de "${consulta}". Veja list_docs.`;
    return dataResult(text, { consulta, total: resultados.length, resultados });
  },
});

const getLlmsTxt = defineTool({
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
  async handler({ secao }, context) {
    const doc = context.data.documentos.find((d) => d.caminho === '/llms.txt');
    if (!doc) return toolError('O /llms.txt não está disponível neste momento.');
    const blocks = llmsBlocks(doc.conteudo);
    const secoes = blocks.map((b) => b.titulo);
    const base = { caminho: '/llms.txt' as const, url: `${context.origin}/llms.txt`, secoes };
    if (!secao) return dataResult(doc.conteudo, { ...base, secao: null, conteudo: doc.conteudo });
    const key = foldText(secao).replace(/^#+\s*/, '');
    const block = blocks.find((b) => foldText(b.titulo) === key) ?? blocks.find((b) => foldText(b.titulo).includes(key));
    if (!block) return toolError(`Seção não encontrada no /llms.txt: "${secao}". Seções disponíveis: ${secoes.join(', ')}.`);
    return dataResult(block.bloco, { ...base, secao: block.titulo, conteudo: block.bloco });
  },
});

/** The tools of `POST /mcp/docs`, in the order `tools/list` gives them. */
export const DOCS_TOOLS: readonly ToolDefinition[] = [listDocs, getDoc, searchDocs, getLlmsTxt];
