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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { A2A_CONTENT_TYPE, type Part, Role, SendMessageRequest, type StreamResponse, Task, TaskState } from '@a2a-js/sdk';
import { TaskNotCancelableError, TaskNotFoundError } from '@a2a-js/sdk/errors';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory } from '@a2a-js/sdk/client';
import { app } from '../../functions/app.ts';
import { taskKey } from '../../functions/a2a/task-store.ts';
import { askAnswerSchema } from '../../functions/ask/schemas.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { SqliteStore } from '../../functions/store/sqlite.ts';
import { UpstashStore } from '../../functions/store/upstash.ts';
import { siteSearch } from '../../functions/search/index.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { A2A_TASK_TTL_SECONDS } from '../../functions/a2a/card.ts';
import { A2A_CASES } from '../attacks/a2a-cases.ts';
import { a2aAgentCardSchema } from '../helpers/agent-schemas.ts';
import { redisUnavailable, startRedisBridge } from '../helpers/redis.ts';
import { testContext, testServices } from '../helpers/services.ts';
import { recordingStore, unavailableStore } from '../helpers/stores.ts';

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

  // Issue 21, item 6: a returned task could never be read back (GetTask always failed).
  test('a returned task is read back with GetTask; CancelTask on it answers TaskNotCancelableError (-32002)', async () => {
    const client = await clientFactory().createFromUrl(origin);
    const task = (await client.sendMessage(question('dados estruturados'))) as Task;
    assertAnswer(task, 'dados estruturados');
    const read = await client.getTask({ id: task.id, tenant: '', historyLength: undefined });
    assert.deepEqual(Task.toJSON(read), Task.toJSON(task));
    const cancel = client.cancelTask({ id: task.id, tenant: '', metadata: undefined });
    await assert.rejects(cancel, (e: Error) => e instanceof TaskNotCancelableError);
    // Still completed: the refused cancel changed nothing.
    assert.equal((await client.getTask({ id: task.id, tenant: '', historyLength: undefined })).status?.state, TaskState.TASK_STATE_COMPLETED);
  });

  test('a streamed task is read back too; an unknown one is TaskNotFoundError (-32001)', async () => {
    const client = await clientFactory().createFromUrl(origin);
    let id = '';
    for await (const event of client.sendMessageStream(question('seo'))) if (event.payload?.$case === 'task') id = event.payload.value.id;
    assert.ok(id);
    assert.equal((await client.getTask({ id, tenant: '', historyLength: undefined })).status?.state, TaskState.TASK_STATE_COMPLETED);
    await assert.rejects(client.getTask({ id: crypto.randomUUID(), tenant: '', historyLength: undefined }), (e: Error) => e instanceof TaskNotFoundError);
  });

  test('a rejected task is kept and not cancelable either', async () => {
    const client = await clientFactory().createFromUrl(origin);
    const task = (await client.sendMessage(SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ data: { q: 1 } }] } }))) as Task;
    assert.equal(task.status?.state, TaskState.TASK_STATE_REJECTED);
    assert.equal((await client.getTask({ id: task.id, tenant: '', historyLength: undefined })).status?.state, TaskState.TASK_STATE_REJECTED);
    await assert.rejects(client.cancelTask({ id: task.id, tenant: '', metadata: undefined }), (e: Error) => e instanceof TaskNotCancelableError);
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
      if (c.expect.status === 200 && c.expect.code === undefined) {
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

describe('media types (A2A 1.0.1: application/a2a+json preferred, application/json kept)', () => {
  const send = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'SendMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'seo' }] } } });
  const invalid = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'SendMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [] } } });
  const rows: { name: string; headers: Record<string, string>; answer: string }[] = [
    { name: 'JSON without Accept', headers: {}, answer: 'application/json; charset=utf-8' },
    { name: 'a2a+json without Accept', headers: { 'content-type': A2A_CONTENT_TYPE }, answer: A2A_CONTENT_TYPE },
    { name: 'Accept names a2a+json', headers: { accept: A2A_CONTENT_TYPE }, answer: A2A_CONTENT_TYPE },
    { name: 'Accept as the SDK’s REST transport sends it', headers: { accept: `${A2A_CONTENT_TYPE}, application/json` }, answer: A2A_CONTENT_TYPE },
    { name: 'Accept: json first, a2a+json as high', headers: { accept: `application/json, ${A2A_CONTENT_TYPE}` }, answer: A2A_CONTENT_TYPE },
    { name: 'Accept: a2a+json below json', headers: { accept: `${A2A_CONTENT_TYPE};q=0.5, application/json` }, answer: 'application/json; charset=utf-8' },
    { name: 'a2a+json body, Accept names only json (the SDK’s JSON-RPC transport)', headers: { 'content-type': A2A_CONTENT_TYPE, accept: 'application/json' }, answer: 'application/json; charset=utf-8' },
    { name: 'a2a+json body, Accept */*', headers: { 'content-type': A2A_CONTENT_TYPE, accept: '*/*' }, answer: A2A_CONTENT_TYPE },
    { name: 'a2a+json body, Accept rules a2a+json out', headers: { 'content-type': A2A_CONTENT_TYPE, accept: `${A2A_CONTENT_TYPE};q=0, */*` }, answer: 'application/json; charset=utf-8' },
  ];
  for (const row of rows) {
    test(`${row.name} → ${row.answer}`, async () => {
      for (const [body, key] of [
        [send, 'result'],
        [invalid, 'error'],
      ] as const) {
        const res = await rpc(body, row.headers);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), row.answer);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.ok(key in ((await res.json()) as object), key);
      }
    });
  }

  test('a transport failure answers in the preferred type too (415, 413, 400)', async () => {
    const accept = { accept: A2A_CONTENT_TYPE };
    assert.equal((await rpc('{', accept)).headers.get('content-type'), A2A_CONTENT_TYPE);
    const unsupported = await rpc('a=1', { ...accept, 'content-type': 'text/plain' });
    assert.equal(unsupported.status, 415);
    assert.equal(unsupported.headers.get('content-type'), A2A_CONTENT_TYPE);
    assert.match(((await unsupported.json()) as { error: { message: string } }).error.message, /application\/a2a\+json ou application\/json/);
  });
});

describe('tasks kept in the configured store (issue 21, item 6)', () => {
  const SEND = (text: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] } } });
  const call = (services: ReturnType<typeof testServices>, method: string, params: unknown) =>
    app.fetch(new Request(`${services.config.origin}/a2a`, { method: 'POST', headers: { 'content-type': A2A_CONTENT_TYPE, 'a2a-version': '1.0' }, body: method === 'SendMessage' ? SEND(String(params)) : JSON.stringify({ jsonrpc: '2.0', id: 2, method, params }) }),
      testContext(services),
    ).then(async (res) => {
      assert.equal(res.status, 200);
      return (await res.json()) as { result?: { task?: { id: string; status: { state: string } }; id?: string; status?: { state: string } }; error?: { code: number } };
    });
  const sendAndId = async (services: ReturnType<typeof testServices>) => {
    const sent = await call(services, 'SendMessage', 'dados estruturados');
    assert.equal(sent.result?.task?.status.state, 'TASK_STATE_COMPLETED');
    return sent.result!.task!.id;
  };

  test(`memory: readable for ${A2A_TASK_TTL_SECONDS} s after it finished, then task not found; once written to the store`, async () => {
    let clock = Date.UTC(2026, 10, 26, 12, 0, 0);
    const calls: string[] = [];
    const services = testServices({}, { store: recordingStore(new MemoryStore({ now: () => clock }), calls), now: () => clock });
    const id = await sendAndId(services);
    assert.deepEqual(
      calls.filter((c) => c.startsWith('set ')),
      [`set ${taskKey(id)}`],
      'uma escrita, a da tarefa concluída',
    );
    clock += (A2A_TASK_TTL_SECONDS - 1) * 1000;
    assert.equal((await call(services, 'GetTask', { id })).result?.status?.state, 'TASK_STATE_COMPLETED');
    assert.equal((await call(services, 'CancelTask', { id })).error?.code, -32002);
    clock += 2_000;
    assert.equal((await call(services, 'GetTask', { id })).error?.code, -32001);
    assert.equal((await call(services, 'CancelTask', { id })).error?.code, -32001);
  });

  test('SQLite: a task survives a restart of the server (a new store on the same folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'a2a-tarefas-'));
    try {
      const first = new SqliteStore({ dir });
      const id = await sendAndId(testServices({}, { store: first }));
      first.close();
      const second = new SqliteStore({ dir });
      const read = await call(testServices({}, { store: second }), 'GetTask', { id });
      assert.equal(read.result?.id, id);
      assert.equal(read.result?.status?.state, 'TASK_STATE_COMPLETED');
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('Upstash: written by one instance, read and refused cancel by another', { skip: redisUnavailable() }, async () => {
    const bridge = await startRedisBridge();
    try {
      const instance = () => testServices({}, { store: new UpstashStore({ url: bridge.url, token: bridge.token }) });
      const id = await sendAndId(instance());
      assert.equal((await call(instance(), 'GetTask', { id })).result?.status?.state, 'TASK_STATE_COMPLETED');
      assert.equal((await call(instance(), 'CancelTask', { id })).error?.code, -32002);
    } finally {
      await bridge.stop();
    }
  });

  test('a store that fails loses the read-back, never the answer', async () => {
    const broken = unavailableStore();
    const services = testServices({}, { store: broken });
    await sendAndId(services);
    const res = await app.fetch(new Request(`${services.config.origin}/a2a`, { method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: crypto.randomUUID() } }) }),
      testContext(services),
    );
    assert.equal(res.status, 500);
    const body = (await res.json()) as { error: { code: number; message: string } };
    assert.equal(body.error.code, -32603);
    assert.doesNotMatch(body.error.message, /armazenamento|Store/);
  });

  test('ListTasks lists no one else’s tasks to an anonymous caller', async () => {
    const services = testServices({}, { store: new MemoryStore() });
    await sendAndId(services);
    const listed = (await call(services, 'ListTasks', {})) as unknown as { result: { tasks: unknown[]; nextPageToken: string } };
    assert.deepEqual(listed.result.tasks, []);
    assert.equal(listed.result.nextPageToken, '');
  });

  test('ids of another shape never reach the store', async () => {
    const calls: string[] = [];
    const services = testServices({}, { store: recordingStore(new MemoryStore(), calls) });
    assert.equal((await call(services, 'GetTask', { id: 'x'.repeat(10_000) })).error?.code, -32001);
    assert.deepEqual(calls, []);
  });
});
