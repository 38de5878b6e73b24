/**
 * "Receber o relatório por e-mail" (issue 20, item 2): the form under a result, self-contained (class names
 * `relatorio-*`, styled by /medicao.css, which every page showing a result links). A plain POST to REPORT_PATH
 * that works without JavaScript; /medicao.js sends the same form with fetch and shows the answer in place. The
 * address travels in the body, never in a URL. Also rendered, with the error said beside the field, on the page
 * that refuses a bad request (functions/report/handler.ts).
 */
import { SITE_NAME } from '../../src/config/site.ts';
import { CONTACT_LIMITS, HONEYPOT_FIELD } from '../../src/model/contact.ts';
import { escapeHtml } from '../../src/model/escape.ts';
import { REPORT_PATH } from '../../src/model/paths.ts';
import type { DomainRequestField as ReportField } from '../contact/domain-request.ts';

export interface ReportFormView {
  /** What was typed, kept when the form comes back with an error. */
  email?: string;
  /** The refusal, said above the form; with `campo`, tied to that field (`aria-invalid`, `aria-describedby`, focus). */
  erro?: { campo?: ReportField; texto: string };
  /** The section's heading level: 3 under a result, 2 on a page of its own. */
  nivel?: 2 | 3;
}

const ERROR_ID = 'relatorio-erro';

/** The section under a result of `dominio` (the caller shows it only for a scored reading). */
export function renderReportSection(dominio: string, view: ReportFormView = {}): string {
  const error = view.erro;
  const invalid = (field: ReportField) => (error?.campo === field ? ` aria-invalid="true" autofocus` : '');
  const described = (field: ReportField, base: string) => (error?.campo === field ? `${base} ${ERROR_ID}` : base);
  return [
    '<section class="relatorio panel" aria-labelledby="relatorio-titulo">',
    `<h${view.nivel ?? 3} id="relatorio-titulo">Receber o relatório por e-mail</h${view.nivel ?? 3}>`,
    `<p>O resultado de <strong>${escapeHtml(dominio)}</strong> no seu e-mail: a nota, o que ela significa, o que corrigir primeiro e o link desta página, para guardar ou repassar a quem cuida do site.</p>`,
    `<form class="relatorio-form" method="post" action="${REPORT_PATH}" data-relatorio>`,
    `<input type="hidden" name="dominio" value="${escapeHtml(dominio)}">`,
    error ? `<p class="relatorio-erro" id="${ERROR_ID}" role="alert">${escapeHtml(error.texto)}</p>` : '',
    '<div class="relatorio-campo"><label for="relatorio-email">Seu e-mail</label>',
    `<input id="relatorio-email" name="email" type="email" inputmode="email" autocomplete="email" autocapitalize="none" spellcheck="false" required maxlength="${CONTACT_LIMITS.email}" value="${escapeHtml(view.email ?? '')}" aria-describedby="${described('email', 'relatorio-termos')}"${invalid('email')}></div>`,
    `<div class="contato-isca" aria-hidden="true"><label for="relatorio-${HONEYPOT_FIELD}">Não preencha este campo</label><input id="relatorio-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>`,
    `<div class="relatorio-aceite"><input type="checkbox" id="relatorio-consentimento" name="consentimento" value="sim" required${error?.campo === 'consentimento' ? ` aria-describedby="${ERROR_ID}"` : ''}${invalid('consentimento')}>`,
    `<label for="relatorio-consentimento">Autorizo o envio deste relatório ao meu e-mail e o contato da equipe da ${escapeHtml(SITE_NAME)} sobre ele, como descreve a <a href="/privacidade">política de privacidade</a> (LGPD).</label></div>`,
    '<p id="relatorio-termos" class="small">Uma mensagem, com este relatório: o seu e-mail não entra em lista nenhuma.</p>',
    '<p class="relatorio-enviar"><button class="btn" type="submit">Receber o relatório</button></p>',
    '<p class="relatorio-status" role="status" data-relatorio-status></p>',
    '</form>',
    '</section>',
  ]
    .filter(Boolean)
    .join('\n');
}
