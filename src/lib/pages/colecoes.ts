/** The pages of the collections: a solution, a business objective, an article, an author. */
import { TIPO_LABEL, objectivesOf, solutionFacts, solutionsOf } from '../facts.ts';
import { themePath } from '../../model/blog.ts';
import type { PageKind } from '../page-model.ts';
import { publishedOn } from './listas.ts';
import { articleObject, personObject, serviceObject } from '../schema-org.ts';
import type { SiteModel, SitePage } from '../site.ts';
import { isoDay } from '../text.ts';

type Of<K extends SitePage['kind']> = Extract<SitePage, { kind: K }>;

/** An article's author in markdown: a link to their page when the name is an author's. */
const bylineOf = (nome: string, model: SiteModel): string => {
  const author = model.autores.get(nome);
  return author ? `[${nome}](${author.path})` : nome;
};

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
  jsonLd: (a, model) => [articleObject(a, model)],
  // The author's name links to their page (a root-relative link: the twin makes it absolute).
  linhaDoGemeo: ({ entry: { data: d } }, model) =>
    `Por ${bylineOf(d.autor, model)} · publicado em ${isoDay(d.publicadoEm)}${d.atualizadoEm ? ` · atualizado em ${isoDay(d.atualizadoEm)}` : ''} · temas: ${d.tags.map((t) => `[${t}](${themePath(t)})`).join(', ')}`,
  // Open Graph's article:author is a profile: the author's page (the name where there is none).
  artigo: (a, model) => ({
    publicadoEm: isoDay(a.entry.data.publicadoEm),
    atualizadoEm: isoDay(a.lastmod),
    autor: model.autores.get(a.entry.data.autor)?.url ?? a.entry.data.autor,
    tags: a.entry.data.tags,
  }),
  ctaMedicao: true,
};

/** The label above an author's name, by the grammatical gender their front matter declares (`genero`). */
export const AUTHOR_LABEL = { feminino: 'Autora', masculino: 'Autor', neutro: 'Autoria' } as const;

/** An author's page: role, expertise and profiles as a fact sheet, the biography (the body), their articles newest first. */
export const autor: PageKind<Of<'autor'>> = {
  modelo: 'autor',
  eyebrow: (p) => AUTHOR_LABEL[p.entry.data.genero ?? 'neutro'],
  secoes: (p, model) => {
    const d = p.entry.data;
    const artigos = model.artigos.filter((a) => a.entry.data.autor === d.nome);
    return [
      {
        tipo: 'fatos',
        id: 'perfil',
        titulo: 'Perfil',
        fatos: [
          { rotulo: 'Cargo', valor: d.cargo },
          { rotulo: 'Especialidades', valor: d.especialidades },
          ...(d.perfis?.length ? [{ rotulo: 'Perfis', valor: d.perfis }] : []),
        ],
      },
      ...(artigos.length
        ? [{ tipo: 'lista' as const, id: 'h-artigos', titulo: `Artigos de ${d.nome}`, itens: artigos, nota: publishedOn }]
        : []),
    ];
  },
  jsonLd: (p) => [personObject(p)],
};
