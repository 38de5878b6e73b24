/** The pages of the collections: a solution, a business objective, an article. */
import { TIPO_LABEL, objectivesOf, solutionFacts, solutionsOf } from '../facts.ts';
import type { PageKind } from '../page-model.ts';
import { articleObject, serviceObject } from '../schema-org.ts';
import type { SitePage } from '../site.ts';
import { isoDay } from '../text.ts';

type Of<K extends SitePage['kind']> = Extract<SitePage, { kind: K }>;

export const solucao: PageKind<Of<'solucao'>> = {
  modelo: 'solucao',
  eyebrow: (s) => `Solução · ${TIPO_LABEL[s.entry.data.tipo]}`,
  secoes: (s, model) => {
    const atendidos = objectivesOf(s, model);
    return [
      { tipo: 'fatos', id: 'ficha', titulo: 'Em resumo', fatos: solutionFacts(s) },
      ...(atendidos.length ? [{ tipo: 'lista' as const, id: 'h-atendidos', titulo: 'Objetivos atendidos', itens: atendidos }] : []),
    ];
  },
  jsonLd: (s) => [serviceObject(s)],
};

export const objetivo: PageKind<Of<'objetivo'>> = {
  modelo: 'objetivo',
  eyebrow: () => 'Objetivo de negócio',
  secoes: (o, model) => [{ tipo: 'lista', id: 'h-indicadas', titulo: 'Soluções indicadas', itens: solutionsOf(o, model) }],
  ctaMedicao: true,
};

export const artigo: PageKind<Of<'artigo'>> = {
  modelo: 'artigo',
  eyebrow: () => 'Blog',
  jsonLd: (a) => [articleObject(a)],
  linhaDoGemeo: ({ entry: { data: d } }) =>
    `Por ${d.autor} · publicado em ${isoDay(d.publicadoEm)}${d.atualizadoEm ? ` · atualizado em ${isoDay(d.atualizadoEm)}` : ''} · tags: ${d.tags.join(', ')}`,
  artigo: (a) => ({
    publicadoEm: isoDay(a.entry.data.publicadoEm),
    atualizadoEm: isoDay(a.lastmod),
    autor: a.entry.data.autor,
    tags: a.entry.data.tags,
  }),
  ctaMedicao: true,
};
