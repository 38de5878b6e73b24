/**
 * The HTML pages of the contact function (prefilled form, form with errors or a notice, confirmation): the
 * built /contato page (.generated/contato-pagina.json, written by src/build/contact-template.ts) with its form
 * replaced, so they carry the site's look (header, menu, footer, stylesheet) from the one template.
 */
import template from '../../.generated/contato-pagina.json' with { type: 'json' };
import { SITE_NAME } from '../../src/config/site.ts';
import { withOrigin } from '../../src/model/site-data.ts';
import { escapeHtml } from '../readiness/result-page.ts';

const byOrigin = new Map<string, { antes: string; depois: string }>();

/** The page with `section` in place of the form, titled `title` when given (the rest of /contato stays as built). */
export function contactPage(origin: string, title: string | undefined, section: string): string {
  let parts = byOrigin.get(origin);
  if (!parts) {
    if (byOrigin.size >= 4) byOrigin.clear();
    parts = withOrigin(template as { antes: string; depois: string }, origin);
    byOrigin.set(origin, parts);
  }
  const antes = title === undefined ? parts.antes : parts.antes.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)} | ${escapeHtml(SITE_NAME)}</title>`);
  return `${antes}${section}${parts.depois}`;
}

export function htmlResponse(html: string, status: number, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'text/html; charset=utf-8');
  h.set('cache-control', 'no-store');
  // The canonical page is /contato; these variants are not for search engines.
  h.set('x-robots-tag', 'noindex');
  return new Response(html, { status, headers: h });
}
