/**
 * AFDocs' page size for markdown: the files llms.txt links to are read whole by agents, which truncate past
 * about 100,000 characters. llms-full.txt is meant to be large and has its own check.
 */
import { isResponse } from '../context.ts';
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
  porque:
    'Agentes leem cada arquivo apontado pelo llms.txt de uma vez e cortam o que passa de cerca de 100 mil caracteres: o fim de uma página longa demais simplesmente não é lido.',
  comoCorrigir:
    'Divida as páginas que passam de 100 mil caracteres em partes menores, cada uma com o seu link no llms.txt, e deixe o conteúdo completo para o llms-full.txt.',
  referencia: 'https://github.com/agent-ecosystem/afdocs',
  dependeDe: 'llms-txt',
  async run(ctx) {
    if (!(await ctx.llms()).file) return failed('Sem llms.txt.');
    const files = (await ctx.llmsLinks()).filter((l) => !l.endpoint && !new URL(l.url).pathname.endsWith('/llms-full.txt'));
    const read = files.flatMap((l) => (l.probe && isResponse(l.probe) && l.probe.status === 200 ? [{ url: l.url, chars: l.probe.body.length, truncated: l.probe.truncated }] : []));
    if (read.length === 0) return notApplicable('Nenhuma página listada no llms.txt pôde ser lida para medir o tamanho.');
    const large = read.filter((f) => f.truncated || f.chars > LINKED_FILE_MAX_CHARS);
    const detail = `${read.length - large.length} de ${plural(read.length, 'arquivo listado', 'arquivos listados')} no llms.txt com até ${LINKED_FILE_MAX_CHARS.toLocaleString('pt-BR')} caracteres${large.length ? `; maiores: ${large.slice(0, 3).map((f) => `${new URL(f.url).pathname} (${f.truncated ? 'lido só em parte' : f.chars.toLocaleString('pt-BR')})`).join(', ')}` : ''}.`;
    return partial((read.length - large.length) / read.length, detail);
  },
};
