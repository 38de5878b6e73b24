/**
 * A2A front-door attack table, kept as data: each row is a raw request to `POST /a2a` (body, headers, method)
 * and the answer the specification requires back, never a 5xx and never the SDK's internal message. A JSON-RPC
 * error travels with HTTP 200, as the SDK's own server and the A2A TCK answer it (issue 18, item 10: clients that
 * check the status first lost the A2A code); a 4xx only for what fails below JSON-RPC: the method, the media type,
 * the size, a body that is not JSON. Run through the local server by tests/integration/a2a.test.ts. Control rows
 * (expected 200 with a result) prove the runner would notice a refusal for the wrong reason.
 */

export interface A2aCase {
  name: string;
  method?: string;
  /** Request headers; `content-type: application/json` and `a2a-version: 1.0` unless overridden (null drops one). */
  headers?: Record<string, string | null>;
  body?: string | Uint8Array;
  /** HTTP status and, for an error, the JSON-RPC code (a 200 without `code` is a result). */
  expect: { status: number; code?: number };
}

const send = (params: unknown, method = 'SendMessage', id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const message = (parts: string) => `{"messageId":"m1","role":"ROLE_USER","parts":${parts}}`;
const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const rawSend = (messageJson: string, method = 'SendMessage') => `{"jsonrpc":"2.0","id":1,"method":"${method}","params":{"message":${messageJson}}}`;

export const A2A_CASES: readonly A2aCase[] = [
  // Controls.
  { name: 'controle: SendMessage de texto', body: send({ message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'seo' }] } }), expect: { status: 200 } },
  { name: 'controle: dados aninhados em 40 níveis', body: rawSend(message(`[{"text":"seo"},{"data":${nested(40)}}]`)), expect: { status: 200 } },
  { name: 'controle: application/a2a+json', headers: { 'content-type': 'application/a2a+json' }, body: send({ message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'seo' }] } }), expect: { status: 200 } },

  // Unreadable bodies.
  { name: 'JSON cortado', body: '{"jsonrpc":"2.0",', expect: { status: 400, code: -32700 } },
  { name: 'corpo vazio', body: '', expect: { status: 400, code: -32700 } },
  { name: 'UTF-8 inválido', body: new Uint8Array([...new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"x":"'), 0xff, 0xfe, 0x22, 0x7d]), expect: { status: 400, code: -32700 } },

  // Not one JSON-RPC request.
  { name: 'lote vazio', body: '[]', expect: { status: 200, code: -32600 } },
  { name: 'lote de uma requisição', body: `[${send({})}]`, expect: { status: 200, code: -32600 } },
  { name: 'sem method', body: '{"jsonrpc":"2.0","id":1}', expect: { status: 200, code: -32600 } },
  { name: 'jsonrpc 1.0', body: '{"jsonrpc":"1.0","method":"SendMessage","id":1}', expect: { status: 200, code: -32600 } },
  { name: 'id objeto', body: '{"jsonrpc":"2.0","method":"SendMessage","id":{}}', expect: { status: 200, code: -32600 } },
  { name: 'texto solto', body: '"texto"', expect: { status: 200, code: -32600 } },
  { name: 'null', body: 'null', expect: { status: 200, code: -32600 } },

  // Too deep for the SDK's recursive converters (it answered 500 "Maximum call stack size exceeded").
  { name: 'parte de dados com 10.000 níveis', body: rawSend(message(`[{"text":"seo"},{"data":${nested(10_000)}}]`)), expect: { status: 200, code: -32600 } },
  { name: 'metadata com 30.000 níveis', body: rawSend(`{"messageId":"m","role":"ROLE_USER","parts":[{"text":"seo"}],"metadata":{"a":${nested(30_000)}}}`), expect: { status: 200, code: -32600 } },
  { name: 'fluxo com 10.000 níveis de objetos', body: rawSend(message(`[{"text":"seo"},{"data":${nested(10_000, '{"a":', '}').replace(/\{"a":\}/, '{"a":1}')}}]`), 'SendStreamingMessage'), expect: { status: 200, code: -32600 } },
  { name: '65 níveis', body: rawSend(message(`[{"text":"seo"},{"data":${nested(65)}}]`)), expect: { status: 200, code: -32600 } },

  // Messages out of the shape of A2A 1.0 (§4.1.4: `messageId`, `role` and at least one part are required; §4.1.6:
  // a part is an object holding one of `text`, `raw`, `url` or `data`). `parts: [null]` answered HTTP 500 and
  // `parts: []` came back as a rejected task (issue 18, item 9): both are invalid parameters.
  { name: 'parts: [null]', body: rawSend(message('[null]')), expect: { status: 200, code: -32602 } },
  { name: 'parts: []', body: rawSend(message('[]')), expect: { status: 200, code: -32602 } },
  { name: 'parts: [null] no fluxo', body: rawSend(message('[null]'), 'SendStreamingMessage'), expect: { status: 200, code: -32602 } },
  { name: 'parts: [] no fluxo', body: rawSend(message('[]'), 'SendStreamingMessage'), expect: { status: 200, code: -32602 } },
  { name: 'parts: null', body: rawSend(message('null')), expect: { status: 200, code: -32602 } },
  { name: 'sem parts', body: rawSend('{"messageId":"m1","role":"ROLE_USER"}'), expect: { status: 200, code: -32602 } },
  { name: 'parts objeto', body: rawSend(message('{"text":"seo"}')), expect: { status: 200, code: -32602 } },
  { name: 'parte número', body: rawSend(message('[1]')), expect: { status: 200, code: -32602 } },
  { name: 'parte texto solto', body: rawSend(message('["seo"]')), expect: { status: 200, code: -32602 } },
  { name: 'parte lista', body: rawSend(message('[[]]')), expect: { status: 200, code: -32602 } },
  { name: 'parte vazia', body: rawSend(message('[{}]')), expect: { status: 200, code: -32602 } },
  { name: 'parte com dois conteúdos', body: rawSend(message('[{"text":"seo","url":"https://exemplo.com.br/"}]')), expect: { status: 200, code: -32602 } },
  { name: 'texto número', body: rawSend(message('[{"text":1}]')), expect: { status: 200, code: -32602 } },
  { name: 'texto null', body: rawSend(message('[{"text":null}]')), expect: { status: 200, code: -32602 } },
  { name: 'parte válida e uma null', body: rawSend(message('[{"text":"seo"},null]')), expect: { status: 200, code: -32602 } },
  { name: 'sem role', body: rawSend('{"messageId":"m1","parts":[{"text":"seo"}]}'), expect: { status: 200, code: -32602 } },
  { name: 'role desconhecido', body: rawSend('{"messageId":"m1","role":"ROLE_DEUS","parts":[{"text":"seo"}]}'), expect: { status: 200, code: -32602 } },
  { name: 'sem messageId', body: rawSend('{"role":"ROLE_USER","parts":[{"text":"seo"}]}'), expect: { status: 200, code: -32602 } },
  { name: 'message null', body: rawSend('null'), expect: { status: 200, code: -32602 } },
  { name: 'referenceTaskIds [null]', body: rawSend('{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"seo"}],"referenceTaskIds":[null]}'), expect: { status: 200, code: -32602 } },
  { name: 'extensions [null]', body: rawSend('{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"seo"}],"extensions":[null]}'), expect: { status: 200, code: -32602 } },
  { name: 'controle: parte de dados null (um valor JSON)', body: rawSend(message('[{"text":"seo"},{"data":null}]')), expect: { status: 200 } },
  { name: 'controle: parte de arquivo por URL', body: rawSend(message('[{"text":"seo"},{"url":"https://exemplo.com.br/a.pdf","mediaType":"application/pdf"}]')), expect: { status: 200 } },

  // Methods and parameters.
  { name: 'método desconhecido', body: send({}, 'nao/existe'), expect: { status: 200, code: -32601 } },
  { name: 'método da v0.3', body: send({}, 'message/send'), expect: { status: 200, code: -32601 } },
  { name: 'params lista', body: send([1]), expect: { status: 200, code: -32602 } },
  { name: 'GetTask de tarefa inexistente', body: send({ id: 'nao-existe' }, 'GetTask'), expect: { status: 200, code: -32001 } },
  { name: 'CancelTask de tarefa inexistente', body: send({ id: 'nao-existe' }, 'CancelTask'), expect: { status: 200, code: -32001 } },
  { name: 'GetTask sem id', body: send({ id: '' }, 'GetTask'), expect: { status: 200, code: -32602 } },
  { name: 'notificações push não suportadas', body: send({ taskId: 't', url: 'http://127.0.0.1:1/' }, 'CreateTaskPushNotificationConfig'), expect: { status: 200, code: -32003 } },

  // Versions, media types, methods, size.
  { name: 'sem A2A-Version (v0.3)', headers: { 'a2a-version': null }, body: send({}), expect: { status: 200, code: -32009 } },
  { name: 'A2A-Version 9.9', headers: { 'a2a-version': '9.9' }, body: send({}), expect: { status: 200, code: -32009 } },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: send({}), expect: { status: 415, code: -32005 } },
  { name: 'formulário', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1', expect: { status: 415, code: -32005 } },
  { name: 'corpo acima de 64 KB', body: send({ message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'a'.repeat(70_000) }] } }), expect: { status: 413, code: -32600 } },
  { name: 'GET', method: 'GET', expect: { status: 405, code: -32600 } },
  { name: 'PUT', method: 'PUT', body: send({}), expect: { status: 405, code: -32600 } },
];
