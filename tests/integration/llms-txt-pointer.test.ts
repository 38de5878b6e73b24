/**
 * What afdocs (tests/integration/afdocs.test.ts, run by `npm test`) looks for, checked on every build by our own
 * reading of the local server: the root llms.txt keeps what is not a page (endpoints, JSON, JSON Lines, OpenAPI) in
 * its `## Optional` section, and every page links /llms.txt in its head and in a line of the header before the
 * navigation. Why: docs/afdocs.md.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { llmsLinks, validateLlmsTxt } from '../helpers/llms-txt.ts';
import { publishedPages } from '../helpers/published.ts';

let server: LocalServer;
/** Paths of the site's pages (from the published index), to tell them from the endpoints afdocs also samples. */
const pagePaths = new Set(publishedPages().map((p) => new URL(p.url).pathname));

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(() => server.close());

/** `## Title` blocks of an llms.txt, with their links. */
const sections = (text: string) =>
  text.split(/^## /m).slice(1).map((block) => ({ titulo: block.slice(0, block.indexOf('\n')), links: llmsLinks(block) }));

describe('llms.txt: pages apart from what is not a page', () => {
  test('outside `## Optional` every link is a markdown page; MCP, /ask, JSON, JSON Lines and OpenAPI are in `## Optional`', async () => {
    const text = await (await fetch(`${server.url}/llms.txt`)).text();
    assert.deepEqual(validateLlmsTxt(text), []);
    const all = sections(text);
    assert.equal(all.at(-1)?.titulo, 'Optional', 'Optional is the last section');
    for (const s of all.slice(0, -1)) {
      for (const url of s.links) assert.match(url, /\.md$/, `${s.titulo}: ${url} is not a markdown page`);
    }
    const optional = all.at(-1)!.links.map((u) => new URL(u).pathname);
    for (const path of ['/mcp', '/mcp/docs', '/ask', '/api/openapi.json', '/agentes/indice.json', '/agentes/catalogo.json', '/feeds/solucoes.jsonl', '/feeds/artigos.jsonl']) {
      assert.ok(optional.includes(path), `${path} in Optional`);
    }
    assert.ok(!optional.some((p) => p.endsWith('.md')), 'no page in Optional');
  });
});

describe('the /llms.txt pointer in the HTML', () => {
  test('every page links /llms.txt in its head and in a line of the header before the navigation (shown when a keyboard reaches it)', async () => {
    for (const path of [...pagePaths, '/pagina-que-nao-existe']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      assert.ok(html.includes('<link rel="describedby" href="/llms.txt" type="text/plain"'), `${path}: <link rel="describedby">`);
      const hint = html.indexOf('<p class="agent-hint">');
      assert.ok(hint > html.indexOf('<body') && hint < html.indexOf('<nav'), `${path}: linha para agentes antes do menu`);
      assert.match(html.slice(hint, html.indexOf('</p>', hint)), /<a href="\/llms\.txt">índice do site em \/llms\.txt<\/a>/, path);
    }
  });
});
