/**
 * The contact form's fields and its address, shared by the site's templates (every "Pedir uma proposta" link),
 * the contact function (functions/contact/) and the tests: one definition of the names, limits and link (the form's
 * path is the function's mount point, ./paths.ts).
 */

import { CONTACT_FORM_PATH } from './paths.ts';

/** The honeypot field: hidden from people (CSS and `aria-hidden`), filled by form-filling bots. */
export const HONEYPOT_FIELD = 'fax';

/** Maximum length (characters) of each field. */
export const CONTACT_LIMITS = { nome: 120, email: 254, empresa: 120, site: 300, mensagem: 5000, produto: 80 } as const;

export interface ContactPrefill {
  site?: string;
  nota?: number | string;
  produto?: string;
}

/** The link of a call to action: the form, prefilled with what the visitor was looking at. */
export function contactFormHref(prefill: ContactPrefill = {}): string {
  const params = new URLSearchParams();
  if (prefill.produto) params.set('produto', prefill.produto);
  if (prefill.site) params.set('site', prefill.site);
  if (prefill.nota !== undefined && prefill.nota !== '') params.set('nota', String(prefill.nota));
  const query = params.toString();
  return `${CONTACT_FORM_PATH}${query ? `?${query}` : ''}#formulario`;
}
