import { parseContentSignal } from '../analysis/robots.ts';
import { siteText } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

export const contentSignals: CheckDefinition = {
  id: 'content-signals',
  nome: 'Content Signals declarados',
  camada: 'acesso',
  severidade: 'media',
  titulo: 'Não há Content Signals declarando os usos permitidos',
  tituloParcial: 'Parte dos Content Signals está malformada',
  porque:
    'Content Signals dizem em linguagem de máquina se o conteúdo pode ser usado em busca (search), como contexto de respostas (ai-input) e em treinamento (ai-train). Sem eles, cada operador interpreta o silêncio a seu modo.',
  comoCorrigir:
    'Acrescente ao robots.txt, dentro do grupo User-agent: *, uma linha como Content-Signal: search=yes, ai-input=yes, ai-train=no (ajuste os valores à sua política). Opcionalmente envie o mesmo valor no cabeçalho Content-Signal das respostas.',
  referencia: 'https://contentsignals.org/',
  async run(ctx) {
    const robots = await ctx.robots();
    const inRobots = robots.file?.groups.flatMap((g) => g.contentSignals) ?? [];
    const header = ctx.home.headers.get('content-signal');
    const values = [...inRobots, ...(header ? [header] : [])];
    const evidencias = [
      ctx.evidence(robots.probe, { em: 'corpo', decisivo: inRobots.length ? `Content-Signal: ${inRobots[0]}` : 'nenhuma linha Content-Signal' }),
      ctx.evidence(ctx.home, { em: 'cabecalho', decisivo: header === null ? 'sem Content-Signal' : `Content-Signal: ${header}` }),
    ];
    if (inRobots.length === 0) evidencias.reverse();
    if (values.length === 0) return failed('Nenhuma linha Content-Signal no robots.txt nem cabeçalho Content-Signal na página inicial.', { evidencias });
    const parsed = values.map(parseContentSignal);
    const valid = parsed.filter((p) => p.valid);
    const quoted = values.map((v) => siteText(v)).join(' | ');
    if (valid.length === values.length) {
      const where = inRobots.length ? 'no robots.txt' : 'no cabeçalho da página inicial';
      return passed(`Content-Signal ${where}: ${siteText(values[0] as string)}.`, { evidencias });
    }
    if (valid.length > 0) return partial(0.5, `${valid.length} de ${plural(values.length, 'declaração', 'declarações')} Content-Signal ${agree(valid.length, 'válida', 'válidas')}: ${quoted}.`, { evidencias });
    return failed(`Content-Signal malformado: ${quoted} (use chaves search, ai-input, ai-train com yes ou no).`, { evidencias });
  },
};
