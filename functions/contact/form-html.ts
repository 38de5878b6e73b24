/**
 * The contact form's markup, in one place: the static /contato page renders it blank
 * (src/components/ContactForm.astro) and the contact function renders it prefilled, with errors or with a
 * notice (functions/contact/page.ts). Accessible errors: a summary at the top with links to the fields, each
 * invalid field with `aria-invalid` and `aria-describedby` pointing at its message, `autofocus` on the first one.
 * Pure string code (no Node APIs), so Astro can import it. The `contato:formulario` comments delimit the part
 * the function replaces in the built page.
 */
import { escapeHtml } from '../../src/model/escape.ts';
import { CONTACT_LIMITS, HONEYPOT_FIELD } from '../../src/model/contact.ts';
import { CONTACT_FORM_PATH } from '../../src/model/paths.ts';
import type { FieldError, FieldName, FormValues } from './fields.ts';

export const FORM_START = '<!--contato:formulario-->';
export const FORM_END = '<!--/contato:formulario-->';

export interface FormView {
  values?: Partial<FormValues>;
  errors?: FieldError[];
  /** Label of the product named by `produto` (shown above the fields). */
  produtoLabel?: string;
  /** A notice above the form (storage down, limit reached): a title and a sentence, shown as an alert. */
  aviso?: { titulo: string; texto: string; email: string };
  /** The fallback address shown under the form. */
  email: string;
}

const id = (field: FieldName) => `contato-${field}`;

function fieldAttributes(field: FieldName, view: FormView, hint?: string): string {
  const error = view.errors?.find((e) => e.field === field);
  const describedBy = [error && `${id(field)}-erro`, hint].filter(Boolean).join(' ');
  const first = view.errors?.[0]?.field === field;
  return `id="${id(field)}" name="${field}"${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${first ? ' autofocus' : ''}`;
}

function errorText(field: FieldName, view: FormView): string {
  const error = view.errors?.find((e) => e.field === field);
  return error ? `<p id="${id(field)}-erro" class="contato-erro">${escapeHtml(error.message)}</p>` : '';
}

function textField(field: 'nome' | 'email' | 'empresa' | 'site', label: string, view: FormView, extra: string, required: boolean, hint?: { id: string; text: string }): string {
  const value = view.values?.[field] ?? '';
  return `<div class="contato-campo">
<label for="${id(field)}">${label}${required ? '' : ' <span class="contato-opcional">(opcional)</span>'}</label>
${hint ? `<p id="${hint.id}" class="small">${hint.text}</p>` : ''}${errorText(field, view)}
<input ${fieldAttributes(field, view, hint?.id)} ${extra} maxlength="${CONTACT_LIMITS[field]}"${required ? ' required' : ''} value="${escapeHtml(value)}">
</div>`;
}

/** The form section (blank, prefilled or with errors). */
export function renderContactForm(view: FormView): string {
  const errors = view.errors ?? [];
  const v = view.values ?? {};
  const parts: string[] = [FORM_START, '<section id="formulario" class="panel contato-painel" aria-labelledby="formulario-titulo">'];
  parts.push('<h2 id="formulario-titulo">Envie a sua mensagem</h2>');
  if (view.aviso) {
    parts.push(
      `<div class="contato-aviso" role="alert"><h3>${escapeHtml(view.aviso.titulo)}</h3><p>${escapeHtml(view.aviso.texto)}</p>` +
        `<p>Se preferir, escreva para <a href="mailto:${escapeHtml(view.aviso.email)}">${escapeHtml(view.aviso.email)}</a>.</p></div>`,
    );
  }
  if (errors.length) {
    parts.push(
      `<div class="contato-resumo" role="alert" aria-labelledby="contato-resumo-titulo"><h3 id="contato-resumo-titulo">${errors.length === 1 ? 'Falta corrigir 1 campo' : `Falta corrigir ${errors.length} campos`}</h3><ul>` +
        errors.map((e) => `<li><a href="#${id(e.field)}">${escapeHtml(e.message)}</a></li>`).join('') +
        '</ul></div>',
    );
  }
  parts.push(`<form class="contato-form" method="post" action="${CONTACT_FORM_PATH}">`);
  parts.push('<p class="small">Todos os campos são obrigatórios, exceto os marcados como opcionais.</p>');
  const contexto: string[] = [];
  if (v.produto && view.produtoLabel) contexto.push(`Assunto: <strong>${escapeHtml(view.produtoLabel)}</strong>`);
  if (v.nota) contexto.push(`Nota da medição gratuita: <strong>${escapeHtml(v.nota)} de 100</strong>`);
  if (contexto.length) parts.push(`<p class="contato-contexto">${contexto.join(' · ')}</p>`);
  if (v.produto && view.produtoLabel) parts.push(`<input type="hidden" name="produto" value="${escapeHtml(v.produto)}">`);
  if (v.nota) parts.push(`<input type="hidden" name="nota" value="${escapeHtml(v.nota)}">`);
  parts.push(textField('nome', 'Nome', view, 'type="text" autocomplete="name"', true));
  parts.push(textField('email', 'E-mail', view, 'type="email" autocomplete="email" autocapitalize="none" spellcheck="false"', true));
  parts.push(textField('empresa', 'Empresa', view, 'type="text" autocomplete="organization"', false));
  parts.push(
    textField('site', 'Site', view, 'type="text" inputmode="url" autocomplete="url" autocapitalize="none" spellcheck="false"', false, {
      id: 'contato-site-ajuda',
      text: 'O endereço do site em questão, por exemplo <code>exemplo.com.br</code>.',
    }),
  );
  parts.push(`<div class="contato-campo">
<label for="${id('mensagem')}">Mensagem</label>
<p id="contato-mensagem-ajuda" class="small">O objetivo, a plataforma do site, prazos e o que já foi feito. Não envie senhas.</p>${errorText('mensagem', view)}
<textarea ${fieldAttributes('mensagem', view, 'contato-mensagem-ajuda')} rows="7" maxlength="${CONTACT_LIMITS.mensagem}" required>${escapeHtml(v.mensagem ?? '')}</textarea>
</div>`);
  parts.push(`<div class="contato-isca" aria-hidden="true"><label for="contato-${HONEYPOT_FIELD}">Não preencha este campo</label><input id="contato-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>`);
  parts.push(`<div class="contato-campo contato-consentimento">${errorText('consentimento', view)}
<input type="checkbox" ${fieldAttributes('consentimento', view)} value="sim" required${v.consentimento ? ' checked' : ''}>
<label for="${id('consentimento')}">Autorizo a Sinal Cognitivo a usar estes dados para responder a este contato, como descreve a <a href="/privacidade">política de privacidade</a> (LGPD).</label>
</div>`);
  parts.push('<p><button class="btn" type="submit">Enviar mensagem</button></p>');
  parts.push('</form>');
  parts.push(`<p class="small">Prefere e-mail? Escreva para <a href="mailto:${escapeHtml(view.email)}">${escapeHtml(view.email)}</a>.</p>`);
  parts.push('</section>', FORM_END);
  return parts.join('\n');
}

/** The confirmation that replaces the form once the lead is stored. */
export function renderConfirmation(nome: string, email: string, contactEmail: string): string {
  return [
    FORM_START,
    '<section id="formulario" class="panel contato-painel contato-confirmacao" aria-labelledby="formulario-titulo" tabindex="-1" autofocus>',
    '<h2 id="formulario-titulo">Mensagem recebida</h2>',
    `<p>Obrigado, ${escapeHtml(nome)}. A sua mensagem está registrada e respondemos em até 2 dias úteis no e-mail <strong>${escapeHtml(email)}</strong>.</p>`,
    `<p class="small">Se não receber resposta nesse prazo, escreva para <a href="mailto:${escapeHtml(contactEmail)}">${escapeHtml(contactEmail)}</a>.</p>`,
    '</section>',
    FORM_END,
  ].join('\n');
}
