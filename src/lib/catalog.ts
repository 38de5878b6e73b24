/** The public catalogue (`/agentes/catalogo.json`), the solutions feed and the API's /solucoes read this. */
import { siteOrigin } from '../config/site.ts';
import type { Catalogo } from '../model/site-data.ts';
import { objectivesOf, solutionPrice } from './facts.ts';
import type { SiteModel } from './site.ts';
import { isoDay } from './text.ts';

export function buildCatalog(model: SiteModel, origin = siteOrigin()): Catalogo {
  const latest = [...model.solucoes, ...model.objetivos].reduce((d, p) => (p.lastmod > d ? p.lastmod : d), new Date(0));
  return {
    origem: origin,
    atualizadoEm: isoDay(latest),
    solucoes: model.solucoes.map((s) => ({
      slug: s.entry.id,
      rota: s.rota,
      url: s.url,
      titulo: s.titulo,
      descricao: s.descricao,
      resumo: s.entry.data.resumo,
      tipo: s.entry.data.tipo,
      paraQuem: s.entry.data.paraQuem,
      entregaveis: s.entry.data.entregaveis,
      prazo: s.entry.data.prazo,
      preco: solutionPrice(s),
      produto: s.entry.data.preco === 'sob-proposta' ? null : s.entry.data.preco,
      comoContratar: s.entry.data.comoContratar,
      objetivos: objectivesOf(s, model).map((o) => o.entry.id),
    })),
    objetivos: model.objetivos.map((o) => ({
      slug: o.entry.id,
      rota: o.rota,
      url: o.url,
      titulo: o.titulo,
      chamada: o.entry.data.chamada,
      descricao: o.descricao,
      solucoes: o.entry.data.solucoes,
    })),
  };
}
