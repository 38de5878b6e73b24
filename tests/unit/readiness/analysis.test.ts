import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { detectInterference } from '../../../functions/readiness/analysis/challenge.ts';
import { analyzeHtml } from '../../../functions/readiness/analysis/html.ts';
import { isEndpointLink, spread } from '../../../functions/readiness/context.ts';
import { parseLinkHeader } from '../../../functions/readiness/analysis/link-header.ts';
import { isOptionalLink, looksLikeHtml, markdownLinks, parseLlmsTxt } from '../../../functions/readiness/analysis/llms.ts';
import { isAllowed, parseContentSignal, parseRobots } from '../../../functions/readiness/analysis/robots.ts';

describe('robots.txt (RFC 9309)', () => {
  const robots = parseRobots(`# comentário
User-agent: *
Disallow: /privado/
Allow: /privado/publico.html
Content-Signal: search=yes, ai-input=yes, ai-train=no

User-agent: GPTBot
User-agent: CCBot
Disallow: /

User-agent: ClaudeBot
Disallow:

Sitemap: https://exemplo.com.br/sitemap.xml
`);
  test('groups, sitemaps and content signals', () => {
    assert.equal(robots.groups.length, 3);
    assert.deepEqual(robots.sitemaps, ['https://exemplo.com.br/sitemap.xml']);
    assert.deepEqual(robots.groups[0]?.contentSignals, ['search=yes, ai-input=yes, ai-train=no']);
    assert.equal(robots.unknownLines, 0);
  });
  test('specific groups win over *, longest match wins, Allow wins ties', () => {
    assert.equal(isAllowed(robots, 'GPTBot', '/'), false);
    assert.equal(isAllowed(robots, 'ccbot', '/blog'), false);
    assert.equal(isAllowed(robots, 'ClaudeBot', '/privado/x'), true, 'empty Disallow allows everything');
    assert.equal(isAllowed(robots, 'PerplexityBot', '/'), true);
    assert.equal(isAllowed(robots, 'PerplexityBot', '/privado/x'), false);
    assert.equal(isAllowed(robots, 'PerplexityBot', '/privado/publico.html'), true);
  });
  test('wildcards and end anchors', () => {
    const r = parseRobots('User-agent: *\nDisallow: /*.pdf$\nDisallow: /busca*q=\n');
    assert.equal(isAllowed(r, 'x', '/a.pdf'), false);
    assert.equal(isAllowed(r, 'x', '/a.pdf?x'), true);
    assert.equal(isAllowed(r, 'x', '/busca?q=1'), false);
  });
  test('an HTML page served as robots.txt shows unknown lines', () => {
    assert.ok(parseRobots('<!doctype html>\n<html><body>oi</body></html>').unknownLines > 0);
  });
  test('Content-Signal values', () => {
    assert.deepEqual(parseContentSignal('search=yes, ai-input=no, ai-train=no'), { valid: true, signals: { search: 'yes', 'ai-input': 'no', 'ai-train': 'no' } });
    assert.equal(parseContentSignal('ai-train=talvez').valid, false);
    assert.equal(parseContentSignal('foo=yes').valid, false);
  });
});

describe('llms.txt', () => {
  test('parses title, summary, sections and links', () => {
    const file = parseLlmsTxt('# Exemplo\n\n> Resumo do site.\n\nTexto livre.\n\n## Docs\n\n- [Início](https://exemplo.com/index.md): a inicial\n- [Preços](/precos.md)\n\n## Optional\n\n- [Blog](https://exemplo.com/blog.md)\n');
    assert.equal(file.hasH1, true);
    assert.equal(file.title, 'Exemplo');
    assert.equal(file.hasSummary, true);
    assert.deepEqual(file.sections.map((s) => [s.title, s.links]), [['Docs', 2], ['Optional', 1]]);
    assert.deepEqual(file.links.map((l) => l.url), ['https://exemplo.com/index.md', '/precos.md', 'https://exemplo.com/blog.md']);
    assert.deepEqual(file.links.map((l) => [l.section, isOptionalLink(l)]), [['Docs', false], ['Docs', false], ['Optional', true]]);
  });
  test('missing H1', () => {
    assert.equal(parseLlmsTxt('Exemplo\n## Docs\n- [a](b)').hasH1, false);
  });
  test('HTML detection', () => {
    assert.equal(looksLikeHtml('<!DOCTYPE html><html>'), true);
    assert.equal(looksLikeHtml('# Título'), false);
  });
});

describe('Link header (RFC 8288)', () => {
  test('multiple links, quoted and bare parameters, commas inside quotes', () => {
    const links = parseLinkHeader('</.well-known/api-catalog>; rel="api-catalog", </llms.txt>; rel=describedby; type="text/markdown", <https://x.com/a,b>; rel="alternate service-doc"; title="a, b"');
    assert.equal(links.length, 3);
    assert.deepEqual(links[0]?.rel, ['api-catalog']);
    assert.equal(links[1]?.type, 'text/markdown');
    assert.deepEqual(links[2]?.rel, ['alternate', 'service-doc']);
    assert.equal(links[2]?.href, 'https://x.com/a,b');
    assert.equal(links[2]?.params.title, 'a, b');
  });
  test('empty and malformed', () => {
    assert.deepEqual(parseLinkHeader(null), []);
    assert.deepEqual(parseLinkHeader('nada aqui'), []);
  });
});

describe('bot challenges and WAF pages', () => {
  const response = (status: number, body: string, headers: Record<string, string> = {}) => ({ status, body, headers: new Headers(headers) });
  test('recognizes challenges', () => {
    assert.equal(detectInterference(response(403, '<title>Just a moment...</title>'))?.vendor, 'Cloudflare');
    assert.equal(detectInterference(response(200, '', { 'cf-mitigated': 'challenge' }))?.kind, 'desafio');
    assert.equal(detectInterference(response(429, '<title>Vercel Security Checkpoint</title>'))?.vendor, 'Vercel');
    assert.equal(detectInterference(response(403, 'Incapsula incident ID: 123'))?.vendor, 'Imperva');
    assert.equal(detectInterference(response(405, '', { 'x-amzn-waf-action': 'captcha' }))?.vendor, 'AWS WAF');
    assert.equal(detectInterference(response(403, '<script src="https://geo.captcha-delivery.com/captcha/"></script>'))?.vendor, 'DataDome');
    assert.ok(detectInterference(response(403, '<h1>Access Denied</h1>')));
  });
  test('normal pages are not challenges, even behind a CDN that injects scripts', () => {
    assert.equal(detectInterference(response(200, '<html><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script><p>conteúdo</p></html>')), undefined);
    assert.equal(detectInterference(response(200, '<p>Um artigo sobre captcha e robôs.</p>')), undefined);
    assert.equal(detectInterference(response(404, '<h1>Página não encontrada</h1>')), undefined);
  });
});

describe('HTML analysis', async () => {
  const html = `<!doctype html><html lang="pt-BR"><head><title> Título </title><meta name="description" content="Descrição">
<link rel="canonical" href="https://x.com/"><link rel="alternate" type="text/markdown" href="/index.md">
<script type="application/ld+json">{"@type":"Organization"}</script><script src="/app.js"></script><script>window.x=1</script><style>p{}</style></head>
<body><main><h1>Oi</h1><p>Texto visível</p><img src="a.png" alt=""><img src="b.png" width="1" height="1" alt="b"><label for="c">C</label><input id="c"><input name="sem-rotulo"><input type="hidden" name="h"></main>
<noscript>ative o JS</noscript><template><p>oculto</p></template></body></html>`;
  const a = await analyzeHtml(html);
  test('head metadata', () => {
    assert.equal(a.title, 'Título');
    assert.equal(a.description, 'Descrição');
    assert.equal(a.canonical, 'https://x.com/');
    assert.equal(a.lang, 'pt-BR');
    assert.deepEqual(a.markdownAlternates, ['/index.md']);
    assert.equal(a.jsonLd.length, 1);
    assert.deepEqual(a.scriptSrcs, ['/app.js']);
    assert.deepEqual(a.inlineScripts, ['window.x=1']);
  });
  test('visible text excludes scripts, styles, noscript and templates', () => {
    assert.equal(a.text, 'Oi Texto visível C');
  });
  test('accessibility basics', () => {
    assert.equal(a.hasMain, true);
    assert.equal(a.h1Count, 1);
    assert.deepEqual(a.images, [{ alt: true, sized: false }, { alt: true, sized: true }]);
    assert.deepEqual(a.controls, [{ labelled: true }, { labelled: false }]);
  });
});

describe('HTML analysis on the tokenizer: the cases a tree used to settle', () => {
  test('entities decoded, svg titles and self-closing svg, wrapped labels, head without body', async () => {
    const a = await analyzeHtml(
      '<html lang=pt><title>A &amp; B</title><meta name=description content="Caf&eacute; &quot;bom&quot;"><svg><title>ícone</title><text>oculto</text></svg>' +
        '<p>Ol&aacute;<svg/>mundo</p><label>Nome <input name=n></label><input id=x><label for=x>X</label><style>p{}</style><script type="application/ld+json">{"a":"&amp;"}</script>',
    );
    assert.equal(a.title, 'A & B');
    assert.equal(a.description, 'Café "bom"');
    assert.equal(a.text, 'Olámundo Nome X');
    assert.deepEqual(a.controls, [{ labelled: true }, { labelled: true }], 'wrapped, and by for= declared after the control');
    assert.deepEqual(a.jsonLd, ['{"a":"&amp;"}'], 'script text is raw');
  });
});

describe('issue 14: what the sample and discovery read from a page', () => {
  test('links of a markdown twin: code spans and fenced blocks are examples, not links', () => {
    const md = 'Veja [Preços](/precos.md) e o formato `- [nome](url): notas`.\n\n```md\n- [Título](/exemplo)\n```\n\n~~~\n[x](/y)\n~~~\n[Sobre](https://x.com/sobre)\n';
    assert.deepEqual(markdownLinks(md), ['/precos.md', 'https://x.com/sobre']);
  });
  test('<link rel="sitemap">, forms, and the llms.txt pointer near the top (nav, script and style left out)', async () => {
    const nav = `<nav>${'<a href="/x">menu</a>'.repeat(200)}</nav>`;
    const html = `<html><head><link rel="sitemap" href="/sitemap-index.xml"></head><body>${nav}<script>${'x'.repeat(5000)}</script><main><p>Índice para agentes: <a href="/llms.txt">llms.txt</a></p><p>${'texto '.repeat(400)}</p><form><input aria-label="q"></form></main></body></html>`;
    const a = await analyzeHtml(html);
    assert.deepEqual(a.sitemapLinks, ['/sitemap-index.xml']);
    assert.equal(a.forms, 1);
    assert.ok(a.llmsPointer !== undefined && a.llmsPointer < 0.05, `pointer at ${a.llmsPointer}: the nav and the script before it do not count`);
  });
  test('a pointer at the foot of the page is found, but low; none is undefined; a pointer inside nav does not count', async () => {
    const foot = await analyzeHtml(`<body><main><p>${'texto '.repeat(400)}</p></main><footer><a href="/llms.txt">llms.txt</a></footer></body>`);
    assert.ok((foot.llmsPointer ?? 0) > 0.9);
    assert.equal((await analyzeHtml('<body><p>nada</p></body>')).llmsPointer, undefined);
    assert.equal((await analyzeHtml('<body><nav><a href="/llms.txt">x</a></nav><p>oi</p></body>')).llmsPointer, undefined);
    assert.ok(((await analyzeHtml(`<body><p>Veja /llms.txt</p><p>${'texto '.repeat(50)}</p></body>`)).llmsPointer ?? 1) < 0.1, 'the text /llms.txt counts too');
  });
  test('llms.txt links judged as endpoints: data, MCP, /ask, /api/, well-known, queries and ## Optional', () => {
    const link = (url: string, section = 'Docs') => isEndpointLink({ title: '', url, section }, new URL(url, 'https://x.com/'));
    for (const url of ['/agentes/catalogo.json', '/feeds/a.jsonl', '/sitemap.xml', '/mcp', '/mcp/docs', '/ask', '/api/v1/paginas', '/.well-known/api-catalog', '/busca?q=x']) assert.equal(link(url), true, url);
    for (const url of ['/sobre.md', '/blog/post/', '/llms-full.txt', '/mcpx']) assert.equal(link(url), false, url);
    assert.equal(link('/blog/post/', 'Optional'), true);
  });
  test('the sample is deterministic and spread over the list', () => {
    const items = Array.from({ length: 200 }, (_, i) => i);
    assert.deepEqual(spread(items, 4), [0, 50, 100, 150]);
    assert.deepEqual(spread([1, 2], 5), [1, 2]);
    assert.deepEqual(spread(items, 49), spread(items, 49));
  });
});
