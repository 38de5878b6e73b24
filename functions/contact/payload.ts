/**
 * The body POSTed to CONTACT_WEBHOOK_URL for one lead: the structured fields with their raw values (what an
 * automation reads), plus the human-readable summary that Slack (`text`) and Discord (`content`) display.
 * The visitor wrote part of that summary, and chat apps give text meaning, so each summary is escaped by its
 * own app's rules:
 *
 * - Slack (mrkdwn, "Formatting text for app surfaces", docs.slack.dev, read 2026-11): `&`, `<` and `>` are the
 *   control characters (links `<url|label>`, mentions `<!channel>`, `<@U…>`) and become `&amp;`, `&lt;`, `&gt;`;
 * - Discord (markdown, "Message Formatting" and "Execute Webhook", discord.com/developers/docs, API v10): no
 *   entities, so every markdown and mention character is backslash-escaped (`\<@id>`, `\[x\](url)`, `\*`), and
 *   `allowed_mentions: { parse: [] }` tells Discord to ping nobody whatever the text holds;
 * - in both, `@everyone`, `@here` and `@channel` get a zero-width space after the `@`, so neither app nor a
 *   human skimming the channel reads them as a mention.
 *
 * One-line fields stay on one line (no line break of any kind survives), and the message is quoted line by line
 * (`> `, the quote marker being ours and raw), so a line the visitor wrote ("Novo contato pelo site: …") can
 * never pass for a header of ours. Never the visitor's address, hashed or not.
 */
import { LINE_BREAKS } from '../../src/model/controls.ts';
import type { Lead } from './leads.ts';
import { resolveSubject } from './subject.ts';

/** Discord refuses `content` longer than this. */
export const DISCORD_CONTENT_MAX = 2000;

/** A chat app's escaping of one piece of visitor text. */
type Escape = (text: string) => string;

const MENTIONS = /@(everyone|here|channel)/gi;
const defuseMentions = (text: string): string => text.replace(MENTIONS, '@\u200b$1');

/** Slack: the three control characters as entities. */
export const slackEscape: Escape = (text) =>
  defuseMentions(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));

/** Discord: every character with a markdown or mention meaning behind a backslash. */
export const discordEscape: Escape = (text) => defuseMentions(text.replace(/[\\*_~`|<>[\]()#-]/g, '\\$&'));

const oneLine = (text: string): string => text.replace(LINE_BREAKS, ' ').trim();

/** The summary: our header lines (one field each, on one line), then the message quoted line by line. */
function summary(lead: Lead, escape: Escape): string {
  const { campos } = lead;
  const field = (value: string) => escape(oneLine(value));
  const lines = [
    lead.tipo === 'relatorio'
      ? `Pedido de relatório pelo site: ${escape('<')}${field(campos.email)}${escape('>')}`
      : `Novo contato pelo site: ${field(campos.nome)} ${escape('<')}${field(campos.email)}${escape('>')}`,
  ];
  if (campos.empresa) lines.push(`Empresa: ${field(campos.empresa)}`);
  if (campos.site) lines.push(`Site: ${field(campos.site)}`);
  if (campos.produto) {
    const subject = resolveSubject(campos.produto);
    lines.push(`Assunto: ${field(subject ? `${subject.label} (${campos.produto})` : campos.produto)}`);
  }
  if (campos.nota !== null) lines.push(`Nota da medição: ${campos.nota}${campos.grau ? ` (grau ${field(campos.grau)})` : ''}`);
  if (campos.resultado) lines.push(`Resultado: ${field(campos.resultado)}`);
  lines.push('Mensagem:');
  for (const line of campos.mensagem.split('\n')) lines.push(`> ${escape(line)}`);
  return lines.join('\n');
}

/** Cut to `max` characters without leaving half an escape (a trailing backslash or `&…;`) or half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max - 1);
  head = head.replace(/\\+$/, (slashes) => (slashes.length % 2 ? slashes.slice(1) : slashes)).replace(/&[a-z]*$/, '');
  if (/[\ud800-\udbff]$/.test(head)) head = head.slice(0, -1);
  return `${head}…`;
}

/** The webhook body of one lead. */
export function webhookPayload(lead: Lead, origin: string): Record<string, unknown> {
  const { campos } = lead;
  return {
    tipo: lead.tipo ?? 'contato',
    id: lead.id,
    recebidoEm: lead.recebidoEm,
    nome: campos.nome,
    email: campos.email,
    empresa: campos.empresa || null,
    site: campos.site || null,
    mensagem: campos.mensagem,
    nota: campos.nota,
    produto: campos.produto || null,
    grau: campos.grau ?? null,
    resultado: campos.resultado ?? null,
    origem: origin,
    text: summary(lead, slackEscape),
    content: cut(summary(lead, discordEscape), DISCORD_CONTENT_MAX),
    allowed_mentions: { parse: [] },
  };
}
