import { siteText } from '../evidence.ts';
import { llmsLeadsNowhere } from './llms-txt-links.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** Mintlify's limits: above 100,000 characters agents truncate it; above 50,000 it is already heavy. */
export const LLMS_MAX_CHARS = 100_000;
export const LLMS_WARN_CHARS = 50_000;

export const llmsTxtValido: CheckDefinition = {
  id: 'llms-txt-valido',
  nome: 'llms.txt bem formado',
  camada: 'descoberta',
  severidade: 'media',
  titulo: 'O llms.txt não segue o formato esperado',
  tituloParcial: 'O llms.txt segue o formato só em parte',
  porque:
    'Agentes leem o llms.txt de forma mecânica: esperam o título (#) na primeira linha, um resumo (>) e seções (##) com listas de links. Fora desse formato, ou grande demais, ele é truncado ou mal interpretado.',
  comoCorrigir:
    'Comece com # Nome do site, depois > resumo de uma ou duas frases, e organize os links em seções ## com itens - [Título](url): descrição. Mantenha o arquivo abaixo de 50 mil caracteres (mova o conteúdo longo para llms-full.txt).',
  referencia: 'https://llmstxt.org/',
  dependeDe: 'llms-txt',
  async run(ctx) {
    const { file, probe, text } = await ctx.llms();
    if (!file) return failed('Sem llms.txt para validar.', { evidencias: [ctx.evidence(probe, { em: 'status' })] });
    const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
    const evidencias = [ctx.evidence(probe, { em: 'corpo', decisivo: `primeira linha: ${firstLine.slice(0, 200)}` })];
    if (await llmsLeadsNowhere(ctx)) return failed('O llms.txt tem a forma de um índice, mas nenhum dos seus links funciona: o formato não vale sem destino.', { evidencias });
    const issues: string[] = [];
    let credit = 1;
    if (!file.hasH1) {
      issues.push('a primeira linha não é um título # Nome');
      credit -= 0.5;
    }
    if (!file.hasSummary) {
      issues.push('sem resumo em blockquote (>)');
      credit -= 0.2;
    }
    const listed = file.sections.filter((s) => s.links > 0);
    if (listed.length === 0) {
      issues.push('nenhuma seção ## com lista de links');
      credit -= 0.3;
    } else if (file.sections.some((s) => s.strayLines > s.links)) {
      issues.push('há seções com mais texto solto do que links');
      credit -= 0.1;
    }
    if (file.chars > LLMS_MAX_CHARS) {
      issues.push(`${file.chars.toLocaleString('pt-BR')} caracteres (acima de ${LLMS_MAX_CHARS.toLocaleString('pt-BR')})`);
      credit -= 0.3;
    } else if (file.chars > LLMS_WARN_CHARS) {
      issues.push(`${file.chars.toLocaleString('pt-BR')} caracteres (acima de ${LLMS_WARN_CHARS.toLocaleString('pt-BR')}, pesado para agentes)`);
      credit -= 0.1;
    }
    if (issues.length === 0) return passed(`Título ${siteText(file.title)}, resumo e ${plural(listed.length, 'seção', 'seções')} com ${plural(file.links.length, 'link', 'links')}.`, { evidencias });
    return partial(credit, `llms.txt com problemas: ${issues.join('; ')}.`, { evidencias });
  },
};
