/**
 * Validation of a contact submission (no HTTP here): the posted form fields become a clean `ContactFields`
 * or a list of pt-BR errors, one per field, in the form's order (the first one gets the focus).
 */
import { CONTACT_LIMITS, HONEYPOT_FIELD } from '../../src/model/contact.ts';
import { hasControls, stripControls } from '../../src/model/controls.ts';

export interface ContactFields {
  nome: string;
  email: string;
  empresa: string;
  site: string;
  mensagem: string;
  /** Score of the free measurement the visitor came from (0–100), when given. */
  nota: number | null;
  /** Slug of the product the visitor asked about, when given. */
  produto: string;
  /** The grade of the reading a lead is about (a report asked for under a result); absent on the form's leads. */
  grau?: string | null;
  /** The address of that reading's result page. */
  resultado?: string;
}

/** The form's fields in page order (errors are reported in this order). */
export const FIELD_ORDER = ['nome', 'email', 'empresa', 'site', 'mensagem', 'consentimento'] as const;
export type FieldName = (typeof FIELD_ORDER)[number];

export interface FieldError {
  field: FieldName;
  message: string;
}

export type Validation =
  | { ok: true; fields: ContactFields; bot: boolean }
  | { ok: false; errors: FieldError[]; values: FormValues };

/** What the visitor typed, kept to re-render the form (trimmed, capped). */
export type FormValues = Omit<ContactFields, 'nota'> & { nota: string; consentimento: boolean };

/** A pragmatic address check: one @, a dotted domain, no spaces or angle brackets (the mail server is the real judge). */
export const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/**
 * Text without control or bidirectional characters (C0, DEL, C1, overrides, isolates: src/model/controls.ts),
 * on one line (line breaks become spaces) unless `multiline`, trimmed. What reaches the webhook, the store and
 * the terminal of `npm run contatos` is what a person reads.
 */
const clean = (value: string | null, multiline = false): string => stripControls((value ?? '').normalize('NFC'), multiline).trim();

const parseNota = (raw: string): number | null => (/^\d{1,3}$/.test(raw) && Number(raw) <= 100 ? Number(raw) : null);

/** The prefill of a GET (`?site=`, `?nota=`, `?produto=`): invalid values are dropped, never an error. */
export function prefillValues(params: URLSearchParams): FormValues {
  const site = clean(params.get('site')).slice(0, CONTACT_LIMITS.site);
  const nota = parseNota(clean(params.get('nota')));
  const produto = clean(params.get('produto')).toLowerCase();
  return {
    nome: '',
    email: '',
    empresa: '',
    site,
    mensagem: '',
    nota: nota === null ? '' : String(nota),
    produto: SLUG.test(produto) ? produto : '',
    consentimento: false,
  };
}

/** Validates a posted form (`application/x-www-form-urlencoded`, already parsed). */
export function validateContact(form: URLSearchParams): Validation {
  const rawEmail = form.get('email') ?? '';
  const values: FormValues = {
    nome: clean(form.get('nome')),
    email: clean(form.get('email')),
    empresa: clean(form.get('empresa')),
    site: clean(form.get('site')),
    mensagem: clean(form.get('mensagem'), true),
    nota: clean(form.get('nota')),
    produto: clean(form.get('produto')).toLowerCase(),
    consentimento: form.get('consentimento') === 'sim',
  };
  const errors: FieldError[] = [];
  const tooLong = (field: keyof typeof CONTACT_LIMITS & FieldName, label: string) => {
    if (values[field].length > CONTACT_LIMITS[field]) errors.push({ field, message: `${label} pode ter até ${CONTACT_LIMITS[field]} caracteres.` });
    return values[field].length > CONTACT_LIMITS[field];
  };
  if (!values.nome) errors.push({ field: 'nome', message: 'Informe o seu nome.' });
  else tooLong('nome', 'O nome');
  if (!values.email) errors.push({ field: 'email', message: 'Informe o seu e-mail, para podermos responder.' });
  else if (!tooLong('email', 'O e-mail')) {
    // An address with invisible characters is refused, not silently changed: what was typed is not what it says.
    if (hasControls(rawEmail.trim())) {
      errors.push({ field: 'email', message: 'Confira o e-mail: ele tem caracteres invisíveis ou de controle. Digite o endereço de novo, no formato nome@empresa.com.br.' });
    } else if (!EMAIL.test(values.email)) {
      errors.push({ field: 'email', message: 'Confira o e-mail: ele precisa ter o formato nome@empresa.com.br.' });
    }
  }
  tooLong('empresa', 'O nome da empresa');
  tooLong('site', 'O endereço do site');
  if (!values.mensagem) errors.push({ field: 'mensagem', message: 'Escreva a sua mensagem: conte o que você precisa.' });
  else tooLong('mensagem', 'A mensagem');
  if (!values.consentimento) {
    errors.push({ field: 'consentimento', message: 'Para enviar, autorize o uso dos seus dados para responder ao contato.' });
  }
  errors.sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
  // Hidden context fields: invalid values are dropped, never shown as an error.
  const nota = parseNota(values.nota);
  if (!SLUG.test(values.produto)) values.produto = '';
  if (errors.length) {
    // Never echo more than the field allows (a huge value would make a huge page).
    for (const field of ['nome', 'email', 'empresa', 'site', 'mensagem'] as const) values[field] = values[field].slice(0, CONTACT_LIMITS[field]);
    return { ok: false, errors, values: { ...values, nota: nota === null ? '' : String(nota) } };
  }
  const { consentimento: _, ...rest } = values;
  return { ok: true, fields: { ...rest, nota }, bot: (form.get(HONEYPOT_FIELD) ?? '') !== '' };
}
