/**
 * The report of a result by e-mail (sent only when SMTP is configured): the same facts as the top of the result page,
 * in pt-BR, as plain text and HTML from the same blocks (functions/follow/messages.ts): what the grade means, the
 * fixes that matter most in the buyer's words, the result page and its developer section, and the paid diagnostic.
 * Nothing in it comes from the measured site but the (normalized) domain. One message per request: no list headers,
 * `Auto-Submitted: auto-replied` (RFC 3834: sent in answer to the person's own request).
 */
import { SITE_NAME } from '../../src/config/site.ts';
import { contactFormHref } from '../../src/model/contact.ts';
import { resultPath } from '../../src/model/measurement.ts';
import { SAMPLE_REPORT } from '../../src/model/offer.ts';
import { findProduct, priceLabel } from '../../src/model/prices.ts';
import { type Block, renderMessageBody } from '../follow/messages.ts';
import type { MailMessage } from '../follow/mail.ts';
import { ESFORCO_LABEL, verdictFor } from '../readiness/buyer-words.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { topFixes } from '../readiness/priorities.ts';
import { DEVELOPER_SECTION_ID, OFFER_PRODUCT_ID } from '../readiness/result-page.ts';

/** The subject of the report of a scored reading. */
export const reportSubject = (reading: Pick<Envelope, 'dominio' | 'nota' | 'grau'>): string =>
  `Relatório da medição de ${reading.dominio}: nota ${reading.nota} de 100, grau ${reading.grau}`;

export function reportMessage(origin: string, to: string, reading: Envelope): MailMessage {
  const subject = reportSubject(reading);
  const verdict = verdictFor(reading);
  const page = `${origin}${resultPath(reading.dominio)}`;
  const fixes = topFixes(reading);
  const product = findProduct(OFFER_PRODUCT_ID);
  const blocks: Block[] = [{ p: `${verdict.titulo}. ${verdict.texto}` }];
  if (verdict.limitada) blocks.push({ p: verdict.limitada });
  if (fixes.length) {
    blocks.push({ p: 'O que corrigir primeiro:' }, { ul: fixes.map((f) => `${f.titulo} (impacto ${f.impacto}, esforço ${ESFORCO_LABEL[f.esforco]}): ${f.explicacao}`) });
  } else {
    blocks.push({ p: 'Nada a corrigir: todas as verificações que se aplicam ao site passaram.' });
  }
  blocks.push({ link: page, label: 'O resultado completo, com o histórico' }, { link: `${page}#${DEVELOPER_SECTION_ID}`, label: 'Os detalhes técnicos, para quem cuida do site' });
  if (product) {
    blocks.push(
      { p: `Quer um plano feito por especialistas? ${product.nome}: ${priceLabel(product)}, entregue em ${product.prazo}.` },
      { link: `${origin}${contactFormHref({ site: reading.dominio, nota: reading.nota ?? undefined, produto: product.id })}`, label: 'Pedir proposta' },
      { link: `${origin}${SAMPLE_REPORT.path}`, label: SAMPLE_REPORT.rotulo },
    );
  }
  const footer: Block[] = [{ p: `Você recebe esta mensagem porque pediu o relatório de ${reading.dominio} na página do resultado, na ${SITE_NAME}. Não enviamos outras mensagens por causa deste pedido.` }];
  return { to, subject, ...renderMessageBody(subject, blocks, footer), headers: { 'Auto-Submitted': 'auto-replied' } };
}
