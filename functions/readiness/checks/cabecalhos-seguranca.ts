import { type CheckDefinition, partial, passed } from './types.ts';

export const cabecalhosSeguranca: CheckDefinition = {
  id: 'cabecalhos-seguranca',
  nome: 'Cabeçalhos de segurança',
  camada: 'seguranca',
  severidade: 'media',
  titulo: 'Faltam cabeçalhos de segurança básicos',
  tituloParcial: 'Falta parte dos cabeçalhos de segurança básicos',
  porque:
    'Cabeçalhos como Content-Security-Policy, X-Content-Type-Options, proteção contra enquadramento e Referrer-Policy reduzem o risco de injeção de conteúdo e de páginas falsas: sinais de um site mantido, que robôs e pessoas podem tratar como fonte confiável.',
  comoCorrigir:
    'Envie Content-Security-Policy (sem unsafe-inline, com frame-ancestors), X-Content-Type-Options: nosniff, X-Frame-Options: DENY (ou frame-ancestors na CSP) e Referrer-Policy: strict-origin-when-cross-origin.',
  referencia: 'https://developer.mozilla.org/en-US/observatory',
  async run(ctx) {
    const h = ctx.home.headers;
    const csp = h.get('content-security-policy') ?? '';
    const criteria: [boolean, string][] = [
      [csp !== '', 'Content-Security-Policy'],
      [(h.get('x-content-type-options') ?? '').toLowerCase().includes('nosniff'), 'X-Content-Type-Options: nosniff'],
      [h.has('x-frame-options') || /frame-ancestors/i.test(csp), 'proteção contra enquadramento (X-Frame-Options ou frame-ancestors)'],
      [h.has('referrer-policy'), 'Referrer-Policy'],
    ];
    const ok = criteria.filter(([pass]) => pass).length;
    const missing = criteria.filter(([pass]) => !pass).map(([, n]) => n);
    const evidencias = [ctx.evidence(ctx.home, { em: 'cabecalho', decisivo: missing.length ? `faltam ${missing.join(', ')}` : 'os quatro presentes' })];
    if (ok === criteria.length) return passed(`Presentes: ${criteria.map(([, n]) => n).join(', ')}.`, { evidencias });
    return partial(ok / criteria.length, `${ok} de ${criteria.length} cabeçalhos de segurança na página inicial; faltam: ${missing.join(', ')}.`, { evidencias });
  },
};
