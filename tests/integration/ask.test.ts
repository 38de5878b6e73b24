/**
 * `/ask` (NLWeb) through the local server: GET JSON, POST JSON (v0.54, TypeSpec and legacy flat shapes),
 * POST SSE (v0.55 named events for object queries, v0.54 unnamed events for string queries and clients pinned
 * below 0.55) and legacy GET SSE (`message_type` events), parsed and validated against the
 * schemas of functions/ask/schemas.ts; the same ranking as the shared search; bad input; CORS.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  askAnswerSchema,
  askCompleteEventSchema,
  askLegacyEventSchema,
  askResultEventSchema,
  askResultSchema,
  askStartEventSchema,
  askStreamEventSchema,
} from '../../functions/ask/schemas.ts';
import { siteSearch } from '../../functions/search/index.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';

let server: LocalServer;
const origin = siteOrigin();

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const post = (body: unknown, headers: Record<string, string> = {}, query = '') =>
  fetch(`${server.url}/ask${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Parses an SSE body into the JSON of each `data:` event (events are separated by a blank line). */
function sseEvents(text: string): unknown[] {
  assert.ok(text.endsWith('\n\n'), 'o fluxo termina com uma linha em branco');
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      assert.ok(lines.every((l) => l.startsWith('data: ')), `evento só com linhas data: (${block.slice(0, 80)})`);
      return JSON.parse(lines.map((l) => l.slice(6)).join('\n'));
    });
}

/** Parses an SSE body of named events (`event:` then `data:` lines) into `{ event, data }`. */
function namedEvents(text: string): { event: string; data: unknown }[] {
  assert.ok(text.endsWith('\n\n'), 'o fluxo termina com uma linha em branco');
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const [name, ...data] = block.split('\n');
      assert.match(name ?? '', /^event: [a-z]+$/, `evento com nome (${block.slice(0, 80)})`);
      assert.ok(data.length > 0 && data.every((l) => l.startsWith('data: ')), `evento com linhas data: (${block.slice(0, 80)})`);
      return { event: name!.slice('event: '.length), data: JSON.parse(data.map((l) => l.slice(6)).join('\n')) };
    });
}

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(() => server.close());

describe('JSON answers', () => {
  test('GET ?query=…&streaming=false answers schema.org results of the shared search', async () => {
    const res = await get('/ask?query=dados%20estruturados&streaming=false');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const body = askAnswerSchema.parse(await res.json());
    assert.equal(body._meta.response_type, 'Answer');
    assert.equal(body._meta.version, '0.54');
    const expected = siteSearch(origin).search('dados estruturados', { limite: 9 });
    assert.deepEqual(body.results.map((r) => r.url), expected.map((r) => r.url));
    const first = body.results[0]!;
    assert.equal(first['@type'], 'Service');
    assert.equal(first.score, 100);
    assert.equal(first.url, `${origin}/solucoes/dados-estruturados`);
    assert.deepEqual(first.grounding.source_urls, [first.url]);
    assert.equal(first.encoding.contentUrl, `${origin}/solucoes/dados-estruturados.md`);
    assert.ok(body.results.every((r) => r.score >= 1 && r.score <= 100));
  });

  test('section types: articles are BlogPosting', async () => {
    const body = askAnswerSchema.parse(await (await get('/ask?query=robots.txt%20crawlers&streaming=false&max_results=20')).json());
    const article = body.results.find((r) => r.url.includes('/blog/'));
    assert.ok(article);
    assert.equal(article['@type'], 'BlogPosting');
    assert.ok(article['@id'].endsWith('#artigo'));
  });

  test('POST v0.54 body with prefer.streaming=false and max_results', async () => {
    const res = await post({ query: { text: 'preço do diagnóstico', max_results: 3 }, prefer: { streaming: false }, meta: { api_version: '0.54' } });
    assert.equal(res.status, 200);
    const body = askAnswerSchema.parse(await res.json());
    assert.ok(body.results.length >= 1 && body.results.length <= 3);
  });

  test('POST with the TypeSpec name return_response and the legacy flat shape', async () => {
    const typespec = askAnswerSchema.parse(await (await post({ query: { text: 'seo local' }, return_response: { streaming: false } })).json());
    assert.ok(typespec.results.some((r) => r.url.endsWith('/solucoes/seo-local')));
    const flat = askAnswerSchema.parse(await (await post({ query: 'seo local', streaming: false, query_id: 'abc' })).json());
    assert.equal(flat.query_id, 'abc');
    assert.deepEqual(flat.results.map((r) => r.url), typespec.results.map((r) => r.url));
    const qs = askAnswerSchema.parse(await (await post('', {}, '?query=seo%20local&streaming=false')).json());
    assert.deepEqual(qs.results.map((r) => r.url), typespec.results.map((r) => r.url));
  });

  test('min_score drops weaker results; no match gives an empty list', async () => {
    const all = askAnswerSchema.parse(await (await post({ query: { text: 'conteúdo para agentes' }, prefer: { streaming: false } })).json());
    const strong = askAnswerSchema.parse(await (await post({ query: { text: 'conteúdo para agentes', min_score: 60 }, prefer: { streaming: false } })).json());
    assert.ok(strong.results.every((r) => r.score >= 60));
    assert.ok(strong.results.length <= all.results.length);
    const none = askAnswerSchema.parse(await (await get('/ask?query=xylofonequ%C3%A2ntico&streaming=false')).json());
    assert.deepEqual(none.results, []);
  });

  test('Accept: application/json without a streaming preference gets JSON', async () => {
    const res = await get('/ask?query=llms.txt', { accept: 'application/json' });
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    askAnswerSchema.parse(await res.json());
  });
});

describe('SSE answers', () => {
  test('POST with an object query (streaming by default) sends NLWeb 0.55 named events: start, one result per item, complete', async () => {
    const res = await post({ query: { text: 'otimização para motores generativos' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const events = namedEvents(await res.text());
    assert.equal(events[0]?.event, 'start');
    const start = askStartEventSchema.parse(events[0]?.data);
    assert.equal(start._meta.version, '0.55');
    assert.equal(start._meta.site, new URL(origin).host);
    assert.equal(events.at(-1)?.event, 'complete');
    askCompleteEventSchema.parse(events.at(-1)?.data);
    const results = events.slice(1, -1);
    assert.ok(results.length >= 1);
    assert.ok(results.every((e) => e.event === 'result'));
    const items = results.map((e) => askResultEventSchema.parse(e.data));
    assert.deepEqual(items.map((r) => r.index), items.map((_, i) => i));
    assert.equal(items[0]?.item.url, `${origin}/solucoes/otimizacao-para-motores-generativos`);
  });

  test('POST with a string query keeps the 0.54 unnamed events {_meta} then {results}', async () => {
    const res = await post({ query: 'otimização para motores generativos' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    const events = sseEvents(await res.text()).map((e) => askStreamEventSchema.parse(e));
    assert.equal(events.length, 2);
    assert.ok('_meta' in events[0]! && events[0]._meta.response_type === 'Answer');
    assert.ok('results' in events[1]!);
    const results = (events[1] as { results: unknown[] }).results;
    assert.ok(results.length >= 1);
    assert.equal(askResultSchema.parse(results[0]).url, `${origin}/solucoes/otimizacao-para-motores-generativos`);
  });

  test('an object query from a client pinned to 0.54 (meta.api_version) keeps the unnamed events', async () => {
    const res = await post({ query: { text: 'blog' }, meta: { api_version: '0.54' } });
    const events = sseEvents(await res.text()).map((e) => askStreamEventSchema.parse(e));
    assert.equal(events.length, 2);
    assert.ok('_meta' in events[0]! && events[0]._meta.version === '0.54');
  });

  test('POST with prefer.streaming=true and a JSON-only Accept still streams (explicit preference wins)', async () => {
    const res = await post({ query: { text: 'blog' }, prefer: { streaming: true } }, { accept: 'application/json' });
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  });

  test('legacy GET streaming sends begin / result / end message_type events', async () => {
    const res = await get('/ask?query=markdown%20para%20agentes');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    const events = sseEvents(await res.text()).map((e) => askLegacyEventSchema.parse(e));
    assert.deepEqual(events.map((e) => e.message_type), ['begin-nlweb-response', 'result', 'end-nlweb-response']);
    const result = events[1] as { content: { url: string }[] };
    assert.ok(result.content.some((r) => r.url === `${origin}/blog/markdown-para-agentes`));
    assert.equal(new Set(events.map((e) => e.conversation_id)).size, 1);
  });
});

describe('bad input and CORS', () => {
  test('an empty query is 400 invalid_request', async () => {
    for (const res of [
      await get('/ask?query=&streaming=false'),
      await get('/ask'),
      await get('/ask?query=%20%20'),
      await post({ query: { text: '   ' } }),
      await post({ query: '' }),
      await post(''),
    ]) {
      assert.equal(res.status, 400);
      const body = await res.json();
      assert.equal(body.error, 'invalid_request');
      assert.equal(typeof body.error_description, 'string');
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
    }
  });

  test('malformed bodies are 400, never 5xx', async () => {
    for (const body of ['{"query":', '{"query":{"txt":"x"}}', '{"query":42}', '[1,2]']) {
      const res = await post(body);
      assert.equal(res.status, 400, body);
      assert.equal((await res.json()).error, 'invalid_request');
    }
    const xml = await post('<query/>', { 'content-type': 'application/xml' });
    assert.equal(xml.status, 415);
  });

  test('a body over 64 KB is 413', async () => {
    const res = await post({ query: { text: 'seo' }, context: { prev: ['x'.repeat(70 * 1024)] } });
    assert.equal(res.status, 413);
    assert.equal((await res.json()).error, 'payload_too_large');
  });

  test('preflight and other methods', async () => {
    const pre = await fetch(`${server.url}/ask`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agente.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), '*');
    assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Content-Type/i);
    const del = await fetch(`${server.url}/ask`, { method: 'DELETE' });
    assert.equal(del.status, 405);
    assert.match(del.headers.get('allow') ?? '', /POST/);
  });
});
