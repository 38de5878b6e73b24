/**
 * The readiness reading envelope: what `/api/v1/prontidao/{dominio}`, `/api/ia/leitura`, MCP
 * `get_readiness_score` and the measurement page return. One zod schema, also used by the OpenAPI file.
 */
import { z } from 'zod';
import { AI_AGENT_KINDS } from '../../src/model/ai-agents.ts';
import { GRAUS } from '../../src/model/measurement.ts';

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

export const robotsDecisoesSchema = z
  .object({
    url: z.string().describe('o robots.txt lido'),
    status: z.number().int().nullable().describe('status HTTP do robots.txt; null quando não houve resposta'),
    paginas: z.number().int().min(0).describe('páginas julgadas: a raiz, a inicial e as da amostra'),
    classes: z
      .array(
        z.object({
          classe: z.enum(AI_AGENT_KINDS).describe('treinamento, busca (índice para respostas) ou usuario (acesso pedido por uma pessoa)'),
          agentes: z.number().int().min(0).describe('robôs conhecidos da classe'),
          bloqueados: z.array(z.string()).describe('robôs da classe bloqueados em ao menos uma página'),
          paginasFechadas: z.number().int().min(0).describe('páginas em que ao menos um robô da classe está bloqueado'),
          pares: z.number().int().min(0).describe('pares robô × página julgados'),
          paresBloqueados: z.number().int().min(0).describe('pares robô × página bloqueados'),
        }),
      )
      .describe('a decisão por classe de robô em todas as páginas lidas'),
    bloqueios: z
      .array(
        z.object({
          url: z.string().describe('a página bloqueada'),
          agente: z.string().describe('o robô (token do User-agent)'),
          classe: z.enum(AI_AGENT_KINDS),
          linha: z.number().int().min(1).describe('a linha do robots.txt que decidiu'),
          regra: z.string().describe('a regra como escrita, por exemplo `Disallow: /docs/`'),
        }),
      )
      .describe('decisões de bloqueio (página × robô): primeiro uma por robô bloqueado, depois as outras por página; até 30'),
    bloqueiosTotal: z.number().int().min(0).describe('quantas decisões de bloqueio houve ao todo'),
  })
  .describe('o que o robots.txt decide para cada robô de IA conhecido em cada página lida (verificação `robots-ia`)');

export const verificacaoSchema = z.object({
  id: z.string().describe('identificador estável da verificação, ex.: `llms-txt-valido`'),
  nome: z.string().describe('nome da verificação em pt-BR'),
  status: z.enum(STATUS_VERIFICACAO),
  peso: z.number().describe('peso na camada'),
  pontos: z.number().describe('pontos obtidos (0 a peso); 0 quando não se aplica'),
  detalhe: z.string().describe('o que foi observado'),
  versao: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('versão da verificação: sobe quando ela passa a julgar de outro jeito (o código dela ou a revisão do padrão que ela lê); ausente em leituras anteriores a este campo'),
  robots: robotsDecisoesSchema.optional(),
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
  revisaoDoMetodo: z
    .string()
    .max(64)
    .optional()
    .describe(
      'revisão do método de pontuação usado nesta leitura (pesos, tetos, faixas de grau e o conjunto de verificações com a revisão de cada uma): duas leituras com a mesma revisão foram pontuadas do mesmo jeito',
    ),
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
export type RobotsDecisoes = z.infer<typeof robotsDecisoesSchema>;
