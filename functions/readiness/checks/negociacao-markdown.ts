import { looksLikeHtml } from '../analysis/llms.ts';
import { isResponse, ok200, type Probe } from '../context.ts';
import { type Evidence, examples, headerLine } from '../evidence.ts';
import type { FetchedResponse } from '../fetch/safe-fetch.ts';
import { type CheckDefinition, failed, partial } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

export const MARKDOWN_ACCEPT = 'text/markdown, text/html;q=0.9';
/** Pages asked first; when none of them negotiates, the rest of the sample is not asked. */
const FIRST_PAGES = 5;

type Negotiated = { url: string; credit: number; seen: string; vary?: boolean; evidence: Evidence } | undefined;

export const negociacaoMarkdown: CheckDefinition = {
  id: 'negociacao-markdown',
  nome: 'Negociação Accept: text/markdown',
  camada: 'conteudo',
  severidade: 'alta',
  titulo: 'O servidor ignora Accept: text/markdown',
  tituloParcial: 'A negociação Accept: text/markdown funciona só em parte',
  porque:
    'Agentes como Claude Code, Cursor e OpenCode pedem a página com Accept: text/markdown. Quando o servidor responde markdown ao mesmo endereço, o agente recebe o conteúdo limpo sem precisar conhecer outro endereço.',
  comoCorrigir:
    'Quando o cabeçalho Accept preferir text/markdown, responda o mesmo endereço com o conteúdo em markdown (Content-Type: text/markdown) e envie Vary: Accept nas duas variantes, para que caches não misturem HTML e markdown.',
  referencia: 'https://developers.cloudflare.com/fundamentals/reference/markdown-for-agents/',
  async run(ctx) {
    const sampled = (await ctx.samplePages()).flatMap((p) => (ok200(p.probe) && p.analysis ? [{ url: p.url, html: p.probe }] : []));
    const pages = [{ url: ctx.home.finalUrl, html: ctx.home }, ...sampled];
    const probeOf = async (page: { url: string; html: FetchedResponse }): Promise<Negotiated> => {
      const probe: Probe | undefined = page.url === ctx.home.finalUrl ? await ctx.get(page.url, { accept: MARKDOWN_ACCEPT }) : await ctx.sampleGet(page.url, { accept: MARKDOWN_ACCEPT });
      if (!probe) return undefined;
      const { url } = page;
      if (!isResponse(probe)) return { url, credit: 0, seen: probe.message, evidence: ctx.evidence(probe) };
      if (probe.status !== 200) return { url, credit: 0, seen: `HTTP ${probe.status}`, evidence: ctx.evidence(probe, { em: 'status', decisivo: `HTTP ${probe.status}` }) };
      const type = ctx.evidence(probe, { em: 'cabecalho', decisivo: headerLine(probe.headers, 'Content-Type') });
      const isMarkdown = (probe.contentType === 'text/markdown' || probe.contentType === 'text/x-markdown') && !looksLikeHtml(probe.body);
      if (!isMarkdown) return { url, credit: 0, seen: `${probe.contentType || 'sem Content-Type'}${looksLikeHtml(probe.body) ? ' com HTML' : ''}`, evidence: type };
      const vary = /\baccept\b/i.test(probe.headers.get('vary') ?? '');
      const htmlVary = /\baccept\b/i.test(page.html.headers.get('vary') ?? '');
      const evidence = vary && htmlVary ? type : ctx.evidence(vary ? page.html : probe, { em: 'cabecalho', decisivo: headerLine((vary ? page.html : probe).headers, 'Vary') });
      return { url, credit: vary && htmlVary ? 1 : 0.75, seen: probe.contentType, vary: vary && htmlVary, evidence };
    };
    // The first pages decide whether the server negotiates at all; only then is the whole sample asked.
    const first = await Promise.all(pages.slice(0, FIRST_PAGES).map(probeOf));
    const negotiates = first.some((r) => r && r.credit > 0);
    const rest = negotiates ? await Promise.all(pages.slice(FIRST_PAGES).map(probeOf)) : [];
    const results = [...first, ...rest].filter((r): r is NonNullable<Negotiated> => !!r);
    const home = first[0];
    if (!negotiates) {
      return failed(`Com Accept: text/markdown a página inicial respondeu ${home?.seen ?? 'sem resposta'}; nenhuma de ${plural(results.length, 'página amostrada', 'páginas amostradas')} respondeu markdown.`, {
        evidencias: results.slice(0, 3).map((r) => r.evidence),
      });
    }
    const markdown = results.filter((r) => r.credit > 0);
    const html = results.filter((r) => r.credit === 0);
    const withoutVary = markdown.filter((r) => !r.vary);
    const detail = `${markdown.length} de ${plural(results.length, 'página amostrada', 'páginas amostradas')} ${agree(markdown.length, 'responde', 'respondem')} markdown a Accept: text/markdown${html.length ? `; não respondem: ${examples(html.map((r) => r.url))}` : ''}${withoutVary.length ? `; ${withoutVary.length} sem Vary: Accept nas duas variantes` : ', com Vary: Accept nas duas variantes'}.`;
    const evidencias = [...html, ...withoutVary, ...markdown].slice(0, 3).map((r) => r.evidence);
    return partial(results.reduce((sum, r) => sum + r.credit, 0) / results.length, detail, {
      evidencias,
      ...(withoutVary.length ? { comoCorrigir: 'Envie Vary: Accept tanto na resposta HTML quanto na markdown, para que caches e CDNs não sirvam uma no lugar da outra.' } : {}),
      ...(!html.length && withoutVary.length ? { titulo: 'As respostas em markdown não enviam Vary: Accept' } : {}),
    });
  },
};
