import { type CheckDefinition, partial, passed } from './types.ts';

export const acessibilidade: CheckDefinition = {
  id: 'acessibilidade',
  nome: 'Árvore de acessibilidade legível',
  camada: 'conteudo',
  severidade: 'media',
  titulo: 'A estrutura da página é difícil de navegar para agentes',
  tituloParcial: 'A estrutura da página atende só parte do que agentes precisam',
  porque:
    'Agentes que operam navegadores leem a árvore de acessibilidade, não o visual: precisam de uma região principal, um título principal, imagens com texto alternativo e campos de formulário com rótulos para entender e usar a página.',
  comoCorrigir:
    'Marque o conteúdo principal com <main>, use um único <h1>, dê alt a toda <img> (vazio se for decorativa) e associe cada campo de formulário a um <label> (ou aria-label).',
  referencia: 'https://developer.chrome.com/docs/lighthouse/agentic-browsing/scoring',
  async run(ctx) {
    const p = ctx.page;
    const criteria: [boolean, string][] = [
      [p.hasMain, 'região <main>'],
      [p.h1Count === 1, `um único <h1> (há ${p.h1Count})`],
      [p.images.every((i) => i.alt), `alt em todas as imagens (${p.images.filter((i) => !i.alt).length} sem alt)`],
      [p.controls.every((c) => c.labelled), `rótulo em todos os campos (${p.controls.filter((c) => !c.labelled).length} sem rótulo)`],
    ];
    const ok = criteria.filter(([pass]) => pass).length;
    const missing = criteria.filter(([pass]) => !pass).map(([, label]) => label);
    const evidencias = [ctx.evidence(ctx.home, { em: 'corpo', decisivo: missing.length ? `falta: ${missing.join('; ')}` : 'região <main>, um <h1>, alt e rótulos presentes' })];
    if (ok === criteria.length) return passed('Região principal, um único <h1>, imagens com alt e campos com rótulo.', { evidencias });
    return partial(ok / criteria.length, `${ok} de ${criteria.length} critérios atendidos na página inicial; faltam: ${missing.join('; ')}.`, { evidencias });
  },
};
