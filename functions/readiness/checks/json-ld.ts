import { parseJson } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const jsonLd: CheckDefinition = {
  id: 'json-ld',
  nome: 'Dados estruturados JSON-LD',
  camada: 'dados',
  severidade: 'alta',
  titulo: 'A página não tem dados estruturados JSON-LD válidos',
  porque:
    'JSON-LD com o vocabulário schema.org descreve em linguagem de máquina quem publica, o que é oferecido, preços e perguntas frequentes. Buscadores e agentes usam esses dados para entender e citar o site sem adivinhar.',
  comoCorrigir:
    'Inclua no HTML entregue pelo servidor um <script type="application/ld+json"> com JSON válido e tipos schema.org adequados (Organization, WebSite, Service, Product, FAQPage…), coerente com o que a página mostra.',
  referencia: 'https://schema.org/docs/gs.html',
  async run(ctx) {
    const blocks = ctx.page.jsonLd;
    if (blocks.length === 0) {
      if (ctx.page.hasMicrodata) return partial(0.5, 'Sem JSON-LD; há microdados (itemscope), mais difíceis de ler por agentes.');
      return failed('Nenhum bloco <script type="application/ld+json"> na página inicial.');
    }
    const parsed = blocks.map((b) => parseJson(b));
    const valid = parsed.filter((p) => p !== undefined).length;
    if (valid === blocks.length) return passed(`${plural(valid, 'bloco JSON-LD válido', 'blocos JSON-LD válidos')} na página inicial.`);
    if (valid === 0) return failed(`${plural(blocks.length, 'bloco', 'blocos')} JSON-LD, nenhum com JSON válido.`);
    return partial(valid / blocks.length, `${blocks.length - valid} de ${plural(blocks.length, 'bloco', 'blocos')} JSON-LD com JSON inválido.`);
  },
};
