import { ok200 } from '../context.ts';
import { type CheckDefinition, failed, passed } from './types.ts';

const REGISTERS = /modelContext[\s\S]{0,400}registerTool|registerTool[\s\S]{0,400}modelContext/;

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
    if (ctx.page.declarativeTools > 0) return passed(`${ctx.page.declarativeTools} formulário(s) declarativo(s) com toolname.`);
    if (ctx.page.inlineScripts.some((s) => REGISTERS.test(s))) return passed('Script da página registra ferramentas com modelContext.registerTool.');
    const scripts = ctx.page.scriptSrcs
      .map((src) => { try { return new URL(src, ctx.home.finalUrl); } catch { return undefined; } })
      .filter((u): u is URL => !!u && u.origin === ctx.origin)
      .slice(0, 4);
    for (const script of scripts) {
      const probe = await ctx.get(script.href, { accept: 'text/javascript, */*;q=0.5', maxBytes: 512 * 1024 });
      if (ok200(probe) && REGISTERS.test(probe.body)) return passed(`${script.pathname} registra ferramentas com modelContext.registerTool.`);
    }
    return failed(`Nenhuma ferramenta WebMCP registrada pela página inicial (${scripts.length} script(s) do próprio site examinado(s)).`);
  },
};
