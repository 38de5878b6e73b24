import type { PageAnalysis } from '../analysis/html.ts';
import { isResponse, type Probe } from '../context.ts';
import { sitePath } from '../evidence.ts';
import { TETOS } from '../scoring.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** Characters of visible text a server-rendered page shows at least (below SHELL it is an empty shell). */
export const TEXT_OK = 500;
export const TEXT_SHELL = 150;

const scriptsOf = (a: PageAnalysis): number => a.scriptSrcs.length + a.inlineScripts.length;

export const textoNoServidor: CheckDefinition = {
  id: 'texto-no-servidor',
  nome: 'Conteúdo no HTML do servidor',
  camada: 'conteudo',
  severidade: 'critica',
  titulo: 'O conteúdo só aparece depois do JavaScript',
  tituloParcial: 'Parte das páginas tem pouco texto no HTML do servidor',
  porque:
    'A maioria dos robôs de IA não executa JavaScript: eles leem o HTML que o servidor entrega. Se o texto só é montado no navegador, esses robôs veem uma página vazia, e o site não é citado.',
  comoCorrigir:
    'Entregue o conteúdo principal já no HTML do servidor: renderização no servidor (SSR) ou geração estática (SSG) no seu framework, deixando o JavaScript apenas para interações.',
  referencia: 'https://developers.google.com/search/docs/crawling-indexing/javascript/javascript-seo-basics',
  async run(ctx) {
    const pages: { url: string; probe: Probe; analysis: PageAnalysis }[] = [
      { url: ctx.home.finalUrl, probe: ctx.home, analysis: ctx.page },
      ...(await ctx.samplePages()).flatMap((p) => (p.analysis ? [{ url: p.url, probe: p.probe, analysis: p.analysis }] : [])),
    ];
    const thin = pages.filter((p) => p.analysis.text.length < TEXT_OK);
    const shells = pages.filter((p) => p.analysis.text.length < TEXT_SHELL);
    const homeChars = ctx.page.text.length;
    // The title must match what was seen: pages with little text and no script are thin, not JavaScript-built.
    const scripted = thin.some((p) => scriptsOf(p.analysis) > 0);
    const describe = (p: (typeof pages)[number]) => `${sitePath(p.url)} (${p.analysis.text.length.toLocaleString('pt-BR')} caracteres, ${plural(scriptsOf(p.analysis), 'script', 'scripts')})`;
    const detail =
      `${pages.length - thin.length} de ${plural(pages.length, 'página amostrada', 'páginas amostradas')} com texto suficiente no HTML do servidor (≥ ${TEXT_OK} caracteres); ` +
      `a inicial tem ${homeChars.toLocaleString('pt-BR')}${thin.length ? `; pouco texto: ${thin.slice(0, 3).map(describe).join(', ')}${thin.length > 3 ? ` e mais ${thin.length - 3}` : ''}` : ''}.`;
    const evidencias = (thin.length ? thin : pages).slice(0, 3).map((p) =>
      isResponse(p.probe)
        ? ctx.evidence(p.probe, { em: 'corpo', decisivo: `${p.analysis.text.length} caracteres de texto visível no HTML; ${scriptsOf(p.analysis)} <script>` })
        : ctx.evidence(p.probe),
    );
    if (homeChars < TEXT_SHELL && shells.length * 2 >= pages.length) {
      return failed(detail, {
        teto: { nota: TETOS.semTextoNoServidor, motivo: 'sem texto no HTML entregue pelo servidor' },
        evidencias,
        ...(scripted ? {} : { titulo: 'O HTML das páginas quase não tem texto' }),
      });
    }
    if (thin.length === 0) return passed(detail, { evidencias });
    return partial(Math.max(0.25, (pages.length - thin.length) / pages.length), detail, {
      evidencias,
      ...(scripted ? { titulo: 'Parte das páginas só mostra o conteúdo depois do JavaScript' } : {}),
    });
  },
};
