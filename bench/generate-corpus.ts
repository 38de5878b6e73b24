/**
 * Synthetic blog corpus for the build benchmark: N pt-BR-like articles of 600–900 words with headings,
 * lists, valid frontmatter (checked against artigoSchema) and 1–3 links to real routes of the site.
 * Deterministic: article i depends only on (seed, i), so the first 1,000 articles of the 5,000 corpus are
 * the 1,000 corpus. Output goes under bench/.corpus/ (gitignored) or wherever `dir` points; never commit it.
 *
 * Standalone: node bench/generate-corpus.ts <count> [dir]
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { artigoSchema } from '../src/model/content.ts';
import { mulberry32 } from '../scripts/lib/prng.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const CORPUS_DIR = join(ROOT, 'bench/.corpus');
export const DEFAULT_SEED = 20_260_611;

const prng = mulberry32;

const SUJEITOS = [
  'o mecanismo de busca', 'a equipe de conteúdo', 'cada página do site', 'o robô de rastreamento', 'um agente de IA',
  'a resposta generativa', 'o time de marketing', 'a versão em markdown', 'o sitemap', 'quem edita o conteúdo',
  'o assistente de pesquisa', 'a loja virtual', 'o relatório mensal', 'a página de produto', 'o buscador',
  'o modelo de linguagem', 'a marca', 'o cliente', 'a área de produto', 'o desenvolvedor responsável',
  'o índice de busca', 'a estratégia de conteúdo', 'o painel de indicadores', 'a página de categoria',
];
const VERBOS = [
  'analisa', 'prioriza', 'descreve', 'mede', 'compara', 'organiza', 'revisa', 'publica', 'cita', 'encontra',
  'interpreta', 'resume', 'atualiza', 'valida', 'indexa', 'recomenda', 'explica', 'acompanha', 'corrige', 'reforça',
];
const OBJETOS = [
  'os dados estruturados da página', 'o título e a descrição', 'as perguntas mais frequentes dos clientes',
  'a fonte mais confiável', 'o trecho que responde à pergunta', 'as páginas fora do índice', 'o conteúdo renderizado',
  'a reputação da marca', 'os links internos', 'a data da última atualização', 'o preço público do serviço',
  'as entidades citadas no texto', 'a política de rastreamento', 'o tempo de resposta do servidor',
  'a intenção de busca', 'os sinais de autoria', 'a estrutura dos cabeçalhos', 'o arquivo llms.txt',
  'a presença em respostas de IA', 'o tráfego orgânico', 'as citações da concorrência', 'a página canônica',
];
const COMPLEMENTOS = [
  'antes de cada publicação', 'com critérios claros', 'sem depender de JavaScript', 'em poucos segundos',
  'a cada nova versão do site', 'para o público certo', 'ao longo do trimestre', 'de forma consistente',
  'com base em dados reais', 'sem ruído desnecessário', 'em linguagem simples', 'para cada região atendida',
  'desde o primeiro rastreamento', 'com apoio do time técnico', 'em todas as páginas importantes',
];
const CONECTORES = ['Além disso, ', 'Na prática, ', 'Por isso, ', 'Em muitos casos, ', 'Ainda assim, ', 'Depois disso, ', 'Com o tempo, ', 'Por outro lado, '];
const TEMAS = [
  'Visibilidade em buscas', 'Motores generativos', 'Prontidão para agentes', 'Dados estruturados', 'SEO técnico',
  'Conteúdo citável', 'Busca local', 'Rastreadores de IA', 'Markdown para agentes', 'Medição de citações',
];
const SUBTITULOS = [
  'o que mudou e o que fazer agora', 'um guia prático para equipes pequenas', 'erros comuns e como evitá-los',
  'como medir antes de investir', 'o básico bem feito', 'um roteiro em cinco passos', 'perguntas que valem a pena',
  'o que os dados mostram', 'como priorizar o trabalho', 'checklist para o próximo trimestre',
];
const CABECALHOS = [
  'Por onde começar', 'O que observar primeiro', 'Como medir o resultado', 'Erros que custam caro',
  'O papel do conteúdo', 'Quando chamar o time técnico', 'O que muda para o negócio', 'Próximos passos',
  'Um exemplo concreto', 'O que não fazer',
];
/** The authors of content/autores (the build rejects an article whose author has no page there). */
const AUTORES = ['Marina Albuquerque', 'Beatriz Nogueira', 'Rafael Tavares'];
const TAGS = [
  'visibilidade cognitiva', 'motores generativos', 'SEO técnico', 'dados estruturados', 'llms.txt', 'agentes de IA',
  'markdown', 'busca local', 'estratégia de conteúdo', 'medição', 'robots.txt', 'rastreamento', 'indexação', 'citações',
];

export interface CorpusOptions {
  seed?: number;
  /** Root-relative routes the articles may link to (must exist in the site). */
  links: string[];
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pad = (n: number) => String(n).padStart(5, '0');

/** The real routes an article can link to: section pages, solutions, objectives and real articles. */
export async function realLinkTargets(contentDir = join(ROOT, 'content')): Promise<string[]> {
  const slugs = async (folder: string) =>
    (await readdir(join(contentDir, folder)).catch(() => [] as string[]))
      .filter((f) => /\.mdx?$/.test(f))
      .map((f) => f.replace(/\.mdx?$/, ''))
      .sort();
  const pages = new Set(await slugs('paginas'));
  const sections = ['solucoes', 'objetivos', 'blog', 'contato', 'diagnostico-de-visibilidade'].filter((p) => pages.has(p)).map((p) => `/${p}`);
  return [
    ...sections,
    ...(await slugs('solucoes')).map((s) => `/solucoes/${s}`),
    ...(await slugs('objetivos')).map((s) => `/objetivos/${s}`),
    ...(await slugs('blog')).map((s) => `/blog/${s}`),
  ];
}

/** One article: file name and markdown source. */
export function generateArticle(index: number, options: CorpusOptions): { file: string; source: string } {
  const rand = prng((options.seed ?? DEFAULT_SEED) ^ Math.imul(index + 1, 0x9e3779b1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

  const sentence = (): string => {
    const connector = rand() < 0.25 ? pick(CONECTORES) : '';
    const core = `${pick(SUJEITOS)} ${pick(VERBOS)} ${pick(OBJETOS)}${rand() < 0.6 ? ` ${pick(COMPLEMENTOS)}` : ''}`;
    return `${connector ? connector + core : capitalize(core)}.`;
  };
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

  const tema = pick(TEMAS);
  const titulo = `${tema}: ${pick(SUBTITULOS)} (${index + 1})`;
  let descricao = `${capitalize(pick(SUJEITOS))} ${pick(VERBOS)} ${pick(OBJETOS)} ${pick(COMPLEMENTOS)}. Um artigo sobre ${tema.toLowerCase()}.`;
  if (descricao.length < 50) descricao += ' Leitura para equipes de marketing e produto.';
  if (descricao.length > 170) descricao = `${descricao.slice(0, 166).trimEnd()}…`;

  const year = between(2019, 2026);
  const published = new Date(Date.UTC(year, between(0, 11), between(1, 28)));
  const updated = rand() < 0.4 ? new Date(published.getTime() + between(5, 300) * 86_400_000) : undefined;
  const tagCount = between(1, 4);
  const tags = [...new Set(Array.from({ length: tagCount }, () => pick(TAGS)))];
  const data = { titulo, descricao, autor: pick(AUTORES), publicadoEm: published, atualizadoEm: updated, tags };
  artigoSchema.parse(data); // the generator only writes valid frontmatter

  const target = between(600, 780); // the last paragraph and list overshoot it by up to ~120 words
  const linkCount = between(1, 3);
  const blocks: string[] = [];
  let count = 0;
  let links = 0;
  let lists = 0;
  while (count < target) {
    if (blocks.length > 0 && blocks.length % 4 === 0) {
      const heading = `## ${pick(CABECALHOS)}`;
      blocks.push(heading);
      count += words(heading);
    }
    let paragraph = Array.from({ length: between(3, 6) }, sentence).join(' ');
    if (links < linkCount && rand() < 0.5) {
      paragraph += ` Veja também [${pick(OBJETOS)}](${pick(options.links)}).`;
      links++;
    }
    blocks.push(paragraph);
    count += words(paragraph);
    if (lists < 2 && rand() < 0.2) {
      const list = Array.from({ length: between(3, 5) }, () => `- ${capitalize(pick(OBJETOS))} ${pick(COMPLEMENTOS)}.`).join('\n');
      blocks.push(list);
      count += words(list);
      lists++;
    }
  }
  while (links < linkCount) {
    blocks.push(`Leia também: [${pick(OBJETOS)}](${pick(options.links)}).`);
    links++;
  }

  const day = (d: Date) => d.toISOString().slice(0, 10);
  const frontmatter = [
    '---',
    `titulo: ${JSON.stringify(titulo)}`,
    `descricao: ${JSON.stringify(descricao)}`,
    `autor: ${JSON.stringify(data.autor)}`,
    `publicadoEm: ${day(published)}`,
    ...(updated ? [`atualizadoEm: ${day(updated)}`] : []),
    `tags: ${JSON.stringify(tags)}`,
    '---',
  ].join('\n');
  return { file: `corpus-${pad(index + 1)}.md`, source: `${frontmatter}\n\n${blocks.join('\n\n')}\n` };
}

/** Write `count` articles into `dir` (emptied first). Returns the file names. */
export async function generateCorpus(dir: string, count: number, options?: Partial<CorpusOptions>): Promise<string[]> {
  const links = options?.links ?? (await realLinkTargets());
  if (!links.length) throw new Error('nenhuma rota real encontrada em content/ para os links internos');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const { file, source } = generateArticle(i, { seed: options?.seed, links });
    await writeFile(join(dir, file), source);
    files.push(file);
  }
  return files;
}

if (import.meta.main) {
  const count = Number(process.argv[2] ?? 1000);
  if (!Number.isInteger(count) || count < 1) throw new Error('uso: node bench/generate-corpus.ts <quantidade> [pasta]');
  const dir = process.argv[3] ?? join(CORPUS_DIR, String(count));
  const files = await generateCorpus(dir, count);
  console.log(`${files.length} artigos gerados em ${dir}`);
}
