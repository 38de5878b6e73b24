import { ok200 } from '../context.ts';
import { sitePath } from '../evidence.ts';
import { missingInterface } from './api-signals.ts';
import { type CheckDefinition, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** Characters allowed between `modelContext` and `registerTool` (either order) for a script to count. */
const NEAR = 400;

/**
 * Whether `second` starts at most `gap` characters after an occurrence of `first` ends. One forward pass
 * with indexOf (the next `second` is looked up again only once passed): linear on hostile scripts, where
 * the regular expression it replaces spent up to 400 steps per occurrence (0.8 s on 2 MB).
 */
function followedWithin(text: string, first: string, second: string, gap: number): boolean {
  let next = -1;
  for (let i = text.indexOf(first); i >= 0; i = text.indexOf(first, i + 1)) {
    const from = i + first.length;
    if (next < from) {
      next = text.indexOf(second, from);
      if (next < 0) return false;
    }
    if (next - from <= gap) return true;
  }
  return false;
}

/** A script that registers WebMCP tools (`modelContext` and `registerTool` close to each other). */
export const registersTools = (script: string): boolean =>
  followedWithin(script, 'modelContext', 'registerTool', NEAR) || followedWithin(script, 'registerTool', 'modelContext', NEAR);

export const webmcp: CheckDefinition = {
  id: 'webmcp',
  nome: 'Ferramentas WebMCP na página',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'A página não registra ferramentas WebMCP',
  porque: 'Com WebMCP a página registra ferramentas (buscar, calcular, enviar um formulário) que um agente no navegador chama diretamente, com parâmetros definidos, em vez de simular cliques.',
  comoCorrigir:
    'Registre ferramentas somente leitura com document.modelContext.registerTool({ name, description, inputSchema, execute, annotations: { readOnlyHint: true } }) num script carregado pela página, ou use formulários declarativos <form toolname="…" tooldescription="…">.',
  referencia: 'https://github.com/webmachinelearning/webmcp',
  async run(ctx) {
    const home = (decisivo: string) => [ctx.evidence(ctx.home, { em: 'corpo', decisivo })];
    if (ctx.page.declarativeTools > 0) return passed(`${plural(ctx.page.declarativeTools, 'formulário declarativo', 'formulários declarativos')} com toolname.`, { evidencias: home('<form toolname>') });
    if (ctx.page.inlineScripts.some(registersTools)) return passed('Script da página registra ferramentas com modelContext.registerTool.', { evidencias: home('modelContext.registerTool num <script> da página') });
    const scripts = ctx.page.scriptSrcs
      .map((src) => { try { return new URL(src, ctx.home.finalUrl); } catch { return undefined; } })
      .filter((u): u is URL => !!u && u.origin === ctx.origin)
      .slice(0, 4);
    for (const script of scripts) {
      const probe = await ctx.get(script.href, { accept: 'text/javascript, */*;q=0.5', maxBytes: 512 * 1024 });
      if (ok200(probe) && registersTools(probe.body)) return passed(`${sitePath(script.href)} registra ferramentas com modelContext.registerTool.`, { evidencias: [ctx.evidence(probe, { em: 'corpo', decisivo: 'modelContext.registerTool' })] });
    }
    return missingInterface(ctx, `Nenhuma ferramenta WebMCP registrada pela página inicial (${plural(scripts.length, 'script do próprio site examinado', 'scripts do próprio site examinados')}).`, home('nenhum <form toolname> nem modelContext.registerTool'));
  },
};
