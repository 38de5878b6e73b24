/**
 * Runtime configuration of the functions, read once per process from the environment by the
 * adapters (`createServices`, functions/http/services.ts) and handed to handlers in the request context.
 * Every value that differs between deploys or holds a secret comes from an environment variable;
 * other engineers may add fields here (additively).
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isPreviewDeploy, siteOrigin } from '../src/config/site.ts';
import { upstashSettings } from './store/settings.ts';
import { REPLAY_BUDGET_DEFAULT } from './store/types.ts';
import { contactChannels, effectiveCompany } from '../src/model/company.ts';
import type { ContactChannels } from '../src/model/contact-channels.ts';
import { type MailSettings, mailSettings } from './follow/mail.ts';

/** The API's quotas (their windows, keys and stores: functions/limits/quotas.ts). */
export type RateLimitPolicyName = 'v1' | 'v1-public';

export interface Config {
  /** The service origin ({base_url}), without a trailing slash. */
  origin: string;
  /** A preview deploy: issued access tokens carry `sandbox: true`. */
  preview: boolean;
  /**
   * HS256 signing secret; undefined when AGENT_JWT_SECRET is missing on Netlify or weak anywhere (auth routes
   * answer 503; `npm start` refuses to start on a weak one, see `jwtSecretProblem`).
   */
  jwtSecret: string | undefined;
  /** Why AGENT_JWT_SECRET was refused (pt-BR, names the variable and how to make one); undefined when accepted or absent. */
  jwtSecretProblem: string | undefined;
  /** True when `jwtSecret` was generated for this process (local start without AGENT_JWT_SECRET). */
  jwtSecretEphemeral: boolean;
  /** Upstash Redis REST credentials; undefined selects the file store (DATA_DIR) or the in-memory one. */
  upstash: { url: string; token: string } | undefined;
  /**
   * Why the storage variables that are set cannot be used (pt-BR, names the variable and the expected form,
   * never a value); the store is then unusable (functions/store/unusable.ts), never a silent memory fallback.
   */
  storageProblem: string | undefined;
  /** Idempotency records the SQLite and Upstash stores keep at most (IDEMPOTENCY_MAX_RECORDS, default 20 000). */
  replayBudget: number;
  /** Requests per window of the API's quotas; the defaults are the contract's, raisable by RATE_LIMIT_V1 / RATE_LIMIT_PUBLIC. */
  rateLimits: Record<RateLimitPolicyName, number>;
  /** Salt for hashing client addresses before they are used as rate-limit keys. */
  addressSalt: string;
  /** Readiness instrument paused by the operator (READINESS_PAUSED=1): reads and measurements answer `estado: limite`. */
  readinessPaused: boolean;
  /** Tests only (READINESS_ALLOW_LOOPBACK=1): the instrument may measure `localhost:<port>` / `127.0.0.1:<port>` over http. */
  readinessAllowLoopback: boolean;
  /** Instrument gate: calls per minute shared by readiness reads and measurements (READINESS_GATE_PER_MINUTE, default 8). */
  readinessGatePerMinute: number;
  /** Free measurements per visitor per 24 h (READINESS_MEASUREMENTS_PER_DAY, default 3). */
  readinessMeasurementsPerDay: number;
  /**
   * Time limit of one measurement in ms (MEASUREMENT_BUDGET_MS, 20 s). Off Netlify READINESS_BUDGET_MS may set
   * another, so tests of the limit itself need not wait 20 s; on Netlify it is always the contract's 20 s.
   */
  readinessBudgetMs: number;
  /**
   * Private Ed25519 JWK of the reading agent (READER_SIGNING_KEY, JSON). Generated once per process when unset
   * locally; undefined on Netlify when unset (measurements and the key directory answer 503).
   */
  readerSigningKey: JsonWebKey | undefined;
  /** True when `readerSigningKey` was generated for this process. */
  readerSigningKeyEphemeral: boolean;
  /** Where contact-form leads are delivered as JSON (CONTACT_WEBHOOK_URL, http or https); undefined: stored only. */
  contactWebhookUrl: string | undefined;
  /**
   * The ways to talk (WhatsApp, phone, scheduling): content/empresa.json's, overridden by CONTACT_WHATSAPP,
   * CONTACT_PHONE and CONTACT_SCHEDULING_URL (src/model/contact-channels.ts); the build shows the same on every page.
   */
  contactChannels: ContactChannels;
  /** Digits of `wa.me/<digits>` for the offer after a result (`contactChannels.whatsapp`); undefined: no WhatsApp link. */
  contactWhatsapp: string | undefined;
  /** Folder of the file-backed store (DATA_DIR; `npm start` defaults it to `data/`); undefined without Upstash: in-memory store. */
  dataDir: string | undefined;
  /** SMTP of the follow-up mail (SMTP_URL, SMTP_FROM; functions/follow/mail.ts); undefined: following a domain is not offered. */
  mail: MailSettings | undefined;
  /** Why SMTP_URL or SMTP_FROM was refused (pt-BR, names the variable, never its value); undefined when accepted or absent. */
  mailProblem: string | undefined;
  /** Seconds between two measurements of a followed domain (FOLLOW_INTERVAL_S, default a week). */
  followIntervalSeconds: number;
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** A positive integer from the environment, or the default (invalid values are ignored with a warning). */
function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (Number.isSafeInteger(value) && value >= 1) return value;
  console.warn(`[config] ${name}="${raw}" não é um inteiro positivo; usando ${fallback}.`);
  return fallback;
}

/** HS256 keys shorter than the hash output (RFC 7518 §3.2: at least 256 bits) are refused. */
export const MIN_JWT_SECRET_BYTES = 32;

/** The contract's time limit of one measurement of the readiness instrument (20 s). */
export const MEASUREMENT_BUDGET_MS = 20_000;

/** The reason a configured AGENT_JWT_SECRET is refused, or undefined when it is long enough. */
export function jwtSecretProblem(secret: string): string | undefined {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes >= MIN_JWT_SECRET_BYTES) return undefined;
  return (
    `AGENT_JWT_SECRET tem ${bytes} byte${bytes === 1 ? '' : 's'}; o mínimo é ${MIN_JWT_SECRET_BYTES} bytes (256 bits). ` +
    'Gere um segredo forte com `npm run secrets` e copie a linha AGENT_JWT_SECRET=… impressa para o ambiente ' +
    '(ou, em desenvolvimento, remova a variável para usar um segredo efêmero).'
  );
}

/** Generated once per process and reused by every `loadConfig` call (tokens stay valid while the process lives). */
let ephemeralSecret: string | undefined;
function ephemeralJwtSecret(): string {
  if (!ephemeralSecret) {
    ephemeralSecret = randomBytes(32).toString('base64url');
    console.warn(
      '[config] AGENT_JWT_SECRET não definido: usando um segredo efêmero gerado para este processo. ' +
        'Os tokens emitidos deixam de valer quando o servidor reinicia. Defina AGENT_JWT_SECRET para tokens estáveis.',
    );
  }
  return ephemeralSecret;
}

/** The reading agent's ephemeral key, generated once per process (local start without READER_SIGNING_KEY). */
let ephemeralReaderKey: JsonWebKey | undefined;
function ephemeralReaderSigningKey(): JsonWebKey {
  if (!ephemeralReaderKey) {
    const { privateKey } = generateKeyPairSync('ed25519');
    ephemeralReaderKey = privateKey.export({ format: 'jwk' }) as JsonWebKey;
    console.warn(
      '[config] READER_SIGNING_KEY não definido: o agente de leitura usa uma chave Ed25519 efêmera gerada para este processo. ' +
        'O diretório de chaves muda quando o servidor reinicia. Defina READER_SIGNING_KEY (JWK privada) para uma chave estável.',
    );
  }
  return ephemeralReaderKey;
}

/** READER_SIGNING_KEY parsed as a private Ed25519 JWK, or undefined (with a warning) when malformed. */
export function readerSigningKeyFrom(raw: string | undefined): JsonWebKey | undefined {
  if (raw === undefined) return undefined;
  try {
    const jwk = JSON.parse(raw) as JsonWebKey;
    if (jwk && jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string' && typeof jwk.d === 'string') {
      return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d };
    }
  } catch {
    // fall through
  }
  console.warn('[config] READER_SIGNING_KEY não é uma JWK privada Ed25519 (kty OKP, crv Ed25519, x, d); ignorada.');
  return undefined;
}

/**
 * Reads the configuration from `env`. Origin and preview detection reuse src/config/site.ts, evaluated
 * against the same `env`.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const origin = siteOrigin(env);
  const preview = isPreviewDeploy(env);
  const onNetlify = nonEmpty(env.NETLIFY) === 'true';

  const configuredSecret = nonEmpty(env.AGENT_JWT_SECRET);
  // A weak secret is never used, not even locally (no silent fallback to an ephemeral one: the mistake must show).
  const secretProblem = configuredSecret === undefined ? undefined : jwtSecretProblem(configuredSecret);
  const jwtSecret = secretProblem ? undefined : (configuredSecret ?? (onNetlify ? undefined : ephemeralJwtSecret()));

  const storage = upstashSettings(nonEmpty(env.UPSTASH_REDIS_REST_URL), nonEmpty(env.UPSTASH_REDIS_REST_TOKEN));

  const addressSalt =
    nonEmpty(env.RATE_LIMIT_SALT) ??
    createHash('sha256')
      .update(`rate-limit-salt\0${configuredSecret ?? ''}\0${origin}`)
      .digest('base64url');

  return {
    origin,
    preview,
    jwtSecret,
    jwtSecretProblem: secretProblem,
    jwtSecretEphemeral: configuredSecret === undefined && jwtSecret !== undefined,
    upstash: storage.upstash,
    storageProblem: storage.problem,
    replayBudget: positiveInt(env, 'IDEMPOTENCY_MAX_RECORDS', REPLAY_BUDGET_DEFAULT),
    rateLimits: {
      v1: positiveInt(env, 'RATE_LIMIT_V1', 120),
      'v1-public': positiveInt(env, 'RATE_LIMIT_PUBLIC', 60),
    },
    addressSalt,
    readinessPaused: nonEmpty(env.READINESS_PAUSED) === '1',
    // Never on Netlify: measuring loopback is for the test suite only.
    readinessAllowLoopback: !onNetlify && nonEmpty(env.READINESS_ALLOW_LOOPBACK) === '1',
    readinessGatePerMinute: positiveInt(env, 'READINESS_GATE_PER_MINUTE', 8),
    readinessMeasurementsPerDay: positiveInt(env, 'READINESS_MEASUREMENTS_PER_DAY', 3),
    readinessBudgetMs: onNetlify ? MEASUREMENT_BUDGET_MS : positiveInt(env, 'READINESS_BUDGET_MS', MEASUREMENT_BUDGET_MS),
    ...readerKey(env, onNetlify),
    contactWebhookUrl: webhookUrl(nonEmpty(env.CONTACT_WEBHOOK_URL)),
    ...contactWays(env),
    dataDir: nonEmpty(env.DATA_DIR),
    ...followSettings(env),
  };
}

/** A week: how often a followed domain is measured again unless FOLLOW_INTERVAL_S says otherwise. */
export const FOLLOW_INTERVAL_DEFAULT_SECONDS = 7 * 24 * 3600;

function followSettings(env: Record<string, string | undefined>): Pick<Config, 'mail' | 'mailProblem' | 'followIntervalSeconds'> {
  const { mail, problem } = mailSettings(env);
  if (problem) console.warn(`[config] ${problem} O acompanhamento de domínios por e-mail fica desligado.`);
  return { mail, mailProblem: problem, followIntervalSeconds: positiveInt(env, 'FOLLOW_INTERVAL_S', FOLLOW_INTERVAL_DEFAULT_SECONDS) };
}

/** CONTACT_WEBHOOK_URL when it is an absolute http(s) URL; otherwise undefined, with a warning that names the variable. */
function webhookUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // fall through
  }
  console.warn('[config] CONTACT_WEBHOOK_URL não é uma URL http(s) absoluta; os contatos ficam só armazenados.');
  return undefined;
}

/** The ways to talk of this environment (a malformed variable is ignored with a warning that names it). */
function contactWays(env: Record<string, string | undefined>): Pick<Config, 'contactChannels' | 'contactWhatsapp'> {
  const channels = contactChannels(effectiveCompany(env));
  return { contactChannels: channels, contactWhatsapp: channels.whatsapp?.digits };
}

function readerKey(env: Record<string, string | undefined>, onNetlify: boolean): Pick<Config, 'readerSigningKey' | 'readerSigningKeyEphemeral'> {
  const configured = readerSigningKeyFrom(nonEmpty(env.READER_SIGNING_KEY));
  if (configured) return { readerSigningKey: configured, readerSigningKeyEphemeral: false };
  if (onNetlify) return { readerSigningKey: undefined, readerSigningKeyEphemeral: false };
  return { readerSigningKey: ephemeralReaderSigningKey(), readerSigningKeyEphemeral: true };
}
