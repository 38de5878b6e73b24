/**
 * The edge negotiation core against a real shared cache (http-cache-semantics): a page route's markdown never
 * answers a browser from a CDN, its HTML never an AI crawler. Also the cost of that choice in cache hits,
 * simulated over the client mix of tests/attacks/cache-variant-cases.ts (figures in docs/negotiation.md).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { negotiateMarkdown } from '../../functions/edge/negotiate.ts';
import { NEGOTIATED_VARY } from '../../src/model/media-types.ts';
import { CLIENT_PROFILES, CONFUSABLE_PAIRS, type ClientProfile, type Variant } from '../attacks/cache-variant-cases.ts';
import { cacheRequest, headerRecord, reusableFor, simulateSharedCache, storeShared } from '../helpers/shared-cache.ts';

const YEAR = 365 * 24 * 3600;

/** The static site as Netlify's CDN and the local server give it (_headers' cache rules). */
const hooks = (htmlStatus = 200) => ({
  next: async () =>
    new Response(htmlStatus === 200 ? '<html>sobre</html>' : '<html>404</html>', {
      status: htmlStatus,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate' },
    }),
  fetchPath: async (path: string) =>
    path === '/sobre.md' || path === '/404.md'
      ? new Response(`# ${path}`, { headers: { 'content-type': 'text/markdown', 'cache-control': 'public, max-age=300, must-revalidate' } })
      : new Response('não', { status: 404 }),
});

const negotiate = async (path: string, client: ClientProfile, htmlStatus = 200) => {
  const res = await negotiateMarkdown(
    new Request(`https://exemplo.com.br${path}`, { headers: { 'user-agent': client.userAgent, accept: client.accept } }),
    hooks(htmlStatus),
  );
  const variant: Variant = (res.headers.get('content-type') ?? '').startsWith('text/markdown') ? 'markdown' : 'html';
  return { status: res.status, headers: headerRecord(res.headers), variant };
};

describe('negotiated responses in a shared cache', () => {
  test('the table has the pairs a cache keyed on Accept alone confuses', () => {
    assert.ok(CONFUSABLE_PAIRS.length >= 10, String(CONFUSABLE_PAIRS.length));
    assert.ok(CONFUSABLE_PAIRS.some(([a, b]) => a.name === 'ChatGPT-User' && b.name.startsWith('Chrome')));
  });

  test('every client gets its variant, and both variants vary on Accept and User-Agent (200 and 404)', async () => {
    for (const client of CLIENT_PROFILES) {
      for (const [path, status] of [['/sobre', 200], ['/nao-existe', 404]] as const) {
        const res = await negotiate(path, client, status);
        assert.equal(res.status, status, `${client.name} ${path}`);
        assert.equal(res.variant, client.variant, `${client.name} ${path}`);
        assert.equal(res.headers.vary, NEGOTIATED_VARY, `${client.name} ${path}`);
      }
    }
  });

  for (const [path, status] of [['/sobre', 200], ['/nao-existe', 404]] as const) {
    test(`${path}: a stored variant never answers a client of the other (${CONFUSABLE_PAIRS.length} pairs)`, async () => {
      for (const [agent, browser] of CONFUSABLE_PAIRS) {
        for (const [first, second] of [[agent, browser], [browser, agent]] as const) {
          const stored = await negotiate(path, first, status);
          assert.equal(stored.variant, first.variant);
          // Kept fresh for a year, as Netlify's CDN keeps a deploy: only Vary can keep the variants apart.
          const cdn = storeShared(cacheRequest(path, first), stored.status, stored.headers, YEAR);
          assert.equal(reusableFor(cdn, cacheRequest(path, first)), true, `controle: ${first.name} reaproveita a própria resposta`);
          assert.equal(reusableFor(cdn, cacheRequest(path, second)), false, `${first.variant} de ${first.name} servido a ${second.name}`);
          // With the response's own freshness too.
          const asServed = storeShared(cacheRequest(path, first), stored.status, stored.headers);
          assert.equal(reusableFor(asServed, cacheRequest(path, second)), false, `${first.name} → ${second.name} (Cache-Control servido)`);
        }
      }
    });
  }

  test('the cost: hit rate of a day of mixed traffic, Vary: Accept against Vary: Accept, User-Agent', async () => {
    const responses = new Map<ClientProfile, { variant: Variant; headers: Record<string, string> }>();
    for (const client of CLIENT_PROFILES) responses.set(client, await negotiate('/sobre', client));
    const run = (vary: string, ttl: number | Record<Variant, number>) =>
      simulateSharedCache({
        clients: CLIENT_PROFILES,
        respond: (client) => {
          const r = responses.get(client)!;
          return { variant: r.variant, headers: { ...r.headers, vary } };
        },
        requests: 10_000,
        pages: 200,
        ttl,
      });
    const lines: string[] = [];
    // As served (the HTML revalidated on every use, the negotiated twin 300 s), then both kept 300 s, then
    // both kept until the next deploy.
    const scenarios: [string, number | Record<Variant, number>][] = [
      ['como servido (HTML 0 s, markdown 300 s)', { html: 0, markdown: 300 }],
      ['ambos 300 s', 300],
      ['ambos até o próximo deploy', YEAR],
    ];
    for (const [label, ttl] of scenarios) {
      const before = run('Accept', ttl);
      const after = run(NEGOTIATED_VARY, ttl);
      // The defect, measured: keyed on Accept alone, the cache hands out the other variant.
      assert.ok(before.wrongVariant > 0, `Vary: Accept, ${label}: ${before.wrongVariant} respostas trocadas`);
      assert.equal(after.wrongVariant, 0, `Vary: ${NEGOTIATED_VARY}, ${label}`);
      lines.push(
        `${label}: Vary: Accept ${(before.hitRate * 100).toFixed(1)}% (${before.wrongVariant} trocadas), ` +
          `Vary: ${NEGOTIATED_VARY} ${(after.hitRate * 100).toFixed(1)}% (0 trocadas)`,
      );
    }
    for (const line of lines) console.log(`# ${line}`);
  });
});
