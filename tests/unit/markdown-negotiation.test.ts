import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { accepts, parseAccept, preferredMediaType, prefersMarkdown, refusesMarkdown } from '../../functions/edge/accept.ts';
import { negotiateMarkdown, twinPathFor } from '../../functions/edge/negotiate.ts';
import { isAiAgent } from '../../src/model/ai-agents.ts';
import { MARKDOWN_MEDIA_TYPE, NEGOTIATED_VARY } from '../../src/model/media-types.ts';

describe('Accept parsing', () => {
  test('reads q-values and clamps them', () => {
    assert.deepEqual(parseAccept('text/markdown;q=0.5, text/html;q=2, bad, */*;q=x'), [
      { type: 'text', subtype: 'markdown', q: 0.5 },
      { type: 'text', subtype: 'html', q: 1 },
      { type: '*', subtype: '*', q: 0 },
    ]);
  });

  const cases: [string | null, boolean][] = [
    ['text/markdown', true],
    ['text/markdown, text/html', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/html, text/markdown;q=0.9', false],
    ['text/html;q=0.5, text/markdown;q=0.5', true],
    ['text/markdown;q=0.8, */*;q=0.9', false],
    ['text/markdown;q=0.8, */*;q=0.5', true],
    ['text/x-markdown', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['*/*', false],
    ['text/*', false],
    ['text/markdown;q=0', false],
    [null, false],
  ];
  for (const [accept, expected] of cases) {
    test(`prefersMarkdown(${JSON.stringify(accept)}) is ${expected}`, () => assert.equal(prefersMarkdown(accept), expected));
  }

  test('refusesMarkdown only for an explicit q=0', () => {
    assert.equal(refusesMarkdown('text/markdown;q=0, text/html'), true);
    assert.equal(refusesMarkdown('text/html'), false);
  });
});

describe('AI user agents', () => {
  test('known crawlers and agents are recognised', () => {
    for (const ua of [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
      'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
      'CCBot/2.0 (https://commoncrawl.org/faq/)',
    ]) {
      assert.equal(isAiAgent(ua), true, ua);
    }
  });
  test('browsers and search engines that render HTML are not', () => {
    for (const ua of [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'MyGPTBotanical/1.0',
      '',
    ]) {
      assert.equal(isAiAgent(ua), false, ua);
    }
    assert.equal(isAiAgent(null), false);
  });
});

describe('twin paths', () => {
  test('maps pages, the home page, aliases and trailing slashes', () => {
    assert.equal(twinPathFor('/'), '/index.md');
    assert.equal(twinPathFor('/sobre'), '/sobre.md');
    assert.equal(twinPathFor('/sobre/'), '/sobre.md');
    assert.equal(twinPathFor('/blog/um-artigo'), '/blog/um-artigo.md');
    assert.equal(twinPathFor('/developers'), '/agentes.md');
    assert.equal(twinPathFor('/docs/'), '/agentes.md');
    assert.equal(twinPathFor('/llms.txt'), undefined);
    assert.equal(twinPathFor('/_astro/x.css'), undefined);
  });
});

describe('negotiateMarkdown', () => {
  const files: Record<string, string> = { '/sobre.md': '# Sobre\n\ntexto', '/agentes.md': '# Agentes', '/404.md': '# Página não encontrada' };
  const hooks = (htmlStatus = 200, htmlHeaders: Record<string, string> = {}) => {
    const calls: string[] = [];
    return {
      calls,
      next: async () => {
        calls.push('next');
        return new Response('<html></html>', { status: htmlStatus, headers: { 'content-type': 'text/html; charset=utf-8', ...htmlHeaders } });
      },
      fetchPath: async (path: string) => {
        calls.push(path);
        const body = files[path];
        return body ? new Response(body, { headers: { 'content-type': 'application/octet-stream' } }) : new Response('no', { status: 404 });
      },
    };
  };
  const req = (path: string, headers: Record<string, string> = {}, method = 'GET') => new Request(`http://x.test${path}`, { method, headers });

  test('Accept: text/markdown gets the twin with type, Vary, token estimate and content signal', async () => {
    const res = await negotiateMarkdown(req('/sobre', { accept: 'text/markdown' }), hooks());
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    assert.equal(res.headers.get('vary'), NEGOTIATED_VARY);
    assert.equal(res.headers.get('x-markdown-tokens'), String(Math.ceil(files['/sobre.md']!.length / 4)));
    assert.match(res.headers.get('content-signal') ?? '', /ai-input=yes/);
    assert.equal(await res.text(), files['/sobre.md']);
  });

  test('HTML keeps its body and gains Vary and the alternate Link', async () => {
    const h = hooks();
    const res = await negotiateMarkdown(req('/sobre', { accept: 'text/html' }), h);
    assert.equal(await res.text(), '<html></html>');
    assert.equal(res.headers.get('vary'), NEGOTIATED_VARY);
    assert.equal(res.headers.get('link'), '</sobre.md>; rel="alternate"; type="text/markdown"');
    assert.deepEqual(h.calls, ['next']);
  });

  test('AI crawlers get markdown unless they refuse it', async () => {
    const ua = { 'user-agent': 'GPTBot/1.2' };
    assert.equal((await negotiateMarkdown(req('/sobre', ua), hooks())).headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    const refused = await negotiateMarkdown(req('/sobre', { ...ua, accept: 'text/html, text/markdown;q=0' }), hooks());
    assert.match(refused.headers.get('content-type') ?? '', /text\/html/);
  });

  test('/?mode=agent serves the agent overview', async () => {
    const res = await negotiateMarkdown(req('/?mode=agent'), hooks());
    assert.equal(await res.text(), '# Agentes');
  });

  test('unknown page with markdown asked gets the markdown 404', async () => {
    const res = await negotiateMarkdown(req('/nao-existe', { accept: 'text/markdown' }), hooks(404));
    assert.equal(res.status, 404);
    assert.equal(await res.text(), '# Página não encontrada');
    assert.equal(res.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    assert.equal(res.headers.get('vary'), NEGOTIATED_VARY);
  });

  test('a missing twin (.md) is the markdown 404 whatever the Accept, and it does not vary', async () => {
    for (const accept of [undefined, 'text/html', 'text/markdown', '*/*', 'application/json']) {
      for (const method of ['GET', 'HEAD']) {
        const h = hooks(404);
        const res = await negotiateMarkdown(req('/nao-existe.md', accept ? { accept } : {}, method), h);
        assert.equal(res.status, 404, `${accept} ${method}`);
        assert.equal(res.headers.get('content-type'), MARKDOWN_MEDIA_TYPE, `${accept} ${method}`);
        assert.equal(res.headers.get('vary'), null);
        assert.equal(await res.text(), method === 'HEAD' ? '' : '# Página não encontrada');
        assert.deepEqual(h.calls, ['next', '/404.md']);
      }
    }
  });

  test('without a /404.md the missing twin keeps the host 404, and /404.md never fetches itself', async () => {
    const h = { ...hooks(404), fetchPath: async () => new Response('no', { status: 404 }) };
    const res = await negotiateMarkdown(req('/nao-existe.md'), h);
    assert.equal(res.status, 404);
    assert.equal(await res.text(), '<html></html>');
    const self = hooks(404);
    assert.equal((await negotiateMarkdown(req('/404.md'), self)).status, 404);
    assert.deepEqual(self.calls, ['next']);
  });

  test('a twin served at its own address is markdown (GFM) and does not vary', async () => {
    const h = { ...hooks(), next: async () => new Response('# Sobre', { headers: { 'content-type': 'text/markdown; charset=utf-8' } }) };
    const res = await negotiateMarkdown(req('/sobre.md', { 'user-agent': 'GPTBot/1.2' }), h);
    assert.equal(res.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    assert.equal(res.headers.get('vary'), null);
  });

  test('Vary from the static headers is kept, completed, never repeated', async () => {
    const cases: [string, string][] = [
      ['Accept, User-Agent', 'Accept, User-Agent'],
      ['accept', 'accept, User-Agent'],
      ['Accept-Encoding', 'Accept-Encoding, Accept, User-Agent'],
      ['*', '*'],
    ];
    for (const [given, expected] of cases) {
      const res = await negotiateMarkdown(req('/sobre'), hooks(200, { vary: given }));
      assert.equal(res.headers.get('vary'), expected, given);
    }
  });

  test('HEAD gets headers without a body; other methods and files pass through', async () => {
    const head = await negotiateMarkdown(req('/sobre', { accept: 'text/markdown' }, 'HEAD'), hooks());
    assert.equal(head.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    assert.equal(await head.text(), '');
    const h = hooks();
    await negotiateMarkdown(req('/sobre', { accept: 'text/markdown' }, 'POST'), h);
    await negotiateMarkdown(req('/robots.txt', { accept: 'text/markdown' }), h);
    assert.deepEqual(h.calls, ['next', 'next']);
  });
});

describe('the one Accept parser: accepts and preferredMediaType (used by /ask and the measurement)', () => {
  test('accepts honours q=0 and counts wildcards only when asked', () => {
    assert.equal(accepts('application/json', 'application/json', false), true);
    assert.equal(accepts('application/json;q=0, */*', 'application/json', false), false);
    assert.equal(accepts('*/*', 'text/event-stream', true), true);
    assert.equal(accepts('*/*', 'text/event-stream', false), false);
    assert.equal(accepts('Application/X-NDJSON', 'application/x-ndjson', false), true, 'media types are case-insensitive');
  });
  test('preferredMediaType: highest q, then the first in the header; undefined when none is acceptable', () => {
    assert.equal(preferredMediaType('text/html,application/xhtml+xml,*/*;q=0.8', ['text/html', 'application/json'], false), 'text/html');
    assert.equal(preferredMediaType('application/json, text/html', ['text/html', 'application/json'], false), 'application/json');
    assert.equal(preferredMediaType('text/html;q=0.5, application/json', ['text/html', 'application/json'], false), 'application/json');
    assert.equal(preferredMediaType('*/*', ['text/html', 'application/json'], false), undefined);
    assert.equal(preferredMediaType(null, ['text/html'], false), undefined);
  });
});
