/**
 * A real SMTP receiver on loopback for the follow-up's mail tests (the `smtp-server` package, parsed with
 * `mailparser`, both of the nodemailer project): it asks for AUTH with a user and password of its own, records
 * every message it accepts (headers, plain text, HTML), can refuse the next messages (`failNext`) and can go down.
 * No STARTTLS on loopback (the client speaks plain SMTP to a loopback host only).
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header name (lower case) → value as text. */
  headers: Record<string, string>;
}

export interface SmtpReceiver {
  /** `smtp://user:password@127.0.0.1:<port>` (SMTP_URL). */
  url: string;
  user: string;
  password: string;
  messages: ReceivedMail[];
  /** Failed AUTH attempts. */
  authFailures: number;
  /** The next `count` messages are refused with a 451. */
  failNext(count: number): void;
  /** Resolves when `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const headerText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value) return String((value as { text: unknown }).text);
  if (value && typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return String(value);
};

export async function startSmtpReceiver(options: { user?: string; password?: string } = {}): Promise<SmtpReceiver> {
  const user = options.user ?? 'remetente';
  const password = options.password ?? `senha-smtp-${Math.random().toString(36).slice(2)}`;
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const state = { authFailures: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      state.authFailures++;
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Falha simulada do servidor'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          // The header lines as sent (mailparser folds List-* headers into one structured `list` entry).
          const headers: Record<string, string> = {};
          for (const [name, value] of mail.headers) headers[name.toLowerCase()] = headerText(value);
          for (const { key, line } of mail.headerLines) headers[key.toLowerCase()] = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    user,
    password,
    messages,
    get authFailures() {
      return state.authFailures;
    },
    failNext(count) {
      failures = count;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`o receptor SMTP recebeu ${messages.length} de ${count} mensagem(ns) em ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
