/**
 * The message of `SendMessage`/`SendStreamingMessage` checked against A2A 1.0.1 before the SDK reads it (its
 * converters read `parts: [null]` as a crash, HTTP 500, and `parts: []` as an empty question). The spec's Message
 * (§4.1.4) requires `messageId`, `role` and at least one part; a Part (§4.1.6) is an object holding exactly one of
 * `text`, `raw`, `url` (strings) or `data` (any JSON value, null included). In ProtoJSON a `null` member is an
 * absent one, so optional members may be null; an element of a list may not. A message out of shape is
 * `InvalidParamsError` (-32602) with a pt-BR message and, as §9.5 shows, a `google.rpc.BadRequest` naming the field.
 */
import { z } from 'zod';

/** JSON-RPC "invalid params". */
export const INVALID_PARAMS = -32602;

/** At most this many `referenceTaskIds` (each one is a storage read). */
export const MAX_REFERENCE_TASKS = 16;

const CONTENT_MEMBERS = ['text', 'raw', 'url', 'data'] as const;

const optionalText = z.string().nullish();
const textList = (what: string) => z.array(z.string({ error: `cada item de ${what} deve ser um texto` }), { error: `${what} deve ser uma lista de textos` }).nullish();

const partSchema = z
  .looseObject(
    {
      text: z.string({ error: '`text` deve ser um texto' }).optional(),
      raw: z.string({ error: '`raw` deve ser o conteúdo em base64' }).optional(),
      url: z.string({ error: '`url` deve ser um endereço em texto' }).optional(),
      data: z.unknown().optional(),
      metadata: z.record(z.string(), z.unknown(), { error: '`metadata` deve ser um objeto' }).nullish(),
      filename: optionalText,
      mediaType: optionalText,
    },
    { error: 'cada parte deve ser um objeto, por exemplo {"text":"sua pergunta"}' },
  )
  .superRefine((part, ctx) => {
    const present = CONTENT_MEMBERS.filter((member) => member in part && (member === 'data' || part[member] !== null));
    if (present.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          present.length === 0
            ? 'a parte não tem conteúdo: use exatamente um de `text`, `raw`, `url` ou `data`'
            : `a parte tem ${present.map((m) => `\`${m}\``).join(' e ')}: use exatamente um de \`text\`, \`raw\`, \`url\` ou \`data\``,
      });
    }
  });

const messageSchema = z.looseObject(
  {
    messageId: z.string({ error: '`messageId` é obrigatório: um identificador em texto (por exemplo um UUID)' }).min(1, '`messageId` não pode ser vazio'),
    // The enum by name or by number, as ProtoJSON reads it; ROLE_UNSPECIFIED (0) is no role.
    role: z.union([z.enum(['ROLE_USER', 'ROLE_AGENT']), z.literal(1), z.literal(2)], { error: '`role` é obrigatório: "ROLE_USER" para a mensagem de quem pergunta' }),
    parts: z
      .array(partSchema, { error: '`parts` é obrigatório: uma lista com ao menos uma parte, por exemplo [{"text":"sua pergunta"}]' })
      .min(1, '`parts` precisa de ao menos uma parte, por exemplo [{"text":"sua pergunta"}]'),
    contextId: optionalText,
    taskId: optionalText,
    metadata: z.record(z.string(), z.unknown(), { error: '`metadata` deve ser um objeto' }).nullish(),
    extensions: textList('`extensions`'),
    referenceTaskIds: textList('`referenceTaskIds`').refine((ids) => (ids?.length ?? 0) <= MAX_REFERENCE_TASKS, `\`referenceTaskIds\` aceita no máximo ${MAX_REFERENCE_TASKS} tarefas`),
  },
  { error: '`message` é obrigatório: um objeto {"messageId":"…","role":"ROLE_USER","parts":[{"text":"sua pergunta"}]}' },
);

export interface InvalidParams {
  code: typeof INVALID_PARAMS;
  message: string;
  data: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest'; fieldViolations: { field: string; description: string }[] }];
}

/** `message.parts[0].text` from a zod path under `message`. */
const fieldOf = (path: readonly PropertyKey[]): string =>
  ['message', ...path].reduce<string>((field, key) => (typeof key === 'number' ? `${field}[${key}]` : field === '' ? String(key) : `${field}.${String(key)}`), '');

/**
 * The -32602 error of a send method's params whose `message` is out of shape, or undefined when it is in shape
 * (params that are not an object are left to the SDK, which answers -32602 itself).
 */
export function invalidMessage(params: unknown): InvalidParams | undefined {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  const checked = messageSchema.safeParse((params as { message?: unknown }).message);
  if (checked.success) return undefined;
  const violations = checked.error.issues.slice(0, 5).map((issue) => ({ field: fieldOf(issue.path), description: issue.message }));
  const [first] = violations;
  return {
    code: INVALID_PARAMS,
    message: `Parâmetros inválidos em ${first!.field}: ${first!.description}.`,
    data: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations }],
  };
}
