/**
 * Build hook of the contact form: once Astro has written /contato, keeps that page as the template of the
 * pages the contact function renders (prefilled form, errors, confirmation), so they have the site's header,
 * menu, footer and stylesheet without a second copy of any of them. Writes `.generated/contato-pagina.json`
 * (origin-free, like the site data): the HTML before and after the form, which is delimited by the markers of
 * functions/contact/form-html.ts. A built page without the markers fails the build.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { FORM_END, FORM_START } from '../../functions/contact/form-html.ts';
import { siteOrigin } from '../config/site.ts';
import { originFree } from '../model/site-data.ts';

export const CONTACT_TEMPLATE_FILE = new URL('../../.generated/contato-pagina.json', import.meta.url);

export interface ContactTemplate {
  antes: string;
  depois: string;
}

export function splitContactPage(html: string): ContactTemplate {
  const start = html.indexOf(FORM_START);
  const end = html.indexOf(FORM_END);
  if (start < 0 || end < start) throw new Error('a página /contato não tem o formulário de contato (marcadores contato:formulario)');
  return { antes: html.slice(0, start), depois: html.slice(end + FORM_END.length) };
}

export default function contactTemplate(): AstroIntegration {
  return {
    name: 'contato-modelo',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const html = await readFile(new URL('contato.html', dir), 'utf8');
        const json = JSON.stringify(splitContactPage(html));
        await mkdir(new URL('.', CONTACT_TEMPLATE_FILE), { recursive: true });
        await writeFile(fileURLToPath(CONTACT_TEMPLATE_FILE), originFree(json, siteOrigin()));
      },
    },
  };
}
