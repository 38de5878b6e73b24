/**
 * What a buyer means by a few words, declared once for the site search (docs/search.md, "Buyers' words"):
 *
 * - **Synonyms** widen a query: a term of a group also matches the group's other terms, at a discount
 *   (`SYNONYM_WEIGHT` in ./engine.ts), so "quanto custa" finds the pages that say "preço" or "valor".
 * - **Intents** answer a short buyer's question with the page made for it: when every word of the query is one of
 *   an intent's words (at least one of them a trigger), the intent's pages come first, in order. "Quanto custa o
 *   diagnóstico" → /precos; "orçamento" → /contato (the form) and /precos; "whatsapp" → /contato. A longer query
 *   ("como contratar uma consultoria de SEO") is not a short buyer's question and is ranked as usual.
 *
 * Words are written as people type them; they go through the engine's own analysis (folding, stop words,
 * stemming: ./analyze.ts), so accents, plurals and case do not matter.
 */
import { CONTACT_FORM_PATH } from '../../src/model/paths.ts';
import { fold } from '../../src/model/fold.ts';
import { analyze } from './analyze.ts';

/** Groups of words that mean the same to someone looking for this firm's services. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['preço', 'valor', 'custo', 'custa', 'custam', 'investimento', 'cobram'],
  ['contratar', 'contratação', 'contrato', 'proposta', 'orçamento', 'cotação'],
  ['whatsapp', 'telefone', 'ligar', 'celular', 'contato'],
];

export interface Intent {
  /** What the buyer wants (docs and tests). */
  nome: string;
  /** Words that ask it: a query needs at least one. */
  gatilhos: readonly string[];
  /** Words that may come with the triggers without asking something else ("quero", the product's name…). */
  companheiros: readonly string[];
  /** Routes of the pages that answer, best first (pages missing from the index are skipped). */
  rotas: readonly string[];
  /** A direct action the search page offers above the results (a function's address, not a page of the index). */
  acao?: { rotulo: string; href: string };
}

/** Words that come with any buyer's question without changing it. */
const ANY = ['quero', 'queria', 'gostaria', 'pedir', 'solicitar', 'saber', 'fazer', 'ver', 'qual', 'quanto', 'quanta', 'vocês', 'voce', 'sinal', 'cognitivo', 'site', 'empresa', 'meu', 'minha', 'nosso'];
/** The firm's offer, which a buyer names in a question about price or hiring. */
const OFFER = ['diagnóstico', 'visibilidade', 'auditoria', 'consultoria', 'serviço', 'projeto', 'medição', 'seo', 'tabela', 'pacote', 'plano', 'mensal', 'mês', 'hora'];

export const BUYER_INTENTS: readonly Intent[] = [
  {
    nome: 'saber o preço',
    gatilhos: ['preço', 'preços', 'valor', 'valores', 'custo', 'custa', 'custam', 'investimento', 'cobram', 'cobra'],
    companheiros: [...ANY, ...OFFER],
    rotas: ['precos'],
  },
  {
    nome: 'contratar ou pedir uma proposta',
    gatilhos: ['contratar', 'contratação', 'contrato', 'proposta', 'orçamento', 'cotação'],
    companheiros: [...ANY, ...OFFER, 'uma', 'um', 'novo', 'nova'],
    rotas: ['contato', 'precos'],
    acao: { rotulo: 'Pedir uma proposta pelo formulário', href: `${CONTACT_FORM_PATH}#formulario` },
  },
  {
    nome: 'falar com a equipe',
    gatilhos: ['whatsapp', 'zap', 'telefone', 'fone', 'ligar', 'celular', 'contato', 'falar', 'conversar', 'atendimento', 'email', 'e-mail', 'endereço'],
    companheiros: [...ANY, 'número', 'numero', 'equipe', 'especialista', 'consultor', 'alguém', 'pessoa', 'horário', 'comercial'],
    rotas: ['contato'],
  },
];

/** The analysed terms of a list of words. */
const termsOf = (words: readonly string[]): Set<string> => new Set(words.flatMap((w) => analyze(w)));

/** Each analysed term of a synonym group → the group's other analysed terms. */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const terms = termsOf(group);
    for (const term of terms) {
      const others = map.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) others.add(other);
      map.set(term, others);
    }
  }
  return new Map([...map].map(([term, others]) => [term, [...others].sort()]));
})();

interface CompiledIntent {
  intent: Intent;
  triggers: Set<string>;
  words: Set<string>;
}
const compiled: readonly CompiledIntent[] = BUYER_INTENTS.map((intent) => {
  const triggers = termsOf(intent.gatilhos);
  return { intent, triggers, words: new Set([...triggers, ...termsOf(intent.companheiros)]) };
});

/** Every intent's triggers: a query may ask two things at once ("preço whatsapp"). */
const allTriggers = new Set(compiled.flatMap((c) => [...c.triggers]));

/** A how-to question ("como contratar…", "o que é…") asks for an explanation, not for the firm's page. */
const HOW_TO = /^\s*(?:como|por ?que|o que e|o que sao|quando|onde)\b/;

/**
 * The intents a query asks, in declaration order: an intent whose trigger is among the query's analysed terms,
 * when every other term is one of its words or another intent's trigger. None for an empty query, a longer
 * question or a how-to question (`query`, as typed).
 */
export function intentsOf(terms: readonly string[], query = ''): Intent[] {
  if (HOW_TO.test(fold(query))) return [];
  return compiled
    .filter((c) => terms.some((t) => c.triggers.has(t)) && terms.every((t) => c.words.has(t) || allTriggers.has(t)))
    .map((c) => c.intent);
}
