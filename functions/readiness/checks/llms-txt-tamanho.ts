/**
 * AFDocs' page size for markdown: the files llms.txt links to are read whole by agents, which truncate past
 * about 100,000 characters. llms-full.txt is meant to be large and has its own check.
 */
import { isResponse } from '../context.ts';
import { sitePath } from '../evidence.ts';
import { llmsLeadsNowhere } from './llms-txt-links.ts';
import { type CheckDefinition, failed, notApplicable, partial } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** Characters an agent reads of one fetched file before truncating it. */
export const LINKED_FILE_MAX_CHARS = 100_000;

export const llmsTxtTamanho: CheckDefinition = {
  id: 'llms-txt-tamanho',
  nome: 'Arquivos do llms.txt cabem no contexto',
  camada: 'descoberta',
  severidade: 'baixa',
  titulo: 'Arquivos listados no llms.txt são grandes demais para agentes',
  tituloParcial: 'Parte dos arquivos listados no llms.txt é grande demais para agentes',
  porque:
    'Agentes leem cada arquivo apontado pelo llms.txt de uma vez e cortam o que passa de cerca de 100 mil caracteres: o fim de uma página longa demais simplesmente não é lido.',
  comoCorrigir:
    'Divida as páginas que passam de 100 mil caracteres em partes menores, cada uma com o seu link no llms.txt, e deixe o conteúdo completo para o llms-full.txt.',
  referencia: 'https://github.com/agent-ecosystem/afdocs',
  dependeDe: 'llms-txt',
  async run(ctx) {
    const index = await ctx.llms();
    if (!index.file) return failed('Sem llms.txt.', { evidencias: [ctx.evidence(index.probe, { em: 'status' })] });
    const files = (await ctx.llmsLinks()).filter((l) => !l.endpoint && !new URL(l.url).pathname.endsWith('/llms-full.txt'));
    const read = files.flatMap((l) => (l.probe && isResponse(l.probe) && l.probe.status === 200 ? [{ url: l.url, probe: l.probe, chars: l.probe.body.length, truncated: l.probe.truncated }] : []));
    if (await llmsLeadsNowhere(ctx)) return failed('Nenhum arquivo listado no llms.txt pôde ser lido: nenhum link funciona.', { evidencias: [ctx.evidence(index.probe, { em: 'corpo' })] });
    if (read.length === 0) return notApplicable('Nenhuma página listada no llms.txt pôde ser lida para medir o tamanho.', { evidencias: [ctx.evidence(index.probe, { em: 'corpo' })] });
    const large = read.filter((f) => f.truncated || f.chars > LINKED_FILE_MAX_CHARS);
    const size = (f: (typeof read)[number]) => (f.truncated ? 'lido só em parte' : `${f.chars.toLocaleString('pt-BR')} caracteres`);
    const detail = `${read.length - large.length} de ${plural(read.length, 'arquivo listado', 'arquivos listados')} no llms.txt com até ${LINKED_FILE_MAX_CHARS.toLocaleString('pt-BR')} caracteres${large.length ? `; maiores: ${large.slice(0, 3).map((f) => `${sitePath(f.url)} (${size(f)})`).join(', ')}` : ''}.`;
    const evidencias = (large.length ? large : read).slice(0, 3).map((f) => ctx.evidence(f.probe, { em: 'corpo', decisivo: size(f) }));
    return partial((read.length - large.length) / read.length, detail, { evidencias });
  },
};
