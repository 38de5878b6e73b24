import { parseLinkHeader } from '../analysis/link-header.ts';
import { headerLine, siteText } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

/** Link relations that help agents discover machine-readable resources. */
const USEFUL = ['api-catalog', 'describedby', 'service-desc', 'service-doc', 'alternate'];

export const linkHeaders: CheckDefinition = {
  id: 'link-headers',
  nome: 'Cabeçalhos Link de descoberta',
  camada: 'descoberta',
  severidade: 'media',
  titulo: 'A página inicial não anuncia recursos para agentes no cabeçalho Link',
  tituloParcial: 'O cabeçalho Link anuncia só parte dos recursos para agentes',
  porque:
    'Um cabeçalho HTTP Link (RFC 8288) permite que um agente descubra, com uma única requisição e sem interpretar HTML, a versão em markdown da página, o llms.txt, o catálogo de APIs e a documentação.',
  comoCorrigir:
    'Envie na página inicial (e nas demais) um cabeçalho como: Link: </index.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby", </.well-known/api-catalog>; rel="api-catalog".',
  referencia: 'https://www.rfc-editor.org/rfc/rfc8288',
  async run(ctx) {
    const links = parseLinkHeader(ctx.home.headers.get('link'));
    const evidencias = [ctx.evidence(ctx.home, { em: 'cabecalho', decisivo: headerLine(ctx.home.headers, 'Link') })];
    const found = new Set<string>();
    for (const link of links) {
      for (const rel of link.rel) {
        if (!USEFUL.includes(rel)) continue;
        if (rel === 'alternate' && !/markdown/.test(link.type ?? '')) continue;
        found.add(rel === 'alternate' ? 'alternate (markdown)' : rel);
      }
    }
    if (found.size >= 2) return passed(`Cabeçalho Link com: ${[...found].join(', ')}.`, { evidencias });
    if (found.size === 1) return partial(0.5, `1 relação útil no cabeçalho Link: ${[...found][0]}; faltam as outras (api-catalog, describedby, service-desc, alternate markdown).`, { evidencias });
    if (ctx.page.markdownAlternates.length > 0) {
      return partial(0.25, 'Nenhuma relação útil no cabeçalho Link; a versão em markdown só é anunciada no HTML (<link rel="alternate">).', {
        titulo: 'A versão markdown é anunciada só no HTML, não no cabeçalho Link',
        evidencias,
      });
    }
    return failed(links.length ? `O cabeçalho Link não tem relações úteis para agentes (${siteText(links.map((l) => l.rel.join(' ')).join(', '))}).` : 'A página inicial não envia cabeçalho Link.', { evidencias });
  },
};
