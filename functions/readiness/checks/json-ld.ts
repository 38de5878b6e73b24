import { parseJson } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const jsonLd: CheckDefinition = {
  id: 'json-ld',
  nome: 'Dados estruturados JSON-LD',
  camada: 'dados',
  severidade: 'alta',
  titulo: 'A página não tem dados estruturados JSON-LD válidos',
  tituloParcial: 'Parte dos dados estruturados JSON-LD é inválida',
  porque:
    'JSON-LD com o vocabulário schema.org descreve em linguagem de máquina quem publica, o que é oferecido, preços e perguntas frequentes. Buscadores e agentes usam esses dados para entender e citar o site sem adivinhar.',
  comoCorrigir:
    'Inclua no HTML entregue pelo servidor um <script type="application/ld+json"> com JSON válido e tipos schema.org adequados (Organization, WebSite, Service, Product, FAQPage…), coerente com o que a página mostra.',
  referencia: 'https://schema.org/docs/gs.html',
  async run(ctx) {
    const blocks = ctx.page.jsonLd;
    const parsed = blocks.map((b) => parseJson(b));
    const valid = parsed.filter((p) => p !== undefined).length;
    const evidencias = [ctx.evidence(ctx.home, { em: 'corpo', decisivo: `${blocks.length} <script type="application/ld+json">, ${valid} com JSON válido${ctx.page.hasMicrodata ? '; microdados (itemscope)' : ''}` })];
    if (blocks.length === 0) {
      if (ctx.page.hasMicrodata) return partial(0.5, 'Sem JSON-LD; há microdados (itemscope), mais difíceis de ler por agentes.', { evidencias, titulo: 'Os dados estruturados estão em microdados, não em JSON-LD' });
      return failed('Nenhum bloco <script type="application/ld+json"> na página inicial.', { evidencias });
    }
    if (valid === blocks.length) return passed(`${plural(valid, 'bloco JSON-LD válido', 'blocos JSON-LD válidos')} na página inicial.`, { evidencias });
    if (valid === 0) return failed(`${plural(blocks.length, 'bloco', 'blocos')} JSON-LD, nenhum com JSON válido.`, { evidencias });
    return partial(valid / blocks.length, `${valid} de ${plural(blocks.length, 'bloco', 'blocos')} JSON-LD da página inicial com JSON válido.`, { evidencias });
  },
};
