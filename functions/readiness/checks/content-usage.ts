import { AIPREF_TERMS, contentUsageRules, type ContentUsageRule, describeContentSignal, describeUsage, LEGACY_AIPREF_TERMS, parseContentUsage, type UsagePreference } from '../analysis/aipref.ts';
import { looksLikeHtml } from '../analysis/llms.ts';
import { parseContentSignal } from '../analysis/robots.ts';
import { ok200 } from '../context.ts';
import { answeredInstead, type Evidence, headerLine, siteText } from '../evidence.ts';
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

/** A robots.txt rule as the line reads (`Content-Usage: /path train-ai=n`). */
const ruleLine = (rule: ContentUsageRule): string => `Content-Usage: ${rule.path ? `${rule.path} ` : ''}${rule.preference}`;

/** One statement of preferences: where it was read, its value as read, what it says, and its evidence. */
interface Source {
  where: string;
  value: string;
  pref: UsagePreference;
  evidence: Evidence;
}

/** Statements in our sentences: where each was read, with its value quoted as site text. */
const describeSources = (sources: readonly Source[]): string => sources.map((s) => `${s.where}: ${siteText(s.value)}`).join('; ');

const FIX =
  'Envie em cada resposta o cabeçalho Content-Usage com o vocabulário atual, por exemplo Content-Usage: train-ai=n, search=y (ajuste à sua política), dizendo o mesmo que o seu Content-Signal; se quiser, repita como regra Content-Usage: no grupo User-agent: * do robots.txt.';

export const contentUsage: CheckDefinition = {
  id: 'content-usage',
  nome: 'Preferências de uso do IETF aipref (Content-Usage)',
  camada: 'acesso',
  severidade: 'baixa',
  titulo: 'As preferências de uso para IA (Content-Usage) não estão no vocabulário atual',
  tituloParcial: 'As preferências de uso para IA (Content-Usage) usam só termos de rascunhos anteriores',
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
    const header = ctx.home.headers.get('content-usage');
    const headerEvidence = ctx.evidence(ctx.home, { em: 'cabecalho', decisivo: headerLine(ctx.home.headers, 'Content-Usage') });
    const sources: Source[] = [
      ...(header !== null ? [{ where: 'cabeçalho da página inicial', value: header, pref: parseContentUsage(header), evidence: headerEvidence }] : []),
      ...(general.length ? general : rules.slice(0, 1)).map((r) => ({
        where: 'robots.txt',
        value: r.path ? `${r.path} ${r.preference}` : r.preference,
        pref: parseContentUsage(r.preference),
        evidence: ctx.evidence(robots.probe, { em: 'corpo' as const, decisivo: ruleLine(r) }),
      })),
    ];
    const signalHeader = ctx.home.headers.get('content-signal');
    const signals = [
      ...(robots.file?.groups.flatMap((g) => g.contentSignals) ?? []).map((value) => ({ value, at: () => ctx.evidence(robots.probe, { em: 'corpo', decisivo: `Content-Signal: ${value}` }) })),
      ...(signalHeader ? [{ value: signalHeader, at: () => ctx.evidence(ctx.home, { em: 'cabecalho', decisivo: headerLine(ctx.home.headers, 'Content-Signal') }) }] : []),
    ].map((s) => ({ ...s, parsed: parseContentSignal(s.value) }));
    const declared = signals.find((s) => s.parsed.valid);
    const signal = declared?.parsed;
    const signalText = signal ? ` O Content-Signal declara: ${describeContentSignal(signal.signals)}.` : '';

    if (sources.length === 0) {
      const equivalent = signal
        ? ` Em aipref, o mesmo se escreve Content-Usage: ${[signal.signals['ai-train'] ? `train-ai=${yn(signal.signals['ai-train'] === 'yes')}` : '', signal.signals.search ? `search=${yn(signal.signals.search === 'yes')}` : ''].filter(Boolean).join(', ') || 'train-ai=…, search=…'} (o aipref não tem termo para ai-input).`
        : '';
      const robotsEvidence = ctx.evidence(robots.probe, robotsText ? { em: 'corpo', decisivo: 'nenhuma regra Content-Usage' } : answeredInstead(robots.probe));
      return notApplicable(`O site não declara preferências aipref (nem cabeçalho nem regra Content-Usage).${signalText}${equivalent}`, { evidencias: [headerEvidence, robotsEvidence] });
    }
    const parsed = sources.filter((s) => s.pref.parsed);
    if (parsed.length === 0) {
      return withVerdict(
        `Content-Usage ilegível (${describeSources(sources)}): não é um dicionário de Structured Fields com chaves em minúsculas.${signalText}`,
        revisionOf('aipref', 'invalido', { forma: 'valor fora da sintaxe', migracao: FIX }),
        { evidencias: sources.map((s) => s.evidence) },
      );
    }
    const evidencias = parsed.map((s) => s.evidence);
    const terms = combine(parsed.map((s) => s.pref));
    const legacy = [...new Set(parsed.flatMap((s) => s.pref.legacy))];
    const quotedLegacy = legacy.map((l) => siteText(l)).join(', ');
    const where = describeSources(parsed);
    if (Object.keys(terms).length === 0) {
      if (legacy.length === 0) {
        return withVerdict(`Content-Usage (${where}) sem nenhum termo do vocabulário (train-ai, search): toda preferência fica desconhecida.${signalText}`, revisionOf('aipref', 'invalido', { forma: 'sem termos conhecidos', migracao: FIX }), {
          evidencias,
        });
      }
      const mapping = legacy.map((l) => (LEGACY_AIPREF_TERMS[l] ? `${siteText(l)} → ${LEGACY_AIPREF_TERMS[l]}` : `${siteText(l)} (retirado, sem equivalente)`)).join(', ');
      return withVerdict(
        `Content-Usage (${where}) só com termos de rascunhos anteriores do vocabulário (${quotedLegacy}), que o vocabulário atual ignora.${signalText}`,
        revisionOf('aipref', 'legado', { forma: `termos anteriores: ${quotedLegacy}`, migracao: `Troque os termos pelos do vocabulário atual (${mapping}), por exemplo Content-Usage: train-ai=n, search=y.` }),
        { evidencias },
      );
    }
    const meaning = describeUsage({ parsed: true, terms, legacy: [] });
    const outcome = withVerdict(`Content-Usage (${where}): ${meaning}.${legacy.length ? ` Termos antigos ignorados: ${quotedLegacy}.` : ''}${signalText}`, revisionOf('aipref', 'atual'), { evidencias });
    // Two statements that disagree: the vocabulary makes the stricter one win, but the site says two things.
    const disagree: string[] = [];
    if (signal && terms['train-ai'] !== undefined && signal.signals['ai-train'] && (signal.signals['ai-train'] === 'yes') !== terms['train-ai']) disagree.push('treinamento');
    if (signal && terms.search !== undefined && signal.signals.search && (signal.signals.search === 'yes') !== terms.search) disagree.push('busca');
    if (disagree.length) {
      return {
        ...outcome,
        status: 'parcial',
        credito: 0.5,
        detalhe: `${outcome.detalhe} Content-Usage e Content-Signal divergem sobre ${disagree.join(' e ')}.`,
        comoCorrigir: 'Faça o Content-Usage e o Content-Signal dizerem o mesmo: train-ai equivale a ai-train, e search a search.',
        titulo: 'As preferências de uso para IA (Content-Usage) e o Content-Signal dizem coisas diferentes',
        evidencias: [...evidencias, ...(declared ? [declared.at()] : [])],
      };
    }
    return outcome;
  },
};
