/**
 * The operation table of `/ask` (GET and POST, JSON and SSE), from the schemas the handler validates and
 * answers with (./schemas.ts). No data imports: this runs in the static build.
 */
import { errorSchema } from '../openapi/common.ts';
import { ASK_PATH } from '../../src/model/paths.ts';
import type { OperationSpec, ParameterSpec, Surface } from '../openapi/spec.ts';
import {
  ASK_SSE_DESCRIPTION,
  DEFAULT_RESULTS,
  MAX_RESULTS,
  askAnswerSchema,
  askGetParamsSchema,
  askCompleteEventSchema,
  askLegacyEventSchema,
  askPostBodySchema,
  askResultSchema,
  askResultEventSchema,
  askStartEventSchema,
  askStreamEventSchema,
} from './schemas.ts';
import { z } from 'zod';

const TAG = 'NLWeb';

const TAGS = { [TAG]: 'Busca em linguagem natural no formato NLWeb (`/ask`): a mesma busca lexical do site, resultados como objetos schema.org. Sem autenticação.' };

const answer = askAnswerSchema;
const body = askPostBodySchema;
const streamEvent = askStreamEventSchema;
const legacyEvent = askLegacyEventSchema;
const sse = z.string().describe(ASK_SSE_DESCRIPTION);

const errors = {
  '400': { description: '`invalid_request`: consulta vazia, corpo ilegível ou fora do formato.', content: { 'application/json': errorSchema } },
  '405': { description: 'Método não permitido (`Allow: GET, HEAD, POST, OPTIONS`).', content: { 'application/json': errorSchema }, headers: ['Allow'] as const },
} as const;

const shape = askGetParamsSchema.shape;
const parameters: ParameterSpec[] = [
  { name: 'query', in: 'query', required: true, description: 'A consulta (não vazia).', schema: shape.query, example: 'dados estruturados' },
  { name: 'streaming', in: 'query', description: '`false`, `0` ou `no` devolve JSON; padrão true (text/event-stream). Sem o parâmetro, `Accept: application/json` também escolhe JSON.', schema: shape.streaming, example: 'false' },
  { name: 'max_results', in: 'query', description: `Número máximo de resultados (1 a ${MAX_RESULTS}; padrão ${DEFAULT_RESULTS}).`, schema: shape.max_results },
  { name: 'num_results', in: 'query', description: 'Forma legada de `max_results`.', schema: shape.num_results },
  { name: 'query_id', in: 'query', description: 'Identificador devolvido em `query_id`.', schema: shape.query_id },
  { name: 'site', in: 'query', description: 'Aceito e ignorado: o serviço responde só pelo próprio site.', schema: shape.site },
  { name: 'prev', in: 'query', description: 'Aceito e ignorado.', schema: shape.prev },
  { name: 'mode', in: 'query', description: 'Aceito e ignorado: o serviço só lista resultados.', schema: shape.mode },
];


const getOperation: OperationSpec = {
  method: 'get',
  path: ASK_PATH,
  operationId: 'askGet',
  summary: 'Busca NLWeb por GET (forma legada): JSON com streaming=false, senão eventos SSE com message_type.',
  description:
    'Busca lexical (palavras-chave, sem ranking semântico) sobre título, descrição e texto das páginas. `streaming=false` devolve um JSON; ' +
    'o padrão é `text/event-stream` com os eventos legados `begin-nlweb-response`, `result` e `end-nlweb-response`.',
  tags: [TAG],
  security: { kind: 'open' },
  parameters,
  responses: {
    '200': { description: 'Resultados.', content: { 'application/json': answer, 'text/event-stream': sse } },
    ...errors,
  },
};

const postOperation: OperationSpec = {
  method: 'post',
  path: ASK_PATH,
  operationId: 'askPost',
  summary: 'Busca NLWeb: corpo {"query":{"text":…}}; JSON com prefer.streaming=false, senão SSE (eventos nomeados do NLWeb 0.55).',
  description:
    'Aceita o corpo da versão 0.54 (`query`, `prefer`), o nome `return_response` da especificação TypeSpec e a forma legada plana ' +
    '(`{"query":"…","streaming":false}` ou os parâmetros de GET na URL). Membros desconhecidos são ignorados. Corpo de no máximo 64 KB. ' +
    'Com `query` em objeto, o fluxo SSE segue o NLWeb 0.55: `event: start` (`AskEventoInicio`), um `event: result` por resultado ' +
    '(`AskEventoResultado`) e `event: complete` (`AskEventoFim`). Com `query` em texto, ou com `meta.api_version` abaixo de 0.55, segue o 0.54: ' +
    '`{"_meta":…}` e depois `{"results":[…]}` em eventos sem nome (`AskEvento`). O GET usa os quadros legados (`AskEventoLegado`).',
  tags: [TAG],
  security: { kind: 'open' },
  requestBody: { required: true, description: 'A consulta.', content: { 'application/json': body } },
  responses: {
    '200': { description: 'Resultados.', content: { 'application/json': answer, 'text/event-stream': sse } },
    ...errors,
    '413': { description: 'Corpo acima de 64 KB (`payload_too_large`).', content: { 'application/json': errorSchema } },
    '415': { description: 'Corpo que não é JSON (`unsupported_media_type`).', content: { 'application/json': errorSchema } },
  },
};

export const ASK_SURFACE: Surface = {
  tags: TAGS,
  schemas: {
    AskResultado: askResultSchema,
    AskResposta: answer,
    AskPedido: body,
    AskEventoInicio: askStartEventSchema,
    AskEventoResultado: askResultEventSchema,
    AskEventoFim: askCompleteEventSchema,
    AskEvento: streamEvent,
    AskEventoLegado: legacyEvent,
  },
  operations: [getOperation, postOperation],
};
