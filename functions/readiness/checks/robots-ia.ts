import { AI_AGENTS } from '../../../src/model/ai-agents.ts';
import { isAllowed } from '../analysis/robots.ts';
import { isResponse } from '../context.ts';
import { TETOS } from '../scoring.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

export const robotsIa: CheckDefinition = {
  id: 'robots-ia',
  nome: 'Robôs de IA podem ler o site',
  camada: 'acesso',
  severidade: 'critica',
  titulo: 'Robôs de IA estão bloqueados no robots.txt',
  tituloParcial: 'Alguns robôs de IA estão bloqueados no robots.txt',
  porque:
    'Assistentes como ChatGPT, Claude e Perplexity só citam o que os seus robôs de busca e de usuário podem ler. Um Disallow: / para esses robôs (ou para todos, sem exceção para eles) torna o site invisível nas respostas de IA.',
  comoCorrigir:
    'No robots.txt, permita a página inicial e o conteúdo público aos robôs de busca e de usuário das IAs (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, Claude-User, PerplexityBot, Perplexity-User…). Para recusar apenas o uso em treinamento, bloqueie só os robôs de treinamento (GPTBot, ClaudeBot, CCBot) ou use Content-Signal: ai-train=no.',
  referencia: 'https://www.rfc-editor.org/rfc/rfc9309',
  async run(ctx) {
    const info = await ctx.robots();
    const teto = { nota: TETOS.robosDeIaBloqueados, motivo: 'robôs de IA bloqueados no robots.txt' };
    if (isResponse(info.probe) && info.probe.status >= 500) {
      return failed(`/robots.txt respondeu ${info.probe.status}; pela RFC 9309 os robôs entendem que nada pode ser lido.`, {
        teto,
        comoCorrigir: 'Faça /robots.txt responder 200 (ou 404, se não houver regras): um erro 5xx equivale a proibir todos os robôs.',
      });
    }
    const file = info.file;
    if (!file) return passed(isResponse(info.probe) && info.probe.status >= 400 ? `/robots.txt respondeu ${info.probe.status}: pela RFC 9309 nenhum robô de IA está bloqueado.` : 'Sem robots.txt legível: nenhuma regra bloqueia os robôs de IA.');
    const home = new URL(ctx.home.finalUrl).pathname || '/';
    const blocked: (typeof AI_AGENTS)[number][] = [];
    for (const agent of AI_AGENTS) {
      await ctx.deadline.pause();
      if (!isAllowed(file, agent.token, '/') || !isAllowed(file, agent.token, home)) blocked.push(agent);
    }
    const answering = blocked.filter((a) => a.tipo !== 'treinamento');
    const training = blocked.filter((a) => a.tipo === 'treinamento');
    if (answering.length > 0) {
      return failed(`Bloqueados para a página inicial: ${answering.map((a) => a.token).join(', ')}.`, { teto });
    }
    if (training.length > 0) {
      return partial(
        0.75,
        `Os robôs de busca e de usuário das IAs podem ler o site; os de treinamento estão bloqueados (${training.map((a) => a.token).join(', ')}). É uma escolha legítima: declare-a também com Content-Signal: ai-train=no.`,
        { comoCorrigir: 'Se a intenção é só recusar treinamento, mantenha o bloqueio e publique Content-Signal: ai-train=no, search=yes, ai-input=yes no robots.txt.' },
      );
    }
    return passed(`Nenhum dos ${AI_AGENTS.length} robôs de IA conhecidos está bloqueado para a página inicial.`);
  },
};
