/**
 * The ways to talk to the firm besides the form and the e-mail: WhatsApp, phone and a scheduling link. Each is
 * declared once, with the company facts (content/empresa.json `whatsapp`, `telefone`, `agendamento`), and the
 * deploy's environment overrides it (CONTACT_WHATSAPP, CONTACT_PHONE in E.164, CONTACT_SCHEDULING_URL).
 * src/model/company.ts merges the two (`effectiveCompany`); the build reads the result for every page (header,
 * footer, /contato, JSON-LD, llms.txt) and the functions for their own pages (functions/config.ts). Pure: no I/O.
 */

/** The environment variables that override the file, by the fact they replace. */
export const CONTACT_ENV = { whatsapp: 'CONTACT_WHATSAPP', telefone: 'CONTACT_PHONE', agendamento: 'CONTACT_SCHEDULING_URL' } as const;

/** The ways to talk that are configured; an absent one is shown nowhere (never a dead link). */
export interface ContactChannels {
  /** `wa.me/<digits>`, and the number as people read it. */
  whatsapp?: { digits: string; display: string };
  /** E.164 for `tel:`, and the number as people read it. */
  phone?: { e164: string; display: string };
  /** A scheduling page (Cal.com, Calendly…), https only. */
  scheduling?: { url: string };
}

/**
 * A number as people read it, from its digits with the country code: a Brazilian one as the company file writes
 * it (`5511987654321` → `+55 11 98765-4321`), any other as `+<digits>`.
 */
export function displayPhone(digits: string): string {
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return br ? `+55 ${br[1]} ${br[2]}-${br[3]}` : `+${digits}`;
}

/** The digits of a number written with its country code, in any usual punctuation (`+55 (11) 98765-4321`); undefined when not 10 to 15 digits. */
export function phoneNumberDigits(raw: string): string | undefined {
  const digits = raw.replace(/[\s()+.-]/g, '');
  return /^[0-9]{10,15}$/.test(digits) ? digits : undefined;
}

/** An E.164 number (`+5511987654321`: a plus, the country code, at most 15 digits), or undefined. */
export const e164 = (raw: string): string | undefined => (/^\+[1-9][0-9]{7,14}$/.test(raw) ? raw : undefined);

/** An absolute https URL, or undefined. */
export function httpsUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The `wa.me` link that opens a chat with `message` already written. */
export const whatsappHref = (digits: string, message: string): string => `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;

/** The `tel:` link of an E.164 number. */
export const telHref = (number: string): string => `tel:${number}`;

/** The facts the environment sets, in the company file's form, and what it set wrongly (ignored). */
export interface ContactOverrides {
  whatsapp?: string;
  telefone?: string;
  agendamento?: string;
  /** pt-BR, one per variable set wrongly: naming it, what was expected, and that the file's value stays. */
  problems: string[];
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** The overrides of `env`: a variable that is unset or empty leaves the file's fact; a malformed one is ignored and reported. */
export function contactOverrides(env: Readonly<Record<string, string | undefined>>): ContactOverrides {
  const out: ContactOverrides = { problems: [] };
  const whatsapp = nonEmpty(env[CONTACT_ENV.whatsapp]);
  if (whatsapp !== undefined) {
    const digits = phoneNumberDigits(whatsapp);
    if (digits) out.whatsapp = displayPhone(digits);
    else out.problems.push(`${CONTACT_ENV.whatsapp} não é um número com código do país (10 a 15 dígitos, por exemplo 5511987654321); vale o WhatsApp de content/empresa.json.`);
  }
  const phone = nonEmpty(env[CONTACT_ENV.telefone]);
  if (phone !== undefined) {
    const number = e164(phone);
    if (number) out.telefone = displayPhone(number.slice(1));
    else out.problems.push(`${CONTACT_ENV.telefone} não está no formato E.164 (+, código do país e número, sem espaços: +5511987654321); vale o telefone de content/empresa.json.`);
  }
  const scheduling = nonEmpty(env[CONTACT_ENV.agendamento]);
  if (scheduling !== undefined) {
    const url = httpsUrl(scheduling);
    if (url) out.agendamento = url;
    else out.problems.push(`${CONTACT_ENV.agendamento} não é um endereço https:// completo (por exemplo https://cal.com/sua-empresa); vale o agendamento de content/empresa.json.`);
  }
  return out;
}

/** The channels of a set of facts (the company file's, overrides applied): only the filled ones. */
export function channelsOf(facts: { whatsapp: string; telefone: string; agendamento: string }): ContactChannels {
  const whatsapp = facts.whatsapp ? phoneNumberDigits(facts.whatsapp) : undefined;
  const phone = facts.telefone ? phoneNumberDigits(facts.telefone) : undefined;
  const scheduling = facts.agendamento ? httpsUrl(facts.agendamento) : undefined;
  return {
    ...(whatsapp && { whatsapp: { digits: whatsapp, display: displayPhone(whatsapp) } }),
    ...(phone && { phone: { e164: `+${phone}`, display: displayPhone(phone) } }),
    ...(scheduling && { scheduling: { url: scheduling } }),
  };
}

/** Whether any way to talk besides the form and the e-mail is configured. */
export const hasChannels = (channels: ContactChannels): boolean => !!(channels.whatsapp || channels.phone || channels.scheduling);
