/**
 * Issue 19: the score follows what robots.txt shuts out. The Starlight site of the corpus (a real kind of
 * documentation site, tests/fixtures/readiness-corpus/starlight) measured with robots.txt variants, and the
 * relations a developer would check: a per-path block below no block, a one-crawler block well above the
 * all-AI cap, a training-only block never above allowing everything (nor below it by much), a robots.txt
 * with only a Sitemap line never below none. Each reading carries the decisions with the line that took them.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type Envelope, envelopeSchema } from '../../src/model/reading.ts';
import { measure } from '../../functions/readiness/measure.ts';
import { TETOS } from '../../functions/readiness/scoring.ts';
import { AI_AGENTS } from '../../src/model/ai-agents.ts';
import { type FixtureHandler, guardNetwork, measurementLab, startFixture } from '../helpers/readiness.ts';
import { corpusSite } from '../helpers/readiness-corpus.ts';

const SITEMAP = 'Sitemap: {{ORIGIN}}/sitemap-index.xml\n';
const ANSWER_ENGINES = ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User'];
const group = (tokens: readonly string[], rules: string) => `${tokens.map((t) => `User-agent: ${t}`).join('\n')}\n${rules}\n\n`;
const ALLOW_ALL = 'User-agent: *\nAllow: /\n\n';

/** robots.txt variants of the same site (`null`: none, the site answers 404). */
const VARIANTS = {
  nenhum: null,
  liberado: `${ALLOW_ALL}${SITEMAP}`,
  soSitemap: SITEMAP,
  treino: `${ALLOW_ALL}${group(['GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended'], 'Disallow: /')}${SITEMAP}`,
  umRobo: `${ALLOW_ALL}${group(['PerplexityBot', 'GPTBot', 'CCBot'], 'Disallow: /')}${SITEMAP}`,
  porCaminho: `${ALLOW_ALL}${group(ANSWER_ENGINES, 'Disallow: /guias/')}${SITEMAP}`,
  documentacaoFechada: `${ALLOW_ALL}${group(ANSWER_ENGINES, 'Disallow: /guias/\nDisallow: /referencia/')}${SITEMAP}`,
  iaToda: `${ALLOW_ALL}${group(AI_AGENTS.map((a) => a.token), 'Disallow: /')}${SITEMAP}`,
} as const;
type Variant = keyof typeof VARIANTS;

function starlightWith(robots: string | null): FixtureHandler {
  const site = corpusSite('starlight');
  return (req, res, ctx) => {
    if (robots !== null && new URL(req.url ?? '/', ctx.origin).pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(robots.replaceAll('{{ORIGIN}}', ctx.origin));
      return;
    }
    return site(req, res, ctx);
  };
}

const { key, keep, watch } = await measurementLab('nothing outside the loopback test network');
const readings = new Map<Variant, Envelope>();
const nota = (v: Variant): number => readings.get(v)?.nota ?? Number.NaN;
const robotsIa = (v: Variant) => readings.get(v)?.camadas.flatMap((c) => c.verificacoes).find((x) => x.id === 'robots-ia');

before(async () => {
  for (const [variant, robots] of Object.entries(VARIANTS) as [Variant, string | null][]) {
    const site = keep(await startFixture(starlightWith(robots)));
    const network = watch(guardNetwork());
    const envelope = envelopeSchema.parse(await measure(site.host, { key, agentOrigin: 'https://sinal.exemplo.com.br', allowLoopback: true, network }));
    assert.equal(envelope.estado, 'registrada', `${variant}: ${envelope.motivo}`);
    readings.set(variant, envelope);
  }
});

describe('the score follows what robots.txt shuts out (the same Starlight site, robots.txt variants)', () => {
  test('a per-path block of the answer engines is below no block, and closing more of the content costs more', () => {
    assert.ok(nota('porCaminho') < nota('nenhum'), `${nota('porCaminho')} vs ${nota('nenhum')}`);
    assert.ok(nota('porCaminho') < nota('liberado'));
    assert.ok(nota('documentacaoFechada') < nota('porCaminho'));
    assert.equal(robotsIa('porCaminho')?.status, 'parcial');
    assert.equal(readings.get('porCaminho')?.teto, undefined);
  });
  test('one search crawler blocked (beside two training crawlers) stays well above the all-AI cap', () => {
    assert.ok(nota('umRobo') >= TETOS.robosDeIaBloqueados + 15, `${nota('umRobo')}`);
    assert.ok(nota('umRobo') < nota('liberado'));
    assert.equal(readings.get('umRobo')?.teto, undefined);
    assert.ok(nota('iaToda') <= TETOS.robosDeIaBloqueados, `${nota('iaToda')}`);
    assert.equal(readings.get('iaToda')?.teto?.nota, TETOS.robosDeIaBloqueados);
  });
  test('shutting the answer engines out of the whole documentation is a broad block: capped', () => {
    assert.ok(nota('documentacaoFechada') <= TETOS.robosDeIaBloqueados, `${nota('documentacaoFechada')}`);
  });
  test('a training-only block never outranks allowing everything (with or without a robots.txt), and costs little', () => {
    assert.ok(nota('treino') < nota('liberado'), `${nota('treino')} vs ${nota('liberado')}`);
    assert.ok(nota('treino') <= nota('nenhum'), `${nota('treino')} vs ${nota('nenhum')}`);
    assert.ok(nota('treino') >= nota('liberado') - 4, `${nota('treino')} vs ${nota('liberado')}`);
  });
  test('a robots.txt with only a Sitemap line is valid and never scores below no robots.txt', () => {
    assert.ok(nota('soSitemap') >= nota('nenhum'), `${nota('soSitemap')} vs ${nota('nenhum')}`);
    assert.equal(nota('soSitemap'), nota('liberado'));
  });
  test('each reading names, per blocked page and agent, the robots.txt line that decided', () => {
    const data = robotsIa('porCaminho')?.robots;
    assert.equal(data?.status, 200);
    assert.equal(data?.paginas, 6);
    assert.equal(data?.bloqueiosTotal, ANSWER_ENGINES.length * 3);
    for (const b of data?.bloqueios ?? []) {
      assert.match(b.url, /\/guias\//);
      assert.ok(ANSWER_ENGINES.includes(b.agente), b.agente);
      assert.deepEqual([b.linha, b.regra], [10, 'Disallow: /guias/']);
    }
    assert.deepEqual(robotsIa('nenhum')?.robots?.status, 404);
    assert.deepEqual(robotsIa('liberado')?.robots?.bloqueios, []);
  });
});
