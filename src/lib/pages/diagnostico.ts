/**
 * The diagnostic section: the paid diagnostic's page (its price, the public prices), the free measurement's
 * page (the form, its stylesheet) and their inner pages; every page of the section but the measurement's has
 * the section's navigation beside the body.
 */
import type { PageKind } from '../page-model.ts';
import { productService } from '../schema-org.ts';
import type { SiteModel, SitePage } from '../site.ts';
import { MEASURE_ROUTE } from '../../model/measurement.ts';
import { paidRow, pricesSection } from './precos.ts';

/** Route of the paid diagnostic's page (the section's first page). */
export const DIAGNOSTIC_ROUTE = 'diagnostico-de-visibilidade';

/** The section's pages in reading order: the diagnostic and its pages, then the free measurement and its pages. */
export const diagnosticPages = (model: SiteModel): SitePage[] =>
  [
    model.byRoute.get(DIAGNOSTIC_ROUTE),
    ...model.pages.filter((p) => p.rota.startsWith(`${DIAGNOSTIC_ROUTE}/`)),
    model.byRoute.get(MEASURE_ROUTE),
    ...model.pages.filter((p) => p.rota.startsWith(`${MEASURE_ROUTE}/`)),
  ].filter((p): p is SitePage => !!p);

export const diagnostico: PageKind = {
  modelo: 'diagnostico',
  secoes: () => [pricesSection()],
  jsonLd: () => {
    const paid = paidRow();
    return paid ? [productService(paid.produto)] : [];
  },
};

export const medicao: PageKind = { modelo: 'medicao', estilos: ['/medicao.css'] };

export const secaoDiagnostico: PageKind = { modelo: 'secao-diagnostico' };
