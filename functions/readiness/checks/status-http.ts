import { createHash } from 'node:crypto';
import { isResponse } from '../context.ts';
import { siteText } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

export const statusHttp: CheckDefinition = {
  id: 'status-http',
  nome: 'Páginas inexistentes respondem 404',
  camada: 'acesso',
  severidade: 'media',
  titulo: 'Páginas inexistentes respondem 200 (soft 404)',
  tituloParcial: 'Páginas inexistentes não respondem 404',
  porque:
    'Robôs e agentes usam o código HTTP para saber se uma página existe. Quando um endereço inexistente responde 200, o agente não distingue conteúdo de erro e pode citar ou indexar uma página vazia.',
  comoCorrigir: 'Configure o servidor para responder 404 (ou 410) a endereços que não existem, mantendo uma página de erro útil para pessoas.',
  async run(ctx) {
    // The same made-up address for a domain in every reading (two readings of one site stay identical).
    const path = `/sinal-cognitivo-verificacao-${createHash('sha256').update(ctx.domain).digest('hex').slice(0, 12)}`;
    const probe = await ctx.get(path, { accept: 'text/html', followRedirects: false, maxBytes: 256 * 1024 });
    if (!isResponse(probe)) return failed(`Não foi possível testar um endereço inexistente: ${probe.message}.`, { evidencias: [ctx.evidence(probe)] });
    const location = probe.headers.get('location');
    const redirects = probe.status >= 300 && probe.status < 400;
    const evidencias = [ctx.evidence(probe, redirects && location !== null ? { em: 'cabecalho', decisivo: `Location: ${location}` } : { em: 'status', decisivo: `HTTP ${probe.status}` })];
    if (probe.status === 404 || probe.status === 410) return passed(`Um endereço inexistente respondeu ${probe.status}.`, { evidencias });
    if (redirects) return partial(0.5, `Um endereço inexistente redireciona (${probe.status}${location !== null ? ` para ${siteText(location)}` : ''}) em vez de responder 404.`, { evidencias });
    if (probe.status === 200) return failed('Um endereço inexistente respondeu 200 (soft 404).', { evidencias });
    return partial(0.5, `Um endereço inexistente respondeu ${probe.status} em vez de 404.`, { evidencias });
  },
};
