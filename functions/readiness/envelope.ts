/**
 * The readiness reading envelope: what `/api/v1/prontidao/{dominio}`, `/api/ia/leitura`, MCP
 * `get_readiness_score` and the measurement page return. One zod schema, also used by the OpenAPI file.
 */
import { z } from 'zod';
import { GRAUS } from '../../src/model/measurement.ts';
import { revisaoSchema } from './revision.ts';

export { GRAUS };

/**
 * `registrada`: a scored reading is recorded. `ausente`: no reading exists for the domain.
 * `nao_pontuada`: the last measurement reached no trustworthy result (site unreachable, bot challenge or
 * WAF page, invalid response); `motivo` says why, and no nota/grau is given. `limite`: the instrument is
 * paused or busy (429/503 with `tentarEm`). `indisponivel`: storage or instrument failed (503 with `tentarEm`).
 */
export const ESTADOS = ['registrada', 'ausente', 'nao_pontuada', 'limite', 'indisponivel'] as const;

export const STATUS_VERIFICACAO = ['passou', 'parcial', 'falhou', 'nao_se_aplica'] as const;
export const SEVERIDADES = ['critica', 'alta', 'media', 'baixa'] as const;

export const verificacaoSchema = z.object({
  id: z.string().describe('identificador estável da verificação, ex.: `llms-txt-valido`'),
  nome: z.string().describe('nome da verificação em pt-BR'),
  status: z.enum(STATUS_VERIFICACAO),
  peso: z.number().describe('peso na camada'),
  pontos: z.number().describe('pontos obtidos (0 a peso); 0 quando não se aplica'),
  detalhe: z.string().describe('o que foi observado'),
  revisao: revisaoSchema.optional(),
});

export const camadaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  nota: z.number().int().min(0).max(100).nullable().describe('nota da camada; null quando nenhuma verificação se aplica'),
  verificacoes: z.array(verificacaoSchema),
});

export const lacunaSchema = z.object({
  verificacao: z.string().describe('id da verificação que falhou'),
  camada: z.string(),
  severidade: z.enum(SEVERIDADES),
  titulo: z.string(),
  porque: z.string().describe('por que isso importa'),
  comoCorrigir: z.string().describe('o que fazer para corrigir'),
  referencia: z.string().url().optional(),
});

export const envelopeSchema = z.object({
  dominio: z.string(),
  estado: z.enum(ESTADOS),
  nota: z.number().int().min(0).max(100).nullable(),
  grau: z.enum(GRAUS).nullable(),
  camadas: z.array(camadaSchema),
  lacunas: z.array(lacunaSchema),
  medidoEm: z.string().datetime().nullable().describe('momento da medição (ISO 8601); null na sandbox e quando não há leitura'),
  tentarEm: z.string().datetime().optional().describe('quando tentar de novo (estado `limite` ou `indisponivel`)'),
  motivo: z.string().optional().describe('por que a medição não foi pontuada (estado `nao_pontuada`) ou por que o instrumento não atendeu (`limite`, `indisponivel`)'),
  teto: z.object({ nota: z.number().int(), motivo: z.string() }).optional().describe('teto aplicado à nota por uma lacuna fatal'),
  amostra: z
    .object({
      paginas: z.number().int().min(0).describe('páginas lidas pelas verificações por página (a inicial incluída)'),
      planejadas: z.number().int().min(0).describe('páginas escolhidas do sitemap e do llms.txt (até 50, a inicial incluída)'),
      linksDoLlmsTxt: z.number().int().min(0).describe('links do llms.txt testados'),
      cortada: z.boolean().describe('o tempo da medição acabou antes de toda a amostra ser lida'),
    })
    .optional()
    .describe('a amostra de páginas lida numa leitura registrada'),
  interfaces: z
    .object({
      exigidas: z.boolean().describe('o site mostra sinais de API ou aplicação, então as verificações de interfaces para agentes contam'),
      sinais: z.array(z.string()).describe('os sinais vistos (OpenAPI, catálogo de APIs, OAuth, cartões MCP e A2A…)'),
    })
    .optional()
    .describe('se as verificações de interfaces para agentes se aplicam ao site, e por quê'),
  medirEm: z.string().url().optional().describe('página onde a medição gratuita é feita'),
  enderecos: z
    .object({
      leitura: z.string().url().describe('`/api/ia/leitura?site=`: a leitura registrada, sem token'),
      api: z.string().url().describe('`/api/v1/prontidao/{dominio}`: a leitura registrada na API v1 (escopo `prontidao.read`)'),
    })
    .optional()
    .describe('onde a leitura registrada pode ser consultada (resposta da medição)'),
  sandbox: z.literal(true).optional(),
});

export type Envelope = z.infer<typeof envelopeSchema>;
export type Camada = z.infer<typeof camadaSchema>;
export type Lacuna = z.infer<typeof lacunaSchema>;
export type Verificacao = z.infer<typeof verificacaoSchema>;
