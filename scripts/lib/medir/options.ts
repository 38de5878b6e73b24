/**
 * The command line of `npm run medir -- <url> [opções]` (and of the `medir` bin): parsed with node:util's
 * `parseArgs`, every mistake said in pt-BR. The gate's criteria are validated here, before anything is measured.
 */
import { parseArgs } from 'node:util';

export const FORMATS = ['texto', 'json', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

export interface MedirOptions {
  /** What to measure, as given: a domain, an https origin, or `http://localhost:<porta>` with `permitirLocal`. */
  alvo: string;
  formato: Format;
  /** Fail below this score (0 to 100). */
  notaMinima: number | null;
  /** A saved reading to compare with (a file written by `--salvar`, a `--formato json` report, or an API reading). */
  linhaDeBase: string | null;
  /** Points the score may drop from the baseline before the gate fails (default 0). */
  tolerancia: number;
  /** Where to write the reading (for a later `--linha-de-base`). */
  salvar: string | null;
  /** Measure `localhost:<porta>` / `127.0.0.1:<porta>` over http (the instrument refuses loopback otherwise). */
  permitirLocal: boolean;
}

export type ParsedCommand = { kind: 'measure'; options: MedirOptions } | { kind: 'help' } | { kind: 'schema' } | { kind: 'error'; message: string };

export const USAGE = `Uso: npm run medir -- <url> [opções]   (ou: npx medir <url> [opções])

Mede a prontidão para IA de um site com o mesmo instrumento da medição gratuita, na sua máquina, sem servidor.

  <url>                    domínio ou origem https (exemplo.com.br, https://preview.exemplo.com.br)
  --formato F              texto (padrão), json ou markdown
  --min-nota N             falha (código 1) se a nota ficar abaixo de N (0 a 100)
  --linha-de-base ARQUIVO  falha (código 1) se a nota cair ou uma verificação que passava deixar de passar
  --tolerancia N           pontos que a nota pode cair em relação à linha de base (padrão 0)
  --salvar ARQUIVO         grava a leitura para usar depois como linha de base
  --permitir-local         permite medir http://localhost:<porta> e http://127.0.0.1:<porta>
  --esquema                mostra o JSON Schema da saída --formato json
  -h, --ajuda              mostra esta ajuda

Códigos de saída: 0 aprovada; 1 nota abaixo do mínimo ou piora em relação à linha de base;
2 execução inválida (site inalcançável, bloqueio anti-robô, tempo esgotado, argumentos ou linha de base inválidos).`;

/** A whole number from 0 to 100 given to `flag`, or the message saying why not. */
function points(flag: string, raw: string | undefined): number | string | null {
  if (raw === undefined) return null;
  if (!/^\d{1,3}$/.test(raw.trim()) || Number(raw) > 100) return `${flag} espera um número inteiro de 0 a 100 (recebido: ${JSON.stringify(raw)}).`;
  return Number(raw);
}

export function parseMedirArgs(argv: readonly string[]): ParsedCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        formato: { type: 'string' },
        'min-nota': { type: 'string' },
        'linha-de-base': { type: 'string' },
        tolerancia: { type: 'string' },
        salvar: { type: 'string' },
        'permitir-local': { type: 'boolean' },
        esquema: { type: 'boolean' },
        ajuda: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
    const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(message)?.[1];
    const ambiguous = /Option '([^']+)' argument is ambiguous/.exec(message)?.[1];
    if (unknown) return { kind: 'error', message: `Opção desconhecida: ${unknown}.` };
    if (ambiguous) return { kind: 'error', message: `O valor de ${ambiguous} começa com hífen: escreva ${ambiguous}=VALOR.` };
    if (missing) return { kind: 'error', message: `A opção ${missing.replace(/^-\w, /, '')} precisa de um valor.` };
    return { kind: 'error', message: `Argumentos inválidos: ${message}` };
  }
  const { values, positionals } = parsed;
  if (values.ajuda) return { kind: 'help' };
  if (values.esquema) return { kind: 'schema' };
  if (positionals.length === 0) return { kind: 'error', message: 'Informe o endereço a medir, por exemplo: npm run medir -- https://exemplo.com.br' };
  if (positionals.length > 1) return { kind: 'error', message: `Informe um único endereço (recebidos: ${positionals.join(', ')}).` };
  const formato = values.formato ?? 'texto';
  if (!(FORMATS as readonly string[]).includes(formato)) return { kind: 'error', message: `--formato aceita texto, json ou markdown (recebido: ${JSON.stringify(formato)}).` };
  const notaMinima = points('--min-nota', values['min-nota']);
  if (typeof notaMinima === 'string') return { kind: 'error', message: notaMinima };
  const tolerancia = points('--tolerancia', values.tolerancia);
  if (typeof tolerancia === 'string') return { kind: 'error', message: tolerancia };
  if (tolerancia !== null && !values['linha-de-base']) return { kind: 'error', message: '--tolerancia só vale com --linha-de-base.' };
  for (const flag of ['linha-de-base', 'salvar'] as const) {
    if (values[flag] !== undefined && values[flag].trim() === '') return { kind: 'error', message: `--${flag} precisa do caminho de um arquivo.` };
  }
  return {
    kind: 'measure',
    options: {
      alvo: positionals[0]!,
      formato: formato as Format,
      notaMinima,
      linhaDeBase: values['linha-de-base'] ?? null,
      tolerancia: tolerancia ?? 0,
      salvar: values.salvar ?? null,
      permitirLocal: values['permitir-local'] ?? false,
    },
  };
}
