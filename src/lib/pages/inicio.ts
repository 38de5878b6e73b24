/** The home page: hero, objectives, featured solutions and recent articles (template-only), body and FAQ; then the call to the free measurement. */
import type { PageKind } from '../page-model.ts';
import { webSite } from '../schema-org.ts';

export const inicio: PageKind = { modelo: 'inicio', jsonLd: () => [webSite()], ctaMedicao: true };
