import { isResponse } from '../context.ts';
import { siteText } from '../evidence.ts';
import { type CheckDefinition, failed, passed } from './types.ts';

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
    if (info.file) return passed(`${new URL(info.url).pathname} publicado (${info.text.length.toLocaleString('pt-BR')} caracteres).`, { evidencias: [ctx.evidence(info.probe, { em: 'corpo' })] });
    if (!isResponse(info.probe)) return failed(`Não foi possível ler /llms.txt: ${siteText(info.probe.message)}.`, { evidencias: [ctx.evidence(info.probe)] });
    if (info.probe.status === 200) {
      return failed('/llms.txt responde 200, mas com HTML ou vazio.', { evidencias: [ctx.evidence(info.probe, { em: 'cabecalho', decisivo: `Content-Type: ${info.probe.headers.get('content-type') ?? 'ausente'}` })] });
    }
    return failed(`/llms.txt respondeu ${info.probe.status}.`, { evidencias: [ctx.evidence(info.probe, { em: 'status', decisivo: `HTTP ${info.probe.status}` })] });
  },
};
