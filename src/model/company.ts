/**
 * The firm's facts, read from content/empresa.json and validated once, with the contact e-mail of the deploy
 * (CONTACT_EMAIL) and the deploy's ways to talk (CONTACT_WHATSAPP, CONTACT_PHONE, CONTACT_SCHEDULING_URL override
 * the file's: ./contact-channels.ts). The header, the footer, /contato and /sobre (src/components/CompanyFacts.astro),
 * the Organization JSON-LD (src/lib/schema-org.ts) and /llms.txt (src/lib/llms.ts) all read them from here; an
 * empty fact is shown nowhere.
 */
import raw from '../../content/empresa.json' with { type: 'json' };
import { type Env, contactEmail, processEnv } from '../config/site.ts';
import { formatCnpj } from './cnpj.ts';
import { type ContactChannels, channelsOf, contactOverrides, whatsappHref } from './contact-channels.ts';
import { DIAS_DA_SEMANA, type Empresa, empresaSchema } from './content.ts';
import { parseOrThrow } from './validation.ts';

export const COMPANY_FILE = 'content/empresa.json';

let cached: Empresa | undefined;
/** The validated file; `data` replaces it (tests). */
export const loadCompany = (data?: unknown): Empresa =>
  data === undefined ? (cached ??= parseOrThrow(empresaSchema, raw, COMPANY_FILE)) : parseOrThrow(empresaSchema, data, COMPANY_FILE);

const effective = new Map<string, Empresa>();
/**
 * The facts as the deploy shows them: the file's (or `e`), with the ways to talk the environment sets. A malformed
 * variable is ignored, with a warning naming it once per process and value. The build reads the process's
 * environment; the functions pass their own (functions/config.ts).
 */
export function effectiveCompany(env: Env = processEnv(), e?: Empresa): Empresa {
  const overrides = contactOverrides(env);
  const key = JSON.stringify(overrides);
  const found = e ? undefined : effective.get(key);
  if (found) return found;
  const result: Empresa = {
    ...(e ?? loadCompany()),
    ...(overrides.whatsapp && { whatsapp: overrides.whatsapp }),
    ...(overrides.telefone && { telefone: overrides.telefone }),
    ...(overrides.agendamento && { agendamento: overrides.agendamento }),
  };
  if (!e) {
    for (const problem of overrides.problems) console.warn(`[config] ${problem}`);
    effective.set(key, result);
  }
  return result;
}

/** The deploy's ways to talk (WhatsApp, phone, scheduling), from the effective facts: only the configured ones. */
export const contactChannels = (e: Empresa = effectiveCompany()): ContactChannels => channelsOf(e);

/** The message a WhatsApp conversation opens with, written for the visitor (`assunto`: what they came about). */
export const whatsappMessage = (assunto?: string, e: Empresa = loadCompany()): string =>
  `Olá! Vim pelo site da ${e.nomeFantasia} e quero conversar sobre ${assunto ?? 'a visibilidade do meu site nas buscas e nas IAs'}.`;

/** The WhatsApp link of the deploy with the pre-filled message, or undefined when there is no WhatsApp. */
export function whatsappLink(assunto?: string, channels: ContactChannels = contactChannels()): string | undefined {
  return channels.whatsapp && whatsappHref(channels.whatsapp.digits, whatsappMessage(assunto));
}

type Dia = (typeof DIAS_DA_SEMANA)[number];
const DIA_NOME: Record<Dia, string> = { seg: 'segunda', ter: 'terça', qua: 'quarta', qui: 'quinta', sex: 'sexta', sab: 'sábado', dom: 'domingo' };
/** schema.org's days (https://schema.org/DayOfWeek). */
export const SCHEMA_DAY: Record<Dia, string> = {
  seg: 'Monday',
  ter: 'Tuesday',
  qua: 'Wednesday',
  qui: 'Thursday',
  sex: 'Friday',
  sab: 'Saturday',
  dom: 'Sunday',
};

/** `09:00` → `9h`, `18:30` → `18h30`. */
const hour = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return `${Number(h)}h${m === '00' ? '' : m}`;
};

/** The days in week order, runs of consecutive days as "segunda a sexta". */
function daysText(days: readonly Dia[]): string {
  const idx = [...new Set(days)].map((d) => DIAS_DA_SEMANA.indexOf(d)).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const i of idx) {
    const last = runs.at(-1);
    if (last && last.at(-1) === i - 1) last.push(i);
    else runs.push([i]);
  }
  const parts = runs.map((r) =>
    r.length >= 3 ? `${DIA_NOME[DIAS_DA_SEMANA[r[0]!]!]} a ${DIA_NOME[DIAS_DA_SEMANA[r.at(-1)!]!]}` : r.map((i) => DIA_NOME[DIAS_DA_SEMANA[i]!]).join(', '),
  );
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : (parts[0] ?? '');
}

/** A Brazilian phone number for `tel:` and `wa.me` links: `+55 11 3000-0000` → `+551130000000`. */
export const phoneDigits = (phone: string): string => `+${phone.replace(/\D/g, '')}`;

/** The firm's facts as shown, each with its label; only the filled ones. */
export interface CompanyFact {
  id: 'razaoSocial' | 'cnpj' | 'endereco' | 'telefone' | 'whatsapp' | 'agendamento' | 'email' | 'horario' | 'fundacao' | 'perfis';
  rotulo: string;
  /** Text (one line), or one line per item. */
  valor: string | string[];
  /** Link of the value (tel:, mailto:, WhatsApp). */
  href?: string;
}

/** The postal address in one line, as written in Brazil; undefined when not even the city is known. */
export function addressLine(e: Empresa = loadCompany()): string | undefined {
  const a = e.endereco;
  const street = [a.logradouro, a.numero].filter(Boolean).join(', ');
  const first = [street, a.complemento].filter(Boolean).join(' — ');
  const city = [a.cidade, a.uf].filter(Boolean).join(', ');
  const line = [first, a.bairro, city].filter(Boolean).join(' — ');
  const withCep = a.cep ? `${line}, CEP ${a.cep}` : line;
  return withCep || undefined;
}

export const hoursText = (e: Empresa = loadCompany()): string | undefined =>
  e.horario.dias.length ? `${daysText(e.horario.dias)}, das ${hour(e.horario.abre)} às ${hour(e.horario.fecha)} (horário de Brasília)` : undefined;

/** The facts to show, in reading order; an empty fact is left out. The e-mail is CONTACT_EMAIL's. */
export function companyFacts(e: Empresa = effectiveCompany()): CompanyFact[] {
  const channels = contactChannels(e);
  const facts: (CompanyFact | false)[] = [
    !!e.razaoSocial && { id: 'razaoSocial', rotulo: 'Razão social', valor: e.razaoSocial },
    !!e.cnpj && { id: 'cnpj', rotulo: 'CNPJ', valor: formatCnpj(e.cnpj) },
    !!addressLine(e) && { id: 'endereco', rotulo: 'Sede', valor: addressLine(e)! },
    !!channels.phone && { id: 'telefone', rotulo: 'Telefone', valor: channels.phone.display, href: `tel:${channels.phone.e164}` },
    !!channels.whatsapp && { id: 'whatsapp', rotulo: 'WhatsApp', valor: channels.whatsapp.display, href: whatsappLink(undefined, channels)! },
    !!channels.scheduling && { id: 'agendamento', rotulo: 'Agendamento', valor: 'marque um horário para conversar', href: channels.scheduling.url },
    { id: 'email', rotulo: 'E-mail', valor: contactEmail(), href: `mailto:${contactEmail()}` },
    !!hoursText(e) && { id: 'horario', rotulo: 'Horário de atendimento', valor: hoursText(e)! },
    e.fundacao !== null && { id: 'fundacao', rotulo: 'Fundada em', valor: String(e.fundacao) },
    e.perfis.length > 0 && { id: 'perfis', rotulo: 'Perfis oficiais', valor: e.perfis },
  ];
  return facts.filter((f): f is CompanyFact => !!f);
}

/**
 * The facts a reader (and Google's quality raters) look for to trust a firm, which the file does not state yet.
 * WhatsApp is left out: a firm may well not use it.
 */
export function missingTrustFacts(e: Empresa = effectiveCompany()): string[] {
  const a = e.endereco;
  return [
    !e.razaoSocial && 'razão social',
    !e.cnpj && 'CNPJ',
    !(a.logradouro && a.numero && a.cidade && a.uf && a.cep) && 'endereço completo (logradouro, número, cidade, UF e CEP)',
    !e.telefone && 'telefone',
    !e.horario.dias.length && 'horário de atendimento',
    e.fundacao === null && 'ano de fundação',
    !e.perfis.length && 'perfis oficiais',
  ].filter((m): m is string => !!m);
}

/**
 * The warning of a production build on Netlify (`CONTEXT=production`) while trust facts are missing, or undefined.
 * Not an error: the firm publishes what it has, and the build says what is still to fill.
 */
export function missingFactsWarning(env: Record<string, string | undefined> = process.env, e: Empresa = effectiveCompany(env)): string | undefined {
  if (env.CONTEXT !== 'production') return undefined;
  const missing = missingTrustFacts(e);
  if (!missing.length) return undefined;
  return `${COMPANY_FILE}: faltam fatos que dão confiança a quem avalia a empresa: ${missing.join('; ')}. Preencha-os quando forem confirmados (nada é inventado: um fato vazio não aparece no site).`;
}
