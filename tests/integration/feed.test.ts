/**
 * The blog's RSS feed: well-formed XML parsed strictly, RSS 2.0 with the channel's required elements, the newest
 * articles first with their summary, author and tags, every item's link answering 200; announced on every page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { siteDataFor } from '../../functions/content/site-data.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';

let server: LocalServer;
before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(async () => server?.close());

interface Item {
  title: string;
  link: string;
  guid: { '#text': string; '@isPermaLink': string };
  description: string;
  pubDate: string;
  'dc:creator': string;
  category: string | string[];
}

describe('/blog/rss.xml', () => {
  test('valid RSS 2.0: channel, self link, items newest first, each link answers 200', async () => {
    const res = await fetch(`${server.url}/blog/rss.xml`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/(?:rss\+)?xml/);
    const xml = await res.text();
    assert.equal(XMLValidator.validate(xml), true, 'well-formed XML');
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as {
      rss: { '@version': string; channel: { title: string; link: string; description: string; language: string; 'atom:link': Record<string, string>; item: Item[] } };
    };
    assert.equal(doc.rss['@version'], '2.0');
    const { channel } = doc.rss;
    const origin = siteOrigin();
    assert.match(channel.title, /Blog/);
    assert.equal(channel.link, `${origin}/`);
    assert.ok(channel.description.length > 20);
    assert.equal(channel.language, 'pt-BR');
    assert.equal(channel['atom:link']['@href'], `${origin}/blog/rss.xml`);
    assert.equal(channel['atom:link']['@rel'], 'self');

    const articles = siteDataFor(origin).paginas.filter((p) => p.secao === 'blog' && p.rota.startsWith('blog/'));
    assert.equal(channel.item.length, articles.length);
    const dates = channel.item.map((i) => Date.parse(i.pubDate));
    assert.ok(dates.every((d) => !Number.isNaN(d)), 'RFC 822 dates');
    assert.deepEqual(dates, [...dates].sort((a, b) => b - a), 'newest first');
    for (const item of channel.item) {
      assert.ok(item.link.startsWith(`${origin}/blog/`), item.link);
      assert.equal(item.guid['#text'], item.link);
      assert.equal(item.guid['@isPermaLink'], 'true');
      assert.ok(item.description.length >= 50, 'the summary');
      assert.ok(item['dc:creator'].length > 3, 'the author');
      assert.ok([item.category].flat().length >= 1, 'the tags');
      const page = await fetch(`${server.url}${new URL(item.link).pathname}`);
      assert.equal(page.status, 200, item.link);
      await page.body?.cancel();
    }
  });

  test('announced on every page by <link rel="alternate" type="application/rss+xml">', async () => {
    for (const path of ['/', '/blog', '/solucoes/seo-tecnico', '/precos']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      assert.match(html, /<link rel="alternate" type="application\/rss\+xml" href="\/blog\/rss\.xml"/, path);
    }
    const llms = await (await fetch(`${server.url}/blog/llms.txt`)).text();
    assert.match(llms, /\/blog\/rss\.xml/);
  });
});
