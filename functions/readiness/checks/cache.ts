import { ok200 } from '../context.ts';
import { headerLine } from '../evidence.ts';
import type { FetchedResponse } from '../fetch/safe-fetch.ts';
import { type CheckDefinition, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

const cacheable = (r: FetchedResponse): boolean =>
  /max-age=\d+|s-maxage=\d+/i.test(r.headers.get('cache-control') ?? '') || r.headers.has('etag') || r.headers.has('last-modified');

export const cache: CheckDefinition = {
  id: 'cache',
  nome: 'Cabeçalhos de cache',
  camada: 'seguranca',
  severidade: 'baixa',
  titulo: 'Os arquivos para robôs não informam validade de cache',
  tituloParcial: 'Parte dos arquivos para robôs não informa validade de cache',
  porque: 'Com Cache-Control, ETag ou Last-Modified, robôs e agentes revalidam o conteúdo barato e sabem quando algo mudou, em vez de baixar tudo de novo ou usar uma cópia velha.',
  comoCorrigir: 'Envie Cache-Control com max-age (e ETag ou Last-Modified) na página inicial, no robots.txt e no llms.txt.',
  async run(ctx) {
    const [robots, llms] = await Promise.all([ctx.robots(), ctx.llms()]);
    const items: [string, FetchedResponse | undefined][] = [
      ['página inicial', ctx.home],
      ['robots.txt', ok200(robots.probe) ? robots.probe : undefined],
      ['llms.txt', llms.file && ok200(llms.probe) ? llms.probe : undefined],
    ];
    const present = items.filter((i): i is [string, FetchedResponse] => !!i[1]);
    const good = present.filter(([, r]) => cacheable(r));
    const lacking = present.filter((p) => !good.includes(p));
    const evidencias = (lacking.length ? lacking : present).slice(0, 3).map(([, r]) => ctx.evidence(r, { em: 'cabecalho', decisivo: headerLine(r.headers, 'Cache-Control') }));
    if (good.length === present.length) return passed(`Validade de cache informada em: ${good.map(([n]) => n).join(', ')}.`, { evidencias });
    return partial(good.length / present.length, `${good.length} de ${plural(present.length, 'arquivo', 'arquivos')} com validade de cache; sem Cache-Control/ETag/Last-Modified em: ${lacking.map(([n]) => n).join(', ')}.`, { evidencias });
  },
};
