import { LLMS_FULL_MAX_CHARS } from '../../../src/model/llms.ts';
import { splitFrontMatter } from '../analysis/front-matter.ts';
import { looksLikeHtml } from '../analysis/llms.ts';
import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

/** A one-line preamble before the first title (starlight-llms-txt writes `<SYSTEM>…</SYSTEM>`). */
const SYSTEM_PREAMBLE = /^\s*<SYSTEM>[^\n]{0,500}<\/SYSTEM>\s*/;

/**
 * Whether the file opens with a `#` title, once what generators put before it is set aside: a one-line
 * `<SYSTEM>` preamble (starlight-llms-txt) or a YAML front matter block per page (vitepress-plugin-llms
 * writes `url:` and `description:` before each page's title).
 */
export function opensWithTitle(text: string): boolean {
  const { rest } = splitFrontMatter(text.trimStart());
  return /^\s*#\s+\S/.test(rest.replace(SYSTEM_PREAMBLE, ''));
}

export const llmsFullTxt: CheckDefinition = {
  id: 'llms-full-txt',
  nome: 'llms-full.txt publicado',
  camada: 'descoberta',
  severidade: 'baixa',
  titulo: 'Não há llms-full.txt com o conteúdo completo',
  tituloParcial: 'O llms-full.txt existe, mas é curto, grande demais ou sem títulos',
  porque: 'O llms-full.txt reúne o conteúdo do site num único arquivo de texto: um agente carrega tudo de uma vez, sem dezenas de requisições.',
  comoCorrigir: 'Publique /llms-full.txt em markdown com o conteúdo das páginas principais (título # no início e um ## por página, até 5 milhões de caracteres), gerado na publicação do site.',
  referencia: 'https://llmstxt.org/',
  async run(ctx) {
    const probe = await ctx.get('/llms-full.txt', { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.5', maxBytes: 5 * 1024 * 1024 });
    if (!isResponse(probe)) return failed(`Não foi possível ler /llms-full.txt: ${probe.message}.`, { evidencias: [ctx.evidence(probe)] });
    const status = { evidencias: [ctx.evidence(probe, { em: 'status' as const, decisivo: `HTTP ${probe.status}` })] };
    if (probe.status !== 200) return failed(`/llms-full.txt respondeu ${probe.status}.`, status);
    const firstLine = probe.body.trimStart().split('\n', 1)[0] ?? '';
    const body = { evidencias: [ctx.evidence(probe, { em: 'corpo' as const, decisivo: `primeira linha: ${firstLine.slice(0, 200)}` })] };
    if (looksLikeHtml(probe.body)) return failed('/llms-full.txt devolve HTML.', body);
    const headings = (probe.body.match(/^#{1,2}\s+\S/gm) ?? []).length;
    if (probe.body.length < 500) return partial(0.5, `/llms-full.txt tem só ${probe.body.length} caracteres.`, { ...body, titulo: 'O llms-full.txt é curto demais para reunir o conteúdo' });
    if (!opensWithTitle(probe.body) || headings < 2) {
      return partial(0.5, `/llms-full.txt não começa com um título # (depois de um preâmbulo ou de um bloco YAML) ou tem menos de dois títulos (${headings}).`, {
        ...body,
        titulo: 'O llms-full.txt não começa com um título ou tem títulos de menos',
      });
    }
    // Readers load it whole and refuse the largest (isitagentready fails a file over 5 million characters).
    if (probe.truncated || probe.body.length > LLMS_FULL_MAX_CHARS)
      return partial(
        0.5,
        `/llms-full.txt passa de ${LLMS_FULL_MAX_CHARS.toLocaleString('pt-BR')} caracteres${probe.truncated ? ' (lido até 5 MiB)' : ` (${probe.body.length.toLocaleString('pt-BR')})`}: leitores carregam o arquivo inteiro e recusam os maiores. Reúna as páginas principais e deixe as demais para o llms.txt.`,
        { ...body, titulo: 'O llms-full.txt é grande demais para os leitores' },
      );
    return passed(`/llms-full.txt com ${probe.body.length.toLocaleString('pt-BR')} caracteres e ${headings} títulos.`, body);
  },
};
