/**
 * Tools of the documentation MCP server (`POST /mcp/docs`): the machine documents the site publishes
 * (llms.txt files, /auth.md, /pricing.md, /api/versioning.md) and the agent overview page, exactly as served.
 */
import { MARKDOWN_MEDIA_TYPE } from '../../src/model/media-types.ts';
import { routeOf, twinOf, twinUrl } from '../../src/model/routes.ts';
import type { IndexEntry, SiteData } from '../content/site-data.ts';
import { MCP_TOOLS } from '../../src/model/mcp.ts';
import { type ToolDefinition, dataResult, defineTool, foldText, toolError } from './registry.ts';

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

const summary = ({ conteudo: _c, ...rest }: DocFile) => rest;

const listDocs = defineTool(MCP_TOOLS.list_docs, async (_input, context) => {
  const documentos = docFiles(context.data, context.origin).map(summary);
  const text = documentos.map((d) => `- ${d.caminho}: ${d.titulo}${d.descricao ? `. ${d.descricao}` : ''}`).join('\n');
  return dataResult(`${documentos.length} documentos:\n${text}`, { total: documentos.length, documentos });
});

const getDoc = defineTool(MCP_TOOLS.get_doc, async ({ caminho }, context) => {
  const docs = docFiles(context.data, context.origin);
  const doc = findDoc(docs, caminho);
  if (!doc) return toolError(`Documento não encontrado: "${caminho}". Documentos disponíveis: ${docs.map((d) => d.caminho).join(', ')}.`);
  return dataResult(doc.conteudo, { ...doc });
});

const searchDocs = defineTool(MCP_TOOLS.search_docs, async ({ consulta, limite }, context) => {
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
});

const getLlmsTxt = defineTool(MCP_TOOLS.get_llms_txt, async ({ secao }, context) => {
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
});

/** The tools of `POST /mcp/docs`, in the order `tools/list` gives them. */
export const DOCS_TOOLS: readonly ToolDefinition[] = [listDocs, getDoc, searchDocs, getLlmsTxt];
