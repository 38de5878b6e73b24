/**
 * "Acompanhar este domínio": the offer under a result, self-contained (its own class names `acompanhar-*` and
 * stylesheet /acompanhar.css, linked from the section itself; no script), so a new layout can move it. Not offered without SMTP (`config.mail`).
 * The consent text says, in pt-BR, what for, what is sent and how often, and what happens to the address; the
 * form posts the address (never in a URL) with the domain and an explicit consent checkbox.
 */
import { CONTACT_LIMITS, HONEYPOT_FIELD } from '../../src/model/contact.ts';
import { SITE_NAME } from '../../src/config/site.ts';
import type { Config } from '../config.ts';
import { escapeHtml } from '../../src/model/escape.ts';
import { FOLLOW_PATH } from '../../src/model/paths.ts';
import { describeInterval } from './messages.ts';

export const FOLLOW_STYLESHEET = '/acompanhar.css';

/** The consent text's items: purpose, what is sent, how often, the address. */
export function consentItems(dominio: string, intervalSeconds: number): { titulo: string; texto: string }[] {
  const every = describeInterval(intervalSeconds);
  return [
    { titulo: 'Para quê', texto: `Medir ${dominio} de novo ${every}, com o mesmo medidor desta página, e avisar você quando a prontidão piorar.` },
    {
      titulo: 'O que enviamos',
      texto:
        'Agora, um e-mail para você confirmar o pedido (sem a confirmação, nada mais é enviado). Depois, um aviso quando o grau cair ou uma verificação piorar, dizendo o que mudou e se a mudança veio do site ou do método; e, quando nada piorar, um resumo do mês.',
    },
    { titulo: 'Com que frequência', texto: `No máximo uma mensagem por medição (${every}); o resumo, uma vez por mês.` },
    {
      titulo: 'O seu e-mail',
      texto: `Fica guardado enquanto o acompanhamento durar, e a equipe da ${SITE_NAME} pode escrever para você sobre o resultado. Cada mensagem tem um link para parar com um clique, sem login; ao parar, o endereço sai do acompanhamento.`,
    },
  ];
}

/** The section under a result; empty when following is not offered (no SMTP). */
export function renderFollowSection(config: Pick<Config, 'mail' | 'followIntervalSeconds'>, dominio: string): string {
  if (!config.mail) return '';
  const items = consentItems(dominio, config.followIntervalSeconds);
  return [
    '<section class="acompanhar panel" aria-labelledby="acompanhar-titulo">',
    // Its own stylesheet, linked from the section: styled wherever the section is placed.
    `<link rel="stylesheet" href="${FOLLOW_STYLESHEET}">`,
    '<h3 id="acompanhar-titulo">Acompanhar este domínio</h3>',
    `<p>Receba um aviso por e-mail quando a prontidão de <strong>${escapeHtml(dominio)}</strong> piorar.</p>`,
    `<form class="acompanhar-form" method="post" action="${FOLLOW_PATH}">`,
    `<input type="hidden" name="dominio" value="${escapeHtml(dominio)}">`,
    '<div class="acompanhar-campo"><label for="acompanhar-email">Seu e-mail</label>',
    `<input id="acompanhar-email" name="email" type="email" inputmode="email" autocomplete="email" autocapitalize="none" spellcheck="false" required maxlength="${CONTACT_LIMITS.email}" aria-describedby="acompanhar-termos"></div>`,
    `<dl id="acompanhar-termos" class="acompanhar-termos">${items.map((i) => `<dt>${escapeHtml(i.titulo)}</dt><dd>${escapeHtml(i.texto)}</dd>`).join('')}</dl>`,
    `<div class="contato-isca" aria-hidden="true"><label for="acompanhar-${HONEYPOT_FIELD}">Não preencha este campo</label><input id="acompanhar-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>`,
    '<div class="acompanhar-aceite"><input type="checkbox" id="acompanhar-consentimento" name="consentimento" value="sim" required>',
    `<label for="acompanhar-consentimento">Quero acompanhar ${escapeHtml(dominio)} e aceito receber estas mensagens, como descreve a <a href="/privacidade">política de privacidade</a> (LGPD).</label></div>`,
    '<button class="btn" type="submit">Acompanhar por e-mail</button>',
    '</form>',
    '</section>',
  ].join('\n');
}
