/**
 * Mail over SMTP for the follow-up of a domain (confirmation, alerts, monthly summaries), configured by two
 * variables: `SMTP_URL` (`smtp://user:pass@host:587`, STARTTLS; `smtps://…:465`, TLS from the first byte) and
 * `SMTP_FROM` (the sender, `Nome <endereco@dominio>`; default the site's name and CONTACT_EMAIL). Any provider's
 * SMTP endpoint works. Without SMTP_URL nothing is sent and following a domain is not offered.
 *
 * The client is nodemailer (the most used SMTP client for Node, maintained since 2010 by the author of the
 * `smtp-server` the tests receive with; it speaks STARTTLS, SMTPS and AUTH, and signs nothing itself: DKIM is
 * the provider's). Settings:
 *
 * - `smtp://` must upgrade with STARTTLS (`requireTLS`): a server that does not offer it is refused, so the
 *   password never crosses the network in the clear. Only a loopback relay (a local MTA, the tests) is spoken
 *   to without TLS;
 * - short timeouts (a dead server costs seconds, not a function's whole run), no file or URL access from
 *   message contents, no logger;
 * - the password lives in the settings object only: messages about a failure (`describeMailError`) name the
 *   SMTP code and reason with the user name and password cut out, and never the recipient.
 *
 * nodemailer (39 modules) is loaded on the first message sent, not with this module: every process that reads the
 * configuration imports this file, and most of them (the Netlify functions without SMTP_URL, `npm run contatos`,
 * each test process) never send mail.
 */
import { contactEmail, SITE_NAME } from '../../src/config/site.ts';

export interface MailSettings {
  host: string;
  port: number;
  /** TLS from the first byte (`smtps://`); otherwise STARTTLS. */
  secure: boolean;
  /** A loopback host: STARTTLS is not required. */
  loopback: boolean;
  user: string | undefined;
  pass: string | undefined;
  /** The From header. */
  from: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
/** One address, bare or as `Name <address>`, without line breaks. */
const FROM = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * SMTP_URL and SMTP_FROM read from the environment: the settings, or the reason they cannot be used (pt-BR, naming
 * the variable and the expected form, never the value, which holds the password). Both undefined without SMTP_URL.
 */
export function mailSettings(env: Record<string, string | undefined>): { mail?: MailSettings; problem?: string } {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return {};
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'SMTP_URL não é uma URL: use smtp://usuario:senha@servidor:587 (STARTTLS) ou smtps://usuario:senha@servidor:465 (TLS).' };
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return { problem: 'SMTP_URL precisa começar com smtp:// (porta 587, STARTTLS) ou smtps:// (porta 465, TLS).' };
  }
  if (!url.hostname) return { problem: 'SMTP_URL não diz o servidor: use smtp://usuario:senha@servidor:587.' };
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) {
    return { problem: 'SMTP_URL tem caminho, parâmetros ou fragmento; use só smtp://usuario:senha@servidor:porta.' };
  }
  const secure = url.protocol === 'smtps:';
  const from = env.SMTP_FROM?.trim() || `${SITE_NAME} <${contactEmail(env)}>`;
  if (!FROM.test(from)) return { problem: 'SMTP_FROM não é um remetente: use endereco@dominio ou Nome <endereco@dominio>.' };
  return {
    mail: {
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      loopback: LOOPBACK_HOSTS.has(url.hostname),
      user: url.username ? safeDecode(url.username) : undefined,
      pass: url.password ? safeDecode(url.password) : undefined,
      from,
    },
  };
}

/** A failure of the SMTP client as words for a log: the code and the server's reason, never a credential. */
export function describeMailError(error: unknown, settings: MailSettings): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown } | undefined;
  let text = [typeof e?.code === 'string' ? e.code : '', typeof e?.responseCode === 'number' ? String(e.responseCode) : '', typeof e?.message === 'string' ? e.message : String(error)]
    .filter(Boolean)
    .join(' ');
  for (const secret of [settings.pass, settings.user, settings.pass && encodeURIComponent(settings.pass), settings.user && encodeURIComponent(settings.user)]) {
    if (secret) text = text.split(secret).join('***');
  }
  return text.replace(/[\r\n]+/g, ' ').slice(0, 200);
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, Auto-Submitted). */
  headers?: Record<string, string>;
}

export type SendResult = { ok: true } | { ok: false; reason: string };

type Transport = ReturnType<(typeof import('nodemailer'))['default']['createTransport']>;
const transports = new WeakMap<MailSettings, Transport>();

async function transportFor(settings: MailSettings): Promise<Transport> {
  let transport = transports.get(settings);
  if (!transport) {
    const { default: nodemailer } = await import('nodemailer');
    transport = transports.get(settings) ?? nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      requireTLS: !settings.secure && !settings.loopback,
      ignoreTLS: settings.loopback && !settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      disableFileAccess: true,
      disableUrlAccess: true,
      logger: false,
      debug: false,
    });
    transports.set(settings, transport);
  }
  return transport;
}

/** Sends one message (plain text and HTML, UTF-8). Never throws: a failure comes back as a reason without credentials. */
export async function sendMail(settings: MailSettings, message: MailMessage): Promise<SendResult> {
  try {
    await (await transportFor(settings)).sendMail({
      from: settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      textEncoding: 'quoted-printable',
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: describeMailError(error, settings) };
  }
}
