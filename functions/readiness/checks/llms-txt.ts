import { isResponse } from '../context.ts';
import { examples, siteText } from '../evidence.ts';
import { linkAnswer, llmsLeadsNowhere } from './llms-txt-links.ts';
import { type CheckDefinition, failed, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const llmsTxt: CheckDefinition = {
  id: 'llms-txt',
  nome: 'llms.txt publicado',
  camada: 'descoberta',
  severidade: 'alta',
  titulo: 'O site não publica /llms.txt',
  porque:
    'O llms.txt é o índice do site escrito para modelos de linguagem: um resumo e a lista das páginas importantes com links para as suas versões em markdown. É por ele que agentes encontram rapidamente o conteúdo certo sem rastrear o site inteiro.',
  comoCorrigir:
    'Publique /llms.txt em markdown: um título com # Nome, um resumo com >, e seções ## com listas de links - [Título](https://…/pagina.md): descrição, apontando para as páginas mais importantes.',
  referencia: 'https://llmstxt.org/',
  async run(ctx) {
    const info = await ctx.llms();
    const dead = info.file ? await llmsLeadsNowhere(ctx) : undefined;
    if (dead) {
      return failed(
        `${new URL(info.url).pathname} publicado, mas nenhum dos ${plural(dead.length, 'link', 'links')} para o próprio site funciona (${examples(dead.map((l) => l.url), 2)}: ${dead.slice(0, 2).map(linkAnswer).join(', ')}): um índice que não leva a nenhuma página não serve aos agentes.`,
        {
          titulo: 'O llms.txt não leva a nenhuma página que funcione',
          comoCorrigir: 'Corrija os links do llms.txt para os endereços publicados (de preferência as versões .md das páginas), gerando o arquivo a partir da mesma fonte das páginas, e confira que cada link responde 200.',
          evidencias: [ctx.evidence(dead[0]!.probe!, { em: 'status', decisivo: `HTTP ${linkAnswer(dead[0]!)}` }), ctx.evidence(info.probe, { em: 'corpo' })],
        },
      );
    }
    if (info.file) return passed(`${new URL(info.url).pathname} publicado (${info.text.length.toLocaleString('pt-BR')} caracteres).`, { evidencias: [ctx.evidence(info.probe, { em: 'corpo' })] });
    if (!isResponse(info.probe)) return failed(`Não foi possível ler /llms.txt: ${siteText(info.probe.message)}.`, { evidencias: [ctx.evidence(info.probe)] });
    if (info.probe.status === 200) {
      return failed('/llms.txt responde 200, mas com HTML ou vazio.', { evidencias: [ctx.evidence(info.probe, { em: 'cabecalho', decisivo: `Content-Type: ${info.probe.headers.get('content-type') ?? 'ausente'}` })] });
    }
    return failed(`/llms.txt respondeu ${info.probe.status}.`, { evidencias: [ctx.evidence(info.probe, { em: 'status', decisivo: `HTTP ${info.probe.status}` })] });
  },
};
