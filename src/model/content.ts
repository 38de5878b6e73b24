/**
 * The content model: one zod schema per kind of content under `content/`.
 * Astro's content config (src/content.config.ts) and the build-time validators use these schemas;
 * nothing else declares the shape of an entry.
 */
import { z } from 'zod';
import { isValidCnpj } from './cnpj.ts';
import { httpsUrl } from './contact-channels.ts';

const isoDate = z.coerce.date({ error: 'deve ser uma data no formato AAAA-MM-DD' });
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use apenas letras minúsculas sem acento, números e hífens');

/** Title shown in <title>, h1 and listings. */
const titulo = z.string().trim().min(10, 'título curto demais (mínimo 10 caracteres)').max(90, 'título longo demais (máximo 90 caracteres)');
/** Meta description: what search engines and agents show. */
const descricao = z
  .string()
  .trim()
  .min(50, 'descrição curta demais (mínimo 50 caracteres)')
  .max(170, 'descrição longa demais (máximo 170 caracteres)');

const faq = z
  .array(z.object({ pergunta: z.string().trim().min(5), resposta: z.string().trim().min(20) }).strict())
  .optional();

/** Institutional and section pages: content/paginas/<route>.md(x); the file path is the route. */
export const paginaSchema = z
  .object({
    titulo,
    descricao,
    atualizadoEm: isoDate,
    /** Breadcrumb / navigation label; defaults to the title. */
    rotulo: z.string().trim().min(2).max(40).optional(),
    faq,
    /** Keep out of the sitemap and listings (still rendered). */
    oculta: z.boolean().default(false),
  })
  .strict();

export const tiposDeSolucao = ['diagnostico', 'consultoria', 'implementacao', 'conteudo', 'treinamento'] as const;

/** A solution of the catalogue: content/solucoes/<slug>.md, route solucoes/<slug>. */
export const solucaoSchema = z
  .object({
    titulo,
    descricao,
    atualizadoEm: isoDate,
    tipo: z.enum(tiposDeSolucao),
    /** One-line pitch for cards and the API. */
    resumo: z.string().trim().min(30).max(220),
    paraQuem: z.array(z.string().trim().min(5)).min(2),
    entregaveis: z.array(z.string().trim().min(5)).min(3),
    prazo: z.string().trim().min(3),
    /** `sob-proposta`, or the id of a product in content/precos.json. */
    preco: z.union([z.literal('sob-proposta'), slug]),
    comoContratar: z.string().trim().min(30),
    ordem: z.number().int().min(0).default(100),
    faq,
  })
  .strict();

/** An entry point by business objective: content/objetivos/<slug>.md, route objetivos/<slug>. */
export const objetivoSchema = z
  .object({
    titulo,
    descricao,
    atualizadoEm: isoDate,
    /** Short question-shaped label ("Quero aparecer nas respostas de IA"). */
    chamada: z.string().trim().min(10).max(80),
    /** Slugs of the solutions that serve this objective (each must exist in content/solucoes). */
    solucoes: z.array(slug).min(1),
    ordem: z.number().int().min(0).default(100),
  })
  .strict();

/** A blog article: content/blog/<slug>.md(x), route blog/<slug>. */
export const artigoSchema = z
  .object({
    titulo,
    descricao,
    autor: z.string().trim().min(3),
    publicadoEm: isoDate,
    atualizadoEm: isoDate.optional(),
    tags: z.array(z.string().trim().min(2).max(40)).min(1).max(8),
    faq,
  })
  .strict();

/**
 * An author: content/autores/<slug>.md, the body being the longer biography. Articles name their author by
 * `nome` (`autor: "Marina Albuquerque"`); an unknown name fails the build.
 */
export const autorSchema = z
  .object({
    nome: z.string().trim().min(3).max(80),
    /** Role at the firm, shown under the name. */
    cargo: z.string().trim().min(3).max(80),
    /** The grammatical gender of the labels about the author: "Autora" (`feminino`), "Autor" (`masculino`); without it, "Autoria". */
    genero: z.enum(['feminino', 'masculino']).optional(),
    /** One or two sentences for bylines and the team list. */
    resumo: z.string().trim().min(40).max(300),
    especialidades: z.array(z.string().trim().min(2).max(60)).min(1).max(8),
    /** Photo under public/, e.g. `/autores/marina.jpg` (optional). */
    foto: z.string().regex(/^\/[a-z0-9/._-]+\.(?:jpe?g|png|webp|avif)$/, 'use um caminho de imagem em public/, por exemplo /autores/nome.jpg').optional(),
    /** Public profiles (LinkedIn, GitHub…), absolute https URLs. */
    perfis: z.array(z.url({ protocol: /^https$/, error: 'use um endereço https:// completo' })).max(8).optional(),
  })
  .strict();

/** A document served as markdown only (auth.md, versioning): content/documentos/<name>.md. */
export const documentoSchema = z
  .object({
    titulo,
    descricao,
    atualizadoEm: isoDate,
    /** Public path the document is served at, e.g. `/auth.md`. */
    caminho: z.string().regex(/^\/[a-z0-9/._-]+\.md$/, 'caminho deve começar com / e terminar em .md'),
  })
  .strict();

/** Public prices: content/precos.json. The pricing page, /pricing.md, feeds and the API read it. */
export const produtoSchema = z
  .object({
    id: slug,
    nome: z.string().trim().min(5),
    tipo: z.enum(['pago', 'gratuito']),
    /** Price in BRL (reais), 0 for the free product. */
    preco: z.number().min(0),
    unidade: z.string().trim().min(3),
    descricao: z.string().trim().min(30),
    inclui: z.array(z.string().trim().min(5)).min(2),
    prazo: z.string().trim().min(3),
    /** Route of the page that describes the product (without leading slash). */
    rota: z.string().regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/),
    comoContratar: z.string().trim().min(20),
  })
  .strict();

/** How clients pay and are invoiced (content/precos.json `pagamento`): shown on /precos, /pricing.md and the API. */
export const pagamentoSchema = z
  .object({
    /** Accepted payment methods, as a person reads them ("Pix", "Boleto bancário", "Cartão de crédito"). */
    formas: z.array(z.string().trim().min(3)).min(1),
    /** When payment is due (and in how many instalments). */
    vencimento: z.string().trim().min(30),
    /** The invoice issued (nota fiscal de serviço). */
    notaFiscal: z.string().trim().min(30).regex(/nota fiscal/i, 'notaFiscal deve dizer qual nota fiscal é emitida'),
  })
  .strict();

export const precosSchema = z
  .object({
    moeda: z.literal('BRL'),
    atualizadoEm: isoDate,
    produtos: z.array(produtoSchema).min(2),
    pagamento: pagamentoSchema,
    sobProposta: z
      .object({
        descricao: z.string().trim().min(30),
        rota: z.string().regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/),
        /**
         * Optional "a partir de" prices (BRL) of projects, by the slug of a solution on proposal
         * (`{ "seo-tecnico": 4500 }`); a project without one shows "sob proposta" only.
         */
        aPartirDe: z.record(slug, z.number().positive('o valor "a partir de" deve ser maior que 0')).optional(),
      })
      .strict(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const pagos = value.produtos.filter((p) => p.tipo === 'pago');
    const gratis = value.produtos.filter((p) => p.tipo === 'gratuito');
    if (pagos.length !== 1) ctx.addIssue({ code: 'custom', path: ['produtos'], message: 'deve haver exatamente um produto pago com preço público' });
    if (gratis.length !== 1) ctx.addIssue({ code: 'custom', path: ['produtos'], message: 'deve haver exatamente um produto gratuito' });
    for (const [i, p] of value.produtos.entries()) {
      if (p.tipo === 'gratuito' && p.preco !== 0) ctx.addIssue({ code: 'custom', path: ['produtos', i, 'preco'], message: 'produto gratuito deve ter preço 0' });
      if (p.tipo === 'pago' && p.preco <= 0) ctx.addIssue({ code: 'custom', path: ['produtos', i, 'preco'], message: 'produto pago deve ter preço maior que 0' });
    }
  });

/**
 * A fact of content/empresa.json: an empty text means "not known yet" and is shown nowhere; a filled one must have
 * the fact's form.
 */
const fato = (form: RegExp | ((value: string) => boolean), message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (typeof form === 'function' ? form(v) : form.test(v)), message);
const texto = z.string().trim().max(160, 'longo demais (máximo 160 caracteres)');
const telefone = fato(/^\+55 \d{2} \d{4,5}-\d{4}$/, 'use o formato +55 11 3000-0000 (ou +55 11 93000-0000 para celular)');
export const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'] as const;
export const DIAS_DA_SEMANA = ['seg', 'ter', 'qua', 'qui', 'sex', 'sab', 'dom'] as const;
const hora = fato(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'use o formato HH:MM, por exemplo 09:00');

/**
 * The firm's facts: content/empresa.json, declared once and read by the footer, /contato, /sobre, the
 * Organization JSON-LD and /llms.txt (src/model/company.ts). The contact e-mail is not here: it comes from
 * CONTACT_EMAIL (src/config/site.ts). Only facts the firm has confirmed are filled; the rest stay empty.
 */
export const empresaSchema = z
  .object({
    nomeFantasia: z.string().trim().min(2).max(80),
    razaoSocial: texto,
    cnpj: fato(isValidCnpj, 'CNPJ inválido: confira os 14 caracteres e os dois dígitos verificadores'),
    endereco: z
      .object({
        logradouro: texto,
        numero: z.string().trim().max(20),
        complemento: texto,
        bairro: texto,
        cidade: texto,
        uf: fato((v) => (UFS as readonly string[]).includes(v), 'use a sigla do estado em maiúsculas, por exemplo SP'),
        cep: fato(/^\d{5}-\d{3}$/, 'use o formato 01310-100'),
      })
      .strict(),
    telefone,
    whatsapp: telefone,
    /** A scheduling page (Cal.com, Calendly…) where a visitor books a conversation. */
    agendamento: fato((v) => httpsUrl(v) !== undefined, 'use um endereço https:// completo, por exemplo https://cal.com/sua-empresa'),
    horario: z
      .object({
        dias: z.array(z.enum(DIAS_DA_SEMANA)).max(7),
        abre: hora,
        fecha: hora,
      })
      .strict()
      .refine((h) => (h.dias.length === 0) === (h.abre === '') && (h.abre === '') === (h.fecha === ''), 'preencha dias, abertura e fechamento juntos, ou deixe os três vazios'),
    /** Year the firm was founded, or null while not confirmed. */
    fundacao: z.number().int().min(1900).max(2100).nullable(),
    /** Public profiles of the firm (LinkedIn, Instagram, YouTube…), absolute https URLs. */
    perfis: z.array(z.url({ protocol: /^https$/, error: 'use um endereço https:// completo' })).max(10),
  })
  .strict();

export type Pagina = z.infer<typeof paginaSchema>;
export type Solucao = z.infer<typeof solucaoSchema>;
export type Objetivo = z.infer<typeof objetivoSchema>;
export type Artigo = z.infer<typeof artigoSchema>;
export type Documento = z.infer<typeof documentoSchema>;
export type Autor = z.infer<typeof autorSchema>;
export type Precos = z.infer<typeof precosSchema>;
export type Produto = z.infer<typeof produtoSchema>;
export type Empresa = z.infer<typeof empresaSchema>;

/** The schema of each content collection, by its folder under content/ (src/content.config.ts wires them to Astro). */
export const COLLECTION_SCHEMAS = {
  paginas: paginaSchema,
  solucoes: solucaoSchema,
  objetivos: objetivoSchema,
  blog: artigoSchema,
  documentos: documentoSchema,
  autores: autorSchema,
} as const;
