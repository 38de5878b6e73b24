import { AI_AGENT_KINDS, AI_AGENTS, type AiAgent, type AiAgentKind, ANSWERING_KINDS } from '../../../src/model/ai-agents.ts';
import { decide, type RobotsDecision, robotsPathOf } from '../analysis/robots.ts';
import { isResponse } from '../context.ts';
import type { RobotsDecisoes } from '../../../src/model/reading.ts';
import { TETOS } from '../scoring.ts';
import { type CheckDefinition, type CheckOutcome, failed, partial, passed } from './types.ts';

/**
 * What any AI block costs (the share of the weight kept): blocking only training crawlers, on any page read,
 * keeps 60% of the weight. The price is "a little" (4 of 10 points, about 3 points of the nota of a content
 * site) but more than the 3.5 points a robots.txt earns over none (`robots-txt`, `ROBOTS_ABSENT_CREDIT`), so a
 * training-only block never outranks the same site allowing everything, with or without a robots.txt.
 */
export const ROBOTS_BLOCK_CREDIT = 0.6;

/**
 * The cap applies when the site shuts AI search and user agents out of its content broadly: at least this
 * share of the (search or user agent × page read) pairs is blocked. Below it, the credit falls in proportion.
 */
export const ROBOTS_CAP_SHARE = 1 / 3;

/** Blocking decisions kept in the result data (one per blocked agent first, then by page). */
export const ROBOTS_EXAMPLES_MAX = 30;

interface Blocked {
  agent: AiAgent;
  page: string;
  decision: RobotsDecision & { rule: NonNullable<RobotsDecision['rule']> };
}

const CLASS_NAMES: Record<AiAgentKind, string> = { busca: 'de busca', usuario: 'de usuário', treinamento: 'de treinamento' };
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const tokens = (agents: readonly AiAgent[], max = 6): string =>
  agents.length <= max ? agents.map((a) => a.token).join(', ') : `${agents.slice(0, max).map((a) => a.token).join(', ')} e mais ${agents.length - max}`;

/** "PerplexityBot em 12 de 12 páginas (linha 9: Disallow: /)", per blocked agent. */
function perAgent(blocked: readonly Blocked[], pages: number, max = 4): string {
  const byAgent = new Map<AiAgent, Blocked[]>();
  for (const b of blocked) byAgent.set(b.agent, [...(byAgent.get(b.agent) ?? []), b]);
  const parts = [...byAgent].slice(0, max).map(([agent, list]) => {
    const first = (list[0] as Blocked).decision.rule;
    return `${agent.token} em ${list.length} de ${plural(pages, 'página', 'páginas')} (linha ${first.line}: ${first.text})`;
  });
  if (byAgent.size > max) parts.push(`mais ${plural(byAgent.size - max, 'robô', 'robôs')}`);
  return parts.join('; ');
}

/** The blocking decisions kept as evidence: the first page of each blocked agent, then the others by page. */
function examples(blocked: readonly Blocked[]): Blocked[] {
  const firsts: Blocked[] = [];
  const seen = new Set<AiAgent>();
  for (const b of blocked) {
    if (seen.has(b.agent)) continue;
    seen.add(b.agent);
    firsts.push(b);
  }
  const rest = blocked.filter((b) => !firsts.includes(b));
  return [...firsts, ...rest].slice(0, ROBOTS_EXAMPLES_MAX);
}

export const robotsIa: CheckDefinition = {
  id: 'robots-ia',
  nome: 'Robôs de IA podem ler o site',
  camada: 'acesso',
  severidade: 'critica',
  titulo: 'Robôs de IA estão bloqueados no robots.txt',
  tituloParcial: 'Alguns robôs de IA estão bloqueados no robots.txt',
  porque:
    'Assistentes como ChatGPT, Claude e Perplexity só citam o que os seus robôs de busca e de usuário podem ler. Um Disallow para esses robôs (ou para todos, sem exceção para eles) tira as páginas fechadas das respostas de IA; fechar a maior parte do conteúdo torna o site invisível nelas.',
  comoCorrigir:
    'No robots.txt, permita a página inicial e o conteúdo público aos robôs de busca e de usuário das IAs (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, Claude-User, PerplexityBot, Perplexity-User…). Para recusar apenas o uso em treinamento, bloqueie só os robôs de treinamento (GPTBot, ClaudeBot, CCBot) ou use Content-Signal: ai-train=no.',
  referencia: 'https://www.rfc-editor.org/rfc/rfc9309',
  async run(ctx) {
    const info = await ctx.robots();
    const status = isResponse(info.probe) ? info.probe.status : null;
    const evidence = (paginas: number, classes: RobotsDecisoes['classes'] = [], blocked: readonly Blocked[] = []): Pick<CheckOutcome, 'robots'> => ({
      robots: {
        url: info.url,
        status,
        paginas,
        classes,
        bloqueios: examples(blocked).map((b) => ({ url: b.page, agente: b.agent.token, classe: b.agent.tipo, linha: b.decision.rule.line, regra: b.decision.rule.text })),
        bloqueiosTotal: blocked.length,
      },
    });
    const teto = { nota: TETOS.robosDeIaBloqueados, motivo: 'robôs de IA bloqueados no robots.txt' };
    if (status !== null && status >= 500) {
      return failed(`/robots.txt respondeu ${status}; pela RFC 9309 os robôs entendem que nada pode ser lido.`, {
        teto,
        comoCorrigir: 'Faça /robots.txt responder 200 (ou 404, se não houver regras): um erro 5xx equivale a proibir todos os robôs.',
        ...evidence(0),
      });
    }
    const file = info.file;
    if (!file) {
      return {
        ...passed(status !== null && status >= 400 ? `/robots.txt respondeu ${status}: pela RFC 9309 nenhum robô de IA está bloqueado.` : 'Sem robots.txt legível: nenhuma regra bloqueia os robôs de IA.'),
        ...evidence(0),
      };
    }

    // Every page read: the site's root, the home page (after its redirects) and the sampled pages.
    const byPath = new Map<string, string>();
    for (const url of [ctx.url('/'), ctx.home.finalUrl, ...(await ctx.samplePages()).map((p) => p.url)]) {
      const path = robotsPathOf(url);
      if (!byPath.has(path)) byPath.set(path, url);
    }
    const pages = [...byPath];
    const blocked: Blocked[] = [];
    const classes = AI_AGENT_KINDS.map((classe) => ({ classe, agentes: 0, bloqueados: [] as string[], paginasFechadas: 0, pares: 0, paresBloqueados: 0 }));
    const closedPages = new Map<AiAgentKind, Set<string>>(AI_AGENT_KINDS.map((k) => [k, new Set()]));
    for (const agent of AI_AGENTS) {
      await ctx.deadline.pause();
      const stats = classes.find((c) => c.classe === agent.tipo) as (typeof classes)[number];
      stats.agentes++;
      for (const [path, page] of pages) {
        // One decision reads every rule of the applicable groups (up to 500 KiB of them): a slice each.
        await ctx.deadline.pause();
        stats.pares++;
        const decision = decide(file, agent.token, path);
        if (decision.allowed || !decision.rule) continue;
        stats.paresBloqueados++;
        if (!stats.bloqueados.includes(agent.token)) stats.bloqueados.push(agent.token);
        closedPages.get(agent.tipo)?.add(path);
        blocked.push({ agent, page, decision: decision as Blocked['decision'] });
      }
    }
    for (const stats of classes) stats.paginasFechadas = closedPages.get(stats.classe)?.size ?? 0;
    // Report order: by page, then by class and agent (the answer engines first).
    const order = new Map(pages.map(([, page], i) => [page, i]));
    blocked.sort((a, b) => (order.get(a.page) ?? 0) - (order.get(b.page) ?? 0) || AI_AGENT_KINDS.indexOf(a.agent.tipo) - AI_AGENT_KINDS.indexOf(b.agent.tipo));

    const answering = classes.filter((c) => ANSWERING_KINDS.has(c.classe));
    const pairs = answering.reduce((n, c) => n + c.pares, 0);
    const shut = answering.reduce((n, c) => n + c.paresBloqueados, 0);
    const share = pairs ? shut / pairs : 0;
    const answeringBlocked = blocked.filter((b) => ANSWERING_KINDS.has(b.agent.tipo));
    const trainingBlocked = blocked.filter((b) => !ANSWERING_KINDS.has(b.agent.tipo));
    const data = evidence(pages.length, classes, blocked);
    const read = `todas as páginas lidas (${pages.length}: a raiz, a inicial e as da amostra)`;

    if (blocked.length === 0) return { ...passed(`Os ${AI_AGENTS.length} robôs de IA conhecidos podem ler ${read}.`), ...data };

    const trainingAgents = AI_AGENTS.filter((a) => trainingBlocked.some((b) => b.agent === a));
    const trainingNote = trainingAgents.length ? ` Treinamento bloqueado: ${tokens(trainingAgents)}.` : '';
    if (answeringBlocked.length === 0) {
      return {
        ...partial(
          ROBOTS_BLOCK_CREDIT,
          `Os robôs de busca e de usuário das IAs podem ler ${read}; os de treinamento estão bloqueados: ${perAgent(trainingBlocked, pages.length)}. É uma escolha legítima, que custa pouco: declare-a também com Content-Signal: ai-train=no.`,
          { comoCorrigir: 'Se a intenção é só recusar treinamento, mantenha o bloqueio e publique Content-Signal: ai-train=no, search=yes, ai-input=yes no robots.txt.' },
        ),
        ...data,
      };
    }

    const answeringAgents = AI_AGENTS.filter((a) => answeringBlocked.some((b) => b.agent === a));
    const percent = Math.round(share * 100);
    const lines = [...new Set(answeringBlocked.map((b) => b.decision.rule.line))].slice(0, 3).join(', ');
    const detail = `Robôs de busca e de usuário das IAs bloqueados em ${percent}% dos pares robô × página (${shut} de ${pairs}; ${plural(answeringAgents.length, 'robô', 'robôs')} de ${answering.reduce((n, c) => n + c.agentes, 0)}): ${perAgent(answeringBlocked, pages.length)}.${trainingNote}`;
    const fix = `Libere no robots.txt os robôs ${AI_AGENT_KINDS.filter((k) => ANSWERING_KINDS.has(k) && answeringAgents.some((a) => a.tipo === k)).map((k) => CLASS_NAMES[k]).join(' e ')} bloqueados (${tokens(answeringAgents)}) nas páginas de conteúdo: revise a linha ${lines}. Para recusar só o treinamento, bloqueie apenas os robôs de treinamento (GPTBot, ClaudeBot, CCBot…) ou use Content-Signal: ai-train=no.`;
    if (share >= ROBOTS_CAP_SHARE) return { ...failed(`${detail} O conteúdo fica, em grande parte, fora das respostas de IA.`, { teto, comoCorrigir: fix }), ...data };
    return { ...partial(ROBOTS_BLOCK_CREDIT * (1 - share), detail, { comoCorrigir: fix }), ...data };
  },
};
