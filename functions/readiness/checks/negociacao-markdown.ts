import { looksLikeHtml } from '../analysis/llms.ts';
import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

export const MARKDOWN_ACCEPT = 'text/markdown, text/html;q=0.9';

export const negociacaoMarkdown: CheckDefinition = {
  id: 'negociacao-markdown',
  nome: 'Negociação Accept: text/markdown',
  camada: 'conteudo',
  severidade: 'alta',
  titulo: 'O servidor ignora Accept: text/markdown',
  porque:
    'Agentes como Claude Code, Cursor e OpenCode pedem a página com Accept: text/markdown. Quando o servidor responde markdown ao mesmo endereço, o agente recebe o conteúdo limpo sem precisar conhecer outro endereço.',
  comoCorrigir:
    'Quando o cabeçalho Accept preferir text/markdown, responda o mesmo endereço com o conteúdo em markdown (Content-Type: text/markdown) e envie Vary: Accept nas duas variantes, para que caches não misturem HTML e markdown.',
  referencia: 'https://developers.cloudflare.com/fundamentals/reference/markdown-for-agents/',
  async run(ctx) {
    const probe = await ctx.get(ctx.home.finalUrl, { accept: MARKDOWN_ACCEPT });
    if (!isResponse(probe)) return failed(`A requisição com Accept: text/markdown falhou: ${probe.message}.`);
    if (probe.status !== 200) return failed(`Com Accept: text/markdown a página inicial respondeu ${probe.status}.`);
    const isMarkdown = (probe.contentType === 'text/markdown' || probe.contentType === 'text/x-markdown') && !looksLikeHtml(probe.body);
    if (!isMarkdown) return failed(`Com Accept: text/markdown a página inicial respondeu ${probe.contentType || 'sem Content-Type'}${looksLikeHtml(probe.body) ? ' com HTML' : ''}.`);
    const vary = /\baccept\b/i.test(probe.headers.get('vary') ?? '');
    const htmlVary = /\baccept\b/i.test(ctx.home.headers.get('vary') ?? '');
    if (vary && htmlVary) return passed(`Responde ${probe.contentType} com Vary: Accept nas duas variantes.`);
    return partial(0.75, `Responde ${probe.contentType}, mas sem Vary: Accept ${vary ? 'na variante HTML' : 'na resposta markdown'}.`, {
      comoCorrigir: 'Envie Vary: Accept tanto na resposta HTML quanto na markdown, para que caches e CDNs não sirvam uma no lugar da outra.',
    });
  },
};
