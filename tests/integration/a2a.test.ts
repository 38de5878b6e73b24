/**
 * The A2A agent (`POST /a2a`, functions/a2a/handler.ts) through the local server, driven by the official
 * client of `@a2a-js/sdk`: the card is resolved from `/.well-known/agent-card.json` and the client picks its
 * transport from it (the card once listed `/ask` as HTTP+JSON, and the client's `sendMessage` got a 404 page).
 * Then: a message answered as a completed task (pt-BR text part, data part with the `/ask` schema.org
 * objects), the same over SSE, and the front door's JSON-RPC errors for bad input (raw fetch, the attack table
 * tests/attacks/a2a-cases.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Part, Role, SendMessageRequest, type StreamResponse, type Task, TaskState } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory } from '@a2a-js/sdk/client';
import { askAnswerSchema } from '../../functions/ask/schemas.ts';
import { siteSearch } from '../../functions/search/index.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { A2A_CASES } from '../attacks/a2a-cases.ts';
import { a2aAgentCardSchema } from '../helpers/agent-schemas.ts';

let server: LocalServer;
const origin = siteOrigin();

/** The card names the service origin; requests to it go to the server under test. */
const fetchImpl: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const local = url.startsWith(origin) ? `${server.url}${url.slice(origin.length)}` : url;
  return input instanceof Request ? fetch(new Request(local, input), init) : fetch(local, init);
};

const clientFactory = () =>
  new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );

const question = (text: string) =>
  SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] } });

const textOf = (parts: readonly Part[]) => parts.flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : [])).join('\n');
const dataOf = (parts: readonly Part[]) => parts.flatMap((p) => (p.content?.$case === 'data' ? [p.content.value as unknown] : []));

const rpc = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/a2a`, { method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers }, body });

async function rpcError(res: Response, status: number, code?: number) {
  assert.equal(res.status, status);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  const body = (await res.json()) as { jsonrpc: string; error: { code: number; message: string } };
  assert.equal(body.jsonrpc, '2.0');
  assert.ok(Number.isInteger(body.error.code));
  if (code !== undefined) assert.equal(body.error.code, code);
  assert.ok(!/\bat .+:\d+:\d+/.test(body.error.message), 'sem pilha de chamadas');
  return body;
}

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(() => server.close());

/** The completed task answering "dados estruturados": pt-BR text and the `/ask` answer as data. */
function assertAnswer(task: Task, text: string) {
  assert.equal(task.status?.state, TaskState.TASK_STATE_COMPLETED);
  assert.equal(task.artifacts.length, 1);
  const [artifact] = task.artifacts;
  assert.match(textOf(artifact!.parts), /^Encontrei \d+ páginas? do site sobre “dados estruturados”/);
  const [data] = dataOf(artifact!.parts);
  const answer = askAnswerSchema.parse(data);
  const expected = siteSearch(origin).search(text, { limite: 9 }).map((h) => h.url);
  assert.ok(expected.length > 0);
  assert.deepEqual(
    answer.results.map((r) => r.url),
    expected,
  );
  for (const r of answer.results) {
    assert.equal(r['@context'], 'https://schema.org');
    assert.ok(r.url.startsWith(`${origin}/`));
    assert.ok(textOf(artifact!.parts).includes(r.url));
  }
}

describe('A2A through the SDK client', () => {
  test('the card validates and lists exactly the JSON-RPC binding at /a2a (v1.0, streaming)', async () => {
    const res = await fetch(`${server.url}/.well-known/agent-card.json`);
    const card = a2aAgentCardSchema.parse(await res.json());
    assert.deepEqual(card.supportedInterfaces, [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }]);
    assert.equal(card.capabilities.streaming, true);
    assert.equal(card.capabilities.pushNotifications, false);
  });

  test('sendMessage: a completed task with a pt-BR text part and the schema.org results as data', async () => {
    const client = await clientFactory().createFromUrl(origin);
    assert.equal(client.transport.protocolName, 'JSONRPC');
    const result = await client.sendMessage(question('dados estruturados'));
    assert.ok('status' in result, 'a resposta é uma tarefa');
    assertAnswer(result, 'dados estruturados');
    assert.equal(result.status?.message?.role, Role.ROLE_AGENT);
  });

  test('sendMessageStream: task, artifact and final status over SSE', async () => {
    const client = await clientFactory().createFromUrl(origin);
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(question('dados estruturados'))) events.push(event);
    assert.deepEqual(
      events.map((e) => e.payload?.$case),
      ['task', 'artifactUpdate', 'statusUpdate'],
    );
    const artifact = events[1]!.payload?.$case === 'artifactUpdate' ? events[1]!.payload.value.artifact : undefined;
    const status = events[2]!.payload?.$case === 'statusUpdate' ? events[2]!.payload.value.status : undefined;
    assert.equal(status?.state, TaskState.TASK_STATE_COMPLETED);
    assertAnswer({ ...(events[0]!.payload!.value as Task), status, artifacts: [artifact!] }, 'dados estruturados');
  });

  test('a question nothing matches: completed, with a pt-BR hint and no results', async () => {
    const client = await clientFactory().createFromUrl(origin);
    const task = (await client.sendMessage(question('xyzzyqwv'))) as Task;
    assert.equal(task.status?.state, TaskState.TASK_STATE_COMPLETED);
    assert.match(textOf(task.artifacts[0]!.parts), /^Não encontrei páginas do site sobre “xyzzyqwv”/);
    assert.deepEqual(askAnswerSchema.parse(dataOf(task.artifacts[0]!.parts)[0]).results, []);
  });

  test('acceptedOutputModes: only the parts the client accepts', async () => {
    const client = await clientFactory().createFromUrl(origin);
    const ask = (modes: string[]) =>
      client.sendMessage(
        SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'seo' }] }, configuration: { acceptedOutputModes: modes } }),
      ) as Promise<Task>;
    const mediaTypes = async (modes: string[]) => (await ask(modes)).artifacts[0]!.parts.map((p) => p.mediaType);
    assert.deepEqual(await mediaTypes(['text/plain']), ['text/plain']);
    assert.deepEqual(await mediaTypes(['application/json']), ['application/json']);
    assert.deepEqual(await mediaTypes(['text/*', 'application/json']), ['text/plain', 'application/json']);
    assert.deepEqual(await mediaTypes(['image/png']), ['text/plain', 'application/json']);
  });

  test('returnImmediately: still the completed task (stateless: a working task could never be read again)', async () => {
    const client = await clientFactory().createFromUrl(origin);
    const request = SendMessageRequest.fromJSON({
      message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'dados estruturados' }] },
      configuration: { returnImmediately: true },
    });
    assertAnswer((await client.sendMessage(request)) as Task, 'dados estruturados');
  });

  test('a message without text is rejected with a pt-BR explanation', async () => {
    const client = await clientFactory().createFromUrl(origin);
    const request = SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ data: { q: 1 } }] } });
    const task = (await client.sendMessage(request)) as Task;
    assert.equal(task.status?.state, TaskState.TASK_STATE_REJECTED);
    assert.match(textOf(task.status?.message?.parts ?? []), /não tem texto/);
  });

  test('stateless: a returned task is not kept (GetTask → task not found)', async () => {
    const client = await clientFactory().createFromUrl(origin);
    const task = (await client.sendMessage(question('diagnóstico'))) as Task;
    await assert.rejects(client.getTask({ id: task.id, tenant: '', historyLength: undefined }), (e: Error) => /not found|-32001/i.test(`${e.name} ${e.message}`));
  });
});

describe('A2A front door', () => {
  const send = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'SendMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'seo' }] } } });

  test('a raw SendMessage answers JSON with the task', async () => {
    const res = await rpc(send);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const body = (await res.json()) as { id: number; result: { task: { status: { state: string } } } };
    assert.equal(body.id, 7);
    assert.equal(body.result.task.status.state, 'TASK_STATE_COMPLETED');
  });

  for (const c of A2A_CASES) {
    test(`attack table: ${c.name} → ${c.expect.status}${c.expect.code ? ` (${c.expect.code})` : ''}`, async () => {
      const headers = new Headers({ 'content-type': 'application/json', 'a2a-version': '1.0' });
      for (const [name, value] of Object.entries(c.headers ?? {})) value === null ? headers.delete(name) : headers.set(name, value);
      const res = await fetch(`${server.url}/a2a`, { method: c.method ?? 'POST', headers, body: (c.body ?? null) as BodyInit | null });
      if (c.expect.status === 200) {
        assert.equal(res.status, 200, await res.clone().text());
        assert.ok('result' in ((await res.json()) as object));
        return;
      }
      const body = await rpcError(res, c.expect.status, c.expect.code);
      assert.ok(!/stack|Maximum call/i.test(body.error.message), body.error.message);
      if (c.expect.code === -32009) assert.match(body.error.message, /A2A-Version: 1\.0/);
    });
  }

  test('the SDK client gets the JSON-RPC error of a malformed request as a typed error', async () => {
    const client = await clientFactory().createFromUrl(origin);
    await assert.rejects(client.sendMessage(SendMessageRequest.fromJSON({})), (e: Error) => /-32602|invalid|malformed/i.test(`${e.name} ${e.message}`));
  });

  test('GET → 405 with Allow; OPTIONS → CORS preflight allowing the A2A headers', async () => {
    const res = await fetch(`${server.url}/a2a`);
    assert.equal(res.headers.get('allow'), 'POST, OPTIONS');
    await rpcError(res, 405, -32600);
    const pre = await fetch(`${server.url}/a2a`, { method: 'OPTIONS', headers: { origin: 'https://outro.example', 'access-control-request-method': 'POST' } });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), '*');
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /A2A-Version/);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Content-Type/);
  });
});
