/** Institutional pages: the generic one, the contact page (the e-mail beside the body) and the developers' page (wide body). */
import type { PageKind } from '../page-model.ts';

export const institucional: PageKind = { modelo: 'institucional' };
export const agentes: PageKind = { modelo: 'institucional', proseLarga: true };
export const contato: PageKind = { modelo: 'contato' };
