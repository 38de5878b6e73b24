/**
 * One run of the CI gate: read the arguments and the baseline, measure the target with the instrument itself
 * (`measure`, functions/readiness/measure.ts: the same checks, sample, budget and scoring as the free measurement,
 * with no server and no store), judge, save the reading when asked, print the report, and return the exit code.
 *
 * The reader identifies itself as on the site: its User-Agent names `SITE_URL`'s origin (`/agentes`), and requests
 * are signed (Web Bot Auth) with `READER_SIGNING_KEY` when set, else with a key made for this run, which no
 * published directory lists (a verifier treats such a signature as unverified, like any unknown bot's).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { readerSigningKeyFrom } from '../../../functions/config.ts';
import { readerKeyFrom } from '../../../functions/readiness/agent/signing.ts';
import { AnalysisCutShort } from '../../../functions/readiness/deadline.ts';
import { isLoopbackTarget, normalizeDomain } from '../../../functions/readiness/domain.ts';
import type { Envelope } from '../../../src/model/reading.ts';
import { measure } from '../../../functions/readiness/measure.ts';
import { siteOrigin } from '../../../src/config/site.ts';
import { type MedirOptions, parseMedirArgs, USAGE } from './options.ts';
import { renderMarkdown, renderText } from './render.ts';
import { type Criteria, EXIT, invalidRun, judge, type MedirReport, medirJsonSchema, parseBaseline } from './report.ts';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
}

const criteriaOf = (options: MedirOptions): Criteria => ({ alvo: options.alvo, notaMinima: options.notaMinima, linhaDeBase: options.linhaDeBase, tolerancia: options.tolerancia });

/** The domain the instrument measures, from what was given (an origin, a URL, a domain), or why it cannot be measured. */
export function targetOf(options: Pick<MedirOptions, 'alvo' | 'permitirLocal'>): { ok: true; dominio: string } | { ok: false; motivo: string } {
  const local = normalizeDomain(options.alvo, { allowLoopback: true });
  if (local.ok && isLoopbackTarget(local.domain)) {
    if (!options.permitirLocal) return { ok: false, motivo: `${options.alvo} é um endereço local: use --permitir-local para medir http://localhost:<porta> ou http://127.0.0.1:<porta>.` };
    return { ok: true, dominio: local.domain };
  }
  const normalized = normalizeDomain(options.alvo);
  return normalized.ok ? { ok: true, dominio: normalized.domain } : { ok: false, motivo: normalized.reason };
}

async function signingKey(env: Io['env']) {
  const jwk = readerSigningKeyFrom(env.READER_SIGNING_KEY || undefined) ?? (generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey);
  return readerKeyFrom(jwk);
}

async function loadBaseline(file: string): Promise<{ ok: true; reading: Envelope } | { ok: false; reason: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? 'o arquivo não existe.' : `o arquivo não pôde ser lido (${code ?? String(error)}).` };
  }
  return parseBaseline(text);
}

function print(io: Io, options: MedirOptions, report: MedirReport): number {
  io.stdout(options.formato === 'json' ? `${JSON.stringify(report, null, 2)}\n` : options.formato === 'markdown' ? renderMarkdown(report) : renderText(report));
  return report.codigoDeSaida;
}

/** Runs the command line `argv` (without the node and script paths); resolves to the exit code. */
export async function runMedir(argv: readonly string[], io: Io): Promise<number> {
  const command = parseMedirArgs(argv);
  if (command.kind === 'help') {
    io.stdout(`${USAGE}\n`);
    return EXIT.aprovada;
  }
  if (command.kind === 'schema') {
    io.stdout(`${JSON.stringify(medirJsonSchema(), null, 2)}\n`);
    return EXIT.aprovada;
  }
  if (command.kind === 'error') {
    io.stderr(`medir: ${command.message}\nVeja as opções com: npm run medir -- --ajuda\n`);
    return EXIT.invalida;
  }
  const { options } = command;
  const criteria = criteriaOf(options);

  const target = targetOf(options);
  if (!target.ok) return print(io, options, invalidRun(criteria, null, 'alvo-invalido', target.motivo));
  const { dominio } = target;

  let baseline: Envelope | null = null;
  if (options.linhaDeBase) {
    const loaded = await loadBaseline(options.linhaDeBase);
    if (!loaded.ok) return print(io, options, invalidRun(criteria, dominio, 'linha-de-base', `Linha de base ${options.linhaDeBase}: ${loaded.reason}`));
    baseline = loaded.reading;
  }

  const agentOrigin = siteOrigin(io.env);
  let reading: Envelope;
  try {
    reading = await measure(dominio, { key: await signingKey(io.env), agentOrigin, allowLoopback: options.permitirLocal });
  } catch (error) {
    if (error instanceof AnalysisCutShort) return print(io, options, invalidRun(criteria, dominio, 'tempo-esgotado', error.message));
    throw error;
  }

  const report = judge(criteria, reading, baseline);
  if (options.salvar) {
    if (report.leitura?.estado === 'registrada') {
      try {
        await writeFile(options.salvar, `${JSON.stringify(reading, null, 2)}\n`);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        return print(io, options, invalidRun(criteria, dominio, 'gravacao', `A leitura não pôde ser gravada em ${options.salvar} (${code}).`, reading));
      }
      report.salvaEm = options.salvar;
    } else {
      io.stderr(`medir: a leitura não foi gravada em ${options.salvar}: sem nota, ela não serve de linha de base.\n`);
    }
  }
  return print(io, options, report);
}
