import { randomBytes } from 'node:crypto';
import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

export const statusHttp: CheckDefinition = {
  id: 'status-http',
  nome: 'Páginas inexistentes respondem 404',
  camada: 'acesso',
  severidade: 'media',
  titulo: 'Páginas inexistentes respondem 200 (soft 404)',
  porque:
    'Robôs e agentes usam o código HTTP para saber se uma página existe. Quando um endereço inexistente responde 200, o agente não distingue conteúdo de erro e pode citar ou indexar uma página vazia.',
  comoCorrigir: 'Configure o servidor para responder 404 (ou 410) a endereços que não existem, mantendo uma página de erro útil para pessoas.',
  async run(ctx) {
    const path = `/sinal-cognitivo-verificacao-${randomBytes(6).toString('hex')}`;
    const probe = await ctx.get(path, { accept: 'text/html', followRedirects: false, maxBytes: 256 * 1024 });
    if (!isResponse(probe)) return failed(`Não foi possível testar um endereço inexistente: ${probe.message}.`);
    if (probe.status === 404 || probe.status === 410) return passed(`Um endereço inexistente respondeu ${probe.status}.`);
    if (probe.status >= 300 && probe.status < 400) return partial(0.5, `Um endereço inexistente redireciona (${probe.status}) em vez de responder 404.`);
    if (probe.status === 200) return failed('Um endereço inexistente respondeu 200 (soft 404).');
    return partial(0.5, `Um endereço inexistente respondeu ${probe.status} em vez de 404.`);
  },
};
