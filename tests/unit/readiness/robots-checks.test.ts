/**
 * The two robots.txt checks on a stand-in measurement context: `robots-ia` decides for every AI agent (by
 * class) on every page read, costs in proportion to what it shuts out and caps only a broad block of the
 * answer engines; `robots-txt` takes a file without groups (only a Sitemap line) as valid.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRobots } from '../../../functions/readiness/analysis/robots.ts';
import { ROBOTS_BLOCK_CREDIT, ROBOTS_CAP_SHARE, robotsIa } from '../../../functions/readiness/checks/robots-ia.ts';
import { ROBOTS_ABSENT_CREDIT, robotsTxt } from '../../../functions/readiness/checks/robots-txt.ts';
import type { CheckOutcome } from '../../../functions/readiness/checks/types.ts';
import type { MeasurementContext } from '../../../functions/readiness/context.ts';
import { createDeadline } from '../../../functions/readiness/deadline.ts';
import { robotsDecisoesSchema } from '../../../src/model/reading.ts';
import { PESOS, TETOS } from '../../../functions/readiness/scoring.ts';
import { AI_AGENTS, ANSWERING_KINDS } from '../../../src/model/ai-agents.ts';

const ORIGIN = 'https://site.exemplo.com.br';
const SAMPLE = ['/docs/instalar', '/docs/configurar', '/docs/api', '/blog/novidades', '/sobre'];

interface Served {
  status?: number;
  body?: string;
  contentType?: string;
}

function context(robots: Served | string, sample = SAMPLE): MeasurementContext {
  const served = typeof robots === 'string' ? { body: robots } : robots;
  const status = served.status ?? 200;
  const body = served.body ?? '';
  const probe = { url: `${ORIGIN}/robots.txt`, finalUrl: `${ORIGIN}/robots.txt`, status, contentType: served.contentType ?? 'text/plain', body, headers: new Headers() };
  const file = status === 200 ? parseRobots(body) : undefined;
  return {
    origin: ORIGIN,
    home: { finalUrl: `${ORIGIN}/` },
    deadline: createDeadline(10_000),
    url: (p: string) => new URL(p, ORIGIN).href,
    robots: async () => ({ url: `${ORIGIN}/robots.txt`, probe, file, servedHtml: false }),
    samplePages: async () => sample.map((p) => ({ url: `${ORIGIN}${p}`, probe: {} })),
  } as unknown as MeasurementContext;
}

const ia = (robots: Served | string, sample?: string[]) => robotsIa.run(context(robots, sample));
const credit = (o: CheckOutcome): number => (o.status === 'passou' ? 1 : o.status === 'parcial' ? (o.credito ?? 0) : 0);
const answering = AI_AGENTS.filter((a) => ANSWERING_KINDS.has(a.tipo));
const group = (tokens: readonly string[], rules: string) => `${tokens.map((t) => `User-agent: ${t}`).join('\n')}\n${rules}\n`;
const SITEMAP = `Sitemap: ${ORIGIN}/sitemap.xml\n`;

describe('robots-ia: every AI agent, by class, on every page read', () => {
  test('nothing blocked: passes, and the result data holds the decision of each class on the 6 pages', async () => {
    const o = await ia(`User-agent: *\nAllow: /\n${SITEMAP}`);
    assert.equal(o.status, 'passou');
    const data = robotsDecisoesSchema.parse(o.robots);
    assert.equal(data.url, `${ORIGIN}/robots.txt`);
    assert.equal(data.status, 200);
    assert.equal(data.paginas, 6);
    assert.deepEqual(
      data.classes.map((c) => [c.classe, c.agentes, c.pares, c.paresBloqueados]),
      (['busca', 'usuario', 'treinamento'] as const).map((k) => {
        const n = AI_AGENTS.filter((a) => a.tipo === k).length;
        return [k, n, n * 6, 0];
      }),
    );
    assert.deepEqual(data.bloqueios, []);
  });

  test('a block on a sampled page only (not /) is seen, with the URL, the agent and the line that decided', async () => {
    const o = await ia(`User-agent: *\nAllow: /\n\n${group(['OAI-SearchBot'], 'Disallow: /sobre')}`);
    assert.equal(o.status, 'parcial');
    assert.deepEqual(o.robots?.bloqueios, [{ url: `${ORIGIN}/sobre`, agente: 'OAI-SearchBot', classe: 'busca', linha: 5, regra: 'Disallow: /sobre' }]);
    assert.equal(o.robots?.bloqueiosTotal, 1);
    assert.match(o.detalhe, /OAI-SearchBot em 1 de 6 páginas \(linha 5: Disallow: \/sobre\)/);
  });

  test('Disallow: /docs/ for the agents of OpenAI, Anthropic and Perplexity costs in proportion, and more than no block (issue 19, item 1)', async () => {
    const six = ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User'];
    const docsOnly = await ia(`User-agent: *\nAllow: /\n\n${group(six, 'Disallow: /docs/')}${SITEMAP}`);
    const share = (6 * 3) / (answering.length * 6);
    assert.ok(share < ROBOTS_CAP_SHARE);
    assert.equal(docsOnly.status, 'parcial');
    assert.equal(docsOnly.teto, undefined);
    assert.ok(Math.abs(credit(docsOnly) - ROBOTS_BLOCK_CREDIT * (1 - share)) < 1e-9, String(credit(docsOnly)));
    assert.equal(docsOnly.robots?.bloqueiosTotal, 18);
    // More pages shut out costs more.
    const docsAndBlog = await ia(`User-agent: *\nAllow: /\n\n${group(six, 'Disallow: /docs/\nDisallow: /blog/')}${SITEMAP}`);
    assert.ok(credit(docsAndBlog) < credit(docsOnly));
  });

  test('one search crawler blocked beside two training crawlers: a proportional cost, never the cap (issue 19, item 2)', async () => {
    const o = await ia(`User-agent: *\nAllow: /\n\n${group(['PerplexityBot', 'GPTBot', 'CCBot'], 'Disallow: /')}${SITEMAP}`);
    assert.equal(o.status, 'parcial');
    assert.equal(o.teto, undefined);
    assert.ok(Math.abs(credit(o) - ROBOTS_BLOCK_CREDIT * (1 - 1 / answering.length)) < 1e-9);
    assert.match(o.detalhe, /PerplexityBot em 6 de 6 páginas/);
    assert.match(o.detalhe, /Treinamento bloqueado: GPTBot, CCBot/);
    // The evidence lists each blocked agent first, then the other pages.
    assert.deepEqual(o.robots?.bloqueios.slice(0, 3).map((b) => [b.agente, b.url]), [
      ['PerplexityBot', `${ORIGIN}/`],
      ['GPTBot', `${ORIGIN}/`],
      ['CCBot', `${ORIGIN}/`],
    ]);
    assert.equal(o.robots?.bloqueiosTotal, 18);
  });

  test('blocking only training crawlers costs a little: more than a robots.txt earns over none, never the cap', async () => {
    const o = await ia(`User-agent: *\nAllow: /\n\n${group(['GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended'], 'Disallow: /')}${SITEMAP}`);
    assert.equal(o.status, 'parcial');
    assert.equal(o.credito, ROBOTS_BLOCK_CREDIT);
    assert.equal(o.teto, undefined);
    assert.deepEqual(o.robots?.classes.map((c) => [c.classe, c.bloqueados]), [
      ['busca', []],
      ['usuario', []],
      ['treinamento', ['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot']],
    ]);
    // The block costs more than what robots-txt gives a robots.txt over none (so it never outranks no robots.txt),
    // and little: at most one point more than that difference.
    const cost = PESOS.critica * (1 - ROBOTS_BLOCK_CREDIT);
    const robotsTxtEdge = PESOS.alta * (1 - ROBOTS_ABSENT_CREDIT);
    assert.ok(cost > robotsTxtEdge && cost <= robotsTxtEdge + 1, `${cost} vs ${robotsTxtEdge}`);
  });

  test('the answer engines shut out of most of the content: capped (all AI, or the 12 bots of the corpus)', async () => {
    const all = await ia(`User-agent: *\nDisallow: /\n`);
    assert.equal(all.status, 'falhou');
    assert.equal(all.teto?.nota, TETOS.robosDeIaBloqueados);
    assert.equal(all.robots?.bloqueiosTotal, AI_AGENTS.length * 6);
    assert.equal(all.robots?.bloqueios.length, 30);
    assert.deepEqual(new Set(all.robots?.bloqueios.slice(0, AI_AGENTS.length).map((b) => b.agente)), new Set(AI_AGENTS.map((a) => a.token)));
    const twelve = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User', 'Google-Extended', 'CCBot', 'Bytespider', 'Applebot-Extended'];
    const corpus = await ia(`User-agent: *\nAllow: /\n\n${group(twelve, 'Disallow: /')}`);
    assert.equal(corpus.teto?.nota, TETOS.robosDeIaBloqueados);
  });

  test('a Sitemap line between user-agent lines does not split the group: GPTBot is reported blocked (issue 19, item 3)', async () => {
    const o = await ia(`User-agent: GPTBot\n${SITEMAP}User-agent: CCBot\nDisallow: /\n`);
    assert.deepEqual(o.robots?.classes.find((c) => c.classe === 'treinamento')?.bloqueados, ['GPTBot', 'CCBot']);
  });

  test('robots.txt answering 5xx is "everything disallowed" (cap); 4xx allows everything', async () => {
    const down = await ia({ status: 503 });
    assert.equal(down.status, 'falhou');
    assert.equal(down.teto?.nota, TETOS.robosDeIaBloqueados);
    assert.equal(down.robots?.status, 503);
    const absent = await ia({ status: 404 });
    assert.equal(absent.status, 'passou');
    assert.equal(absent.robots?.status, 404);
  });
});

describe('robots-txt: a file without groups is valid', () => {
  const txt = (robots: Served | string) => robotsTxt.run(context(robots));
  test('only a Sitemap line (jekyll-sitemap): passes, above no robots.txt (issue 19, item 5)', async () => {
    const only = await txt(SITEMAP);
    assert.equal(only.status, 'passou', only.detalhe);
    const none = await txt({ status: 404 });
    assert.ok(credit(only) > credit(none));
  });
  test('an empty file or one with every small problem never scores below no robots.txt', async () => {
    assert.equal(credit(await txt('')), 0.75);
    const worst = await txt({ body: 'User-agent: *\nDisalow: /x\n', contentType: 'application/octet-stream' });
    assert.equal(credit(worst), ROBOTS_ABSENT_CREDIT);
    assert.equal(credit(await txt({ status: 404 })), ROBOTS_ABSENT_CREDIT);
  });
});
