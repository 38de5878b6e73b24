/**
 * The CI gate's verdict on a reading (`npm run medir`): the criteria (minimum score, baseline, tolerance), the
 * problems found, or why the run is invalid, and the exit code that follows (0 passes, 1 fails the gate, 2 is an
 * invalid run). One zod schema describes the `--formato json` output; docs/medir.schema.json is generated from it
 * (`npm run --silent medir -- --esquema`), and a test keeps the committed file equal to it.
 *
 * The reading itself is the instrument's envelope (src/model/reading.ts), consumed through its own schema:
 * whatever the instrument adds to a reading appears here unchanged.
 */
import { z } from 'zod';
import { compareReadings, type ReadingComparison } from '../../../functions/readiness/compare.ts';
import { type Envelope, envelopeSchema, GRAUS, STATUS_VERIFICACAO } from '../../../src/model/reading.ts';
import { BOT_BLOCK_LACUNA } from '../../../functions/readiness/measure.ts';

export const EXIT = { aprovada: 0, reprovada: 1, invalida: 2 } as const;

const nota = z.number().int().min(0).max(100);

const checkChangeSchema = z.object({
  verificacao: z.string().describe('id estável da verificação'),
  nome: z.string(),
  camada: z.string().describe('nome da camada'),
  antes: z.enum(STATUS_VERIFICACAO),
  agora: z.enum(STATUS_VERIFICACAO),
  detalhe: z.string().describe('o que a leitura atual observou'),
});

export const problemaSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('nota-abaixo-do-minimo'), nota, minimo: nota, mensagem: z.string() }).describe('a nota ficou abaixo de --min-nota'),
  z.object({ tipo: z.literal('nota-caiu'), antes: nota, agora: nota, tolerancia: nota, mensagem: z.string() }).describe('a nota caiu mais que a tolerância em relação à linha de base'),
  checkChangeSchema.extend({ tipo: z.literal('verificacao-piorou'), mensagem: z.string() }).describe('uma verificação que passava na linha de base falhou ou passou só em parte'),
]);

export const INVALID_KINDS = ['inalcancavel', 'bloqueio', 'tempo-esgotado', 'alvo-invalido', 'linha-de-base', 'gravacao'] as const;

export const medirReportSchema = z
  .object({
    versao: z.literal(1).describe('versão deste formato'),
    resultado: z.enum(['aprovada', 'reprovada', 'invalida']),
    codigoDeSaida: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('0 aprovada, 1 reprovada, 2 execução inválida'),
    alvo: z.string().describe('o endereço como foi informado'),
    dominio: z.string().nullable().describe('o domínio medido (normalizado); null quando o alvo não é um domínio'),
    criterios: z.object({
      notaMinima: nota.nullable(),
      linhaDeBase: z.string().nullable().describe('o arquivo da linha de base'),
      tolerancia: nota.describe('pontos que a nota pode cair em relação à linha de base'),
    }),
    leitura: envelopeSchema.nullable().describe('a leitura do instrumento (o mesmo envelope da API); null quando nada foi medido'),
    linhaDeBase: z
      .object({ dominio: z.string(), nota, grau: z.enum(GRAUS), medidoEm: z.string().nullable() })
      .nullable()
      .describe('a leitura usada como linha de base'),
    comparacao: z
      .object({
        notaAntes: nota.nullable(),
        notaAgora: nota.nullable(),
        diferenca: z.number().int().nullable(),
        pioraram: z.array(checkChangeSchema),
        melhoraram: z.array(checkChangeSchema),
      })
      .nullable()
      .describe('o que mudou em relação à linha de base'),
    problemas: z.array(problemaSchema).describe('por que a execução foi reprovada (vazio quando aprovada ou inválida)'),
    invalida: z
      .object({ tipo: z.enum(INVALID_KINDS), motivo: z.string() })
      .nullable()
      .describe('por que a execução é inválida: inalcancavel (DNS, conexão, TLS, erro HTTP, resposta que não é a página), bloqueio (desafio anti-robô, firewall, 403 ou 429), tempo-esgotado, alvo-invalido, linha-de-base, gravacao (--salvar não conseguiu gravar)'),
    salvaEm: z.string().nullable().describe('onde a leitura foi gravada (--salvar); null quando não foi'),
  })
  .describe('Saída de `npm run medir -- <url> --formato json`');

export type MedirReport = z.infer<typeof medirReportSchema>;
export type Problema = z.infer<typeof problemaSchema>;

/** The JSON Schema (draft 2020-12) of the `--formato json` output, as committed in docs/medir.schema.json. */
export function medirJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(medirReportSchema, { io: 'output' });
  return { $schema, title: 'Relatório do medir (npm run medir -- <url> --formato json)', ...rest };
}

export interface Criteria {
  alvo: string;
  notaMinima: number | null;
  linhaDeBase: string | null;
  tolerancia: number;
}

const base = (criteria: Criteria) => ({
  versao: 1 as const,
  alvo: criteria.alvo,
  criterios: { notaMinima: criteria.notaMinima, linhaDeBase: criteria.linhaDeBase, tolerancia: criteria.tolerancia },
});

/** A run that could not judge the site: exit 2, with the kind and the reason said. */
export function invalidRun(criteria: Criteria, dominio: string | null, tipo: (typeof INVALID_KINDS)[number], motivo: string, leitura: Envelope | null = null): MedirReport {
  return {
    ...base(criteria),
    resultado: 'invalida',
    codigoDeSaida: EXIT.invalida,
    dominio,
    leitura,
    linhaDeBase: null,
    comparacao: null,
    problemas: [],
    invalida: { tipo, motivo },
    salvaEm: null,
  };
}

/**
 * Why a reading without a score is no verdict: a bot challenge or firewall (the instrument adds its "acesso do
 * leitor" gap then), or the home page could not be read (DNS, connection, TLS, an HTTP error, not a page).
 */
export const unscoredKind = (reading: Envelope): 'bloqueio' | 'inalcancavel' =>
  reading.lacunas.some((l) => l.verificacao === BOT_BLOCK_LACUNA.verificacao) ? 'bloqueio' : 'inalcancavel';

const STATUS_TEXT: Record<string, string> = { passou: 'passou', parcial: 'passou em parte', falhou: 'falhou', nao_se_aplica: 'não se aplica' };
export const statusText = (status: string): string => STATUS_TEXT[status] ?? status;

/** Judges a reading against the criteria (and the baseline reading, already loaded and scored). */
export function judge(criteria: Criteria, reading: Envelope, baseline: Envelope | null): MedirReport {
  if (reading.estado !== 'registrada' || reading.nota === null || !reading.grau) {
    const tipo = unscoredKind(reading);
    const motivo = reading.motivo ?? 'A medição não chegou a uma nota confiável.';
    return invalidRun(criteria, reading.dominio, tipo, motivo, reading);
  }
  const problemas: Problema[] = [];
  if (criteria.notaMinima !== null && reading.nota < criteria.notaMinima) {
    problemas.push({ tipo: 'nota-abaixo-do-minimo', nota: reading.nota, minimo: criteria.notaMinima, mensagem: `A nota ${reading.nota} está abaixo do mínimo de ${criteria.notaMinima}.` });
  }
  let comparacao: ReadingComparison | null = null;
  if (baseline) {
    comparacao = compareReadings(baseline, reading);
    const antes = baseline.nota!;
    if (reading.nota < antes - criteria.tolerancia) {
      const margem = criteria.tolerancia ? ` (tolerância de ${criteria.tolerancia} ponto${criteria.tolerancia === 1 ? '' : 's'})` : '';
      problemas.push({ tipo: 'nota-caiu', antes, agora: reading.nota, tolerancia: criteria.tolerancia, mensagem: `A nota caiu de ${antes} para ${reading.nota} em relação à linha de base${margem}.` });
    }
    for (const change of comparacao.pioraram) {
      problemas.push({
        tipo: 'verificacao-piorou',
        ...change,
        mensagem: `A verificação “${change.nome}” (${change.camada}) passava na linha de base e agora ${statusText(change.agora)}: ${change.detalhe}`,
      });
    }
  }
  const reprovada = problemas.length > 0;
  return {
    ...base(criteria),
    resultado: reprovada ? 'reprovada' : 'aprovada',
    codigoDeSaida: reprovada ? EXIT.reprovada : EXIT.aprovada,
    dominio: reading.dominio,
    leitura: reading,
    linhaDeBase: baseline ? { dominio: baseline.dominio, nota: baseline.nota!, grau: baseline.grau!, medidoEm: baseline.medidoEm } : null,
    comparacao,
    problemas,
    invalida: null,
    salvaEm: null,
  };
}

/**
 * A baseline from a file's text: a reading saved by `--salvar` (the envelope), a `--formato json` report (its
 * `leitura`), or a reading from the API (`/api/v1/prontidao/{dominio}`, `/api/ia/leitura`). It must be scored.
 */
export function parseBaseline(text: string): { ok: true; reading: Envelope } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'o arquivo não é JSON.' };
  }
  if (value && typeof value === 'object' && 'leitura' in value && 'versao' in value) value = (value as { leitura: unknown }).leitura;
  const parsed = envelopeSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: 'o arquivo não é uma leitura do medidor (grave uma com --salvar).' };
  const reading = parsed.data;
  if (reading.estado !== 'registrada' || reading.nota === null || !reading.grau) {
    return { ok: false, reason: `a leitura de ${reading.dominio} não tem nota (${reading.motivo ?? reading.estado}); uma linha de base precisa de uma leitura pontuada.` };
  }
  return { ok: true, reading };
}
