import { AIPREF_TERMS, contentUsageRules, describeContentSignal, describeUsage, LEGACY_AIPREF_TERMS, parseContentUsage, type UsagePreference } from '../analysis/aipref.ts';
import { looksLikeHtml } from '../analysis/llms.ts';
import { parseContentSignal } from '../analysis/robots.ts';
import { ok200 } from '../context.ts';
import { revisionOf, withVerdict } from '../revision.ts';
import { type CheckDefinition, notApplicable } from './types.ts';

/** The vocabulary's rule for several statements: a disallow anywhere wins, then an allow, else unknown. */
function combine(prefs: UsagePreference[]): UsagePreference['terms'] {
  const terms: UsagePreference['terms'] = {};
  for (const term of AIPREF_TERMS) {
    const values = prefs.map((p) => p.terms[term]).filter((v): v is boolean => v !== undefined);
    if (values.length) terms[term] = values.every(Boolean);
  }
  return terms;
}

const yn = (v: boolean) => (v ? 'y' : 'n');

const FIX =
  'Envie em cada resposta o cabeçalho Content-Usage com o vocabulário atual, por exemplo Content-Usage: train-ai=n, search=y (ajuste à sua política), dizendo o mesmo que o seu Content-Signal; se quiser, repita como regra Content-Usage: no grupo User-agent: * do robots.txt.';

export const contentUsage: CheckDefinition = {
  id: 'content-usage',
  nome: 'Preferências de uso do IETF aipref (Content-Usage)',
  camada: 'acesso',
  severidade: 'baixa',
  titulo: 'As preferências de uso para IA (Content-Usage) não estão no vocabulário atual',
  porque:
    'O IETF padroniza como um site diz se o conteúdo pode ser usado para treinar modelos (train-ai) e para busca com link (search, que não inclui resumos gerados): o cabeçalho Content-Usage e a regra Content-Usage do robots.txt. É o formato que operadores de IA passam a ler ao lado do Content-Signal da Cloudflare.',
  comoCorrigir: FIX,
  referencia: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/',
  async run(ctx) {
    const robots = await ctx.robots();
    const robotsText = ok200(robots.probe) && !looksLikeHtml(robots.probe.body) ? robots.probe.body : '';
    // The rules that apply to everyone's whole site (`*` group, no path); path-scoped rules refine them.
    const rules = contentUsageRules(robotsText);
    const general = rules.filter((r) => r.agents.includes('*') && (r.path === undefined || r.path === '/'));
    const sources: { where: string; pref: UsagePreference }[] = [
      ...(ctx.home.headers.get('content-usage') !== null ? [{ where: 'cabeçalho da página inicial', pref: parseContentUsage(ctx.home.headers.get('content-usage') ?? '') }] : []),
      ...(general.length ? general : rules.slice(0, 1)).map((r) => ({ where: 'robots.txt', pref: parseContentUsage(r.preference) })),
    ];
    const signalValues = [...(robots.file?.groups.flatMap((g) => g.contentSignals) ?? []), ...(ctx.home.headers.get('content-signal') ? [ctx.home.headers.get('content-signal') as string] : [])];
    const signal = signalValues.map(parseContentSignal).find((s) => s.valid);
    const signalText = signal ? ` O Content-Signal declara: ${describeContentSignal(signal.signals)}.` : '';

    if (sources.length === 0) {
      const equivalent = signal
        ? ` Em aipref, o mesmo se escreve Content-Usage: ${[signal.signals['ai-train'] ? `train-ai=${yn(signal.signals['ai-train'] === 'yes')}` : '', signal.signals.search ? `search=${yn(signal.signals.search === 'yes')}` : ''].filter(Boolean).join(', ') || 'train-ai=…, search=…'} (o aipref não tem termo para ai-input).`
        : '';
      return notApplicable(`O site não declara preferências aipref (nem cabeçalho nem regra Content-Usage).${signalText}${equivalent}`);
    }
    const parsed = sources.filter((s) => s.pref.parsed);
    if (parsed.length === 0) {
      return withVerdict(
        `Content-Usage ilegível (${sources.map((s) => s.where).join(', ')}): não é um dicionário de Structured Fields com chaves em minúsculas.${signalText}`,
        revisionOf('aipref', 'invalido', { forma: 'valor fora da sintaxe', migracao: FIX }),
      );
    }
    const terms = combine(parsed.map((s) => s.pref));
    const legacy = [...new Set(parsed.flatMap((s) => s.pref.legacy))];
    const where = [...new Set(parsed.map((s) => s.where))].join(' e ');
    if (Object.keys(terms).length === 0) {
      if (legacy.length === 0) {
        return withVerdict(`Content-Usage (${where}) sem nenhum termo do vocabulário (train-ai, search): toda preferência fica desconhecida.${signalText}`, revisionOf('aipref', 'invalido', { forma: 'sem termos conhecidos', migracao: FIX }));
      }
      const mapping = legacy.map((l) => (LEGACY_AIPREF_TERMS[l] ? `${l} → ${LEGACY_AIPREF_TERMS[l]}` : `${l} (retirado, sem equivalente)`)).join(', ');
      return withVerdict(
        `Content-Usage (${where}) só com termos de rascunhos anteriores do vocabulário (${legacy.join(', ')}), que o vocabulário atual ignora.${signalText}`,
        revisionOf('aipref', 'legado', { forma: `termos anteriores: ${legacy.join(', ')}`, migracao: `Troque os termos pelos do vocabulário atual (${mapping}), por exemplo Content-Usage: train-ai=n, search=y.` }),
      );
    }
    const meaning = describeUsage({ parsed: true, terms, legacy: [] });
    const outcome = withVerdict(`Content-Usage (${where}): ${meaning}.${legacy.length ? ` Termos antigos ignorados: ${legacy.join(', ')}.` : ''}${signalText}`, revisionOf('aipref', 'atual'));
    // Two statements that disagree: the vocabulary makes the stricter one win, but the site says two things.
    const disagree: string[] = [];
    if (signal && terms['train-ai'] !== undefined && signal.signals['ai-train'] && (signal.signals['ai-train'] === 'yes') !== terms['train-ai']) disagree.push('treinamento');
    if (signal && terms.search !== undefined && signal.signals.search && (signal.signals.search === 'yes') !== terms.search) disagree.push('busca');
    if (disagree.length) {
      return { ...outcome, status: 'parcial', credito: 0.5, detalhe: `${outcome.detalhe} Content-Usage e Content-Signal divergem sobre ${disagree.join(' e ')}.`, comoCorrigir: 'Faça o Content-Usage e o Content-Signal dizerem o mesmo: train-ai equivale a ai-train, e search a search.' };
    }
    return outcome;
  },
};
