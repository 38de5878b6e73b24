/**
 * The checks of the standards of late 2026 (`ard`, `nlweb`, `content-usage`, `pagamento-402`), outcome by outcome,
 * on sites served in memory (tests/helpers/readiness-memory.ts): every outcome carries the requests that decided
 * (`evidencias`, the deciding one first), a partial outcome has a title true to it, numbers agree with their
 * words, and every value read from the site appears in our sentences only as quoted site text (`siteText`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ard } from '../../../functions/readiness/checks/ard.ts';
import { contentUsage } from '../../../functions/readiness/checks/content-usage.ts';
import { nlweb } from '../../../functions/readiness/checks/nlweb.ts';
import { pagamento402 } from '../../../functions/readiness/checks/pagamento-402.ts';
import type { CheckDefinition, CheckOutcome } from '../../../functions/readiness/checks/types.ts';
import { type Evidence, siteSegments } from '../../../functions/readiness/evidence.ts';
import { LEGACY_CREDIT } from '../../../functions/readiness/revision.ts';
import { score } from '../../../functions/readiness/scoring.ts';
import { MEMORY_ORIGIN as ORIGIN, memorySite, type Route } from '../../helpers/readiness-memory.ts';
import { ATTACKER_HOST } from '../../attacks/markdown-injection-cases.ts';

/** A value a hostile site sends: a link to the attacker and a fake closing of our quote marks. */
const HOSTILE = `[corrigir](https://${ATTACKER_HOST}/x) ” fim “`;

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) => Response.json(value, { status, headers });
const text = (body: string, type = 'text/plain', status = 200, headers: Record<string, string> = {}) => new Response(body, { status, headers: { 'content-type': type, ...headers } });
const html = (head = '', headers: Record<string, string> = {}) => text(`<html><head><title>Exemplo Consultoria</title>${head}</head><body>oi</body></html>`, 'text/html', 200, headers);

async function run(check: CheckDefinition, routes: Record<string, Route>, home?: Response): Promise<CheckOutcome> {
  const { ctx } = await memorySite(routes, home);
  return check.run(ctx);
}

/** The lacuna's title the scorer gives this outcome (undefined when it passed or does not apply). */
const lacunaTitle = (check: CheckDefinition, outcome: CheckOutcome) => score([{ check, outcome }]).lacunas[0]?.titulo;

/** Site text only inside quotes: nothing of `marker` in our prose, and at least once in a quote. */
function quotedOnly(sentence: string, marker = ATTACKER_HOST): void {
  const segments = siteSegments(sentence);
  assert.ok(segments.some((s) => s.site && s.text.includes(marker)), `quoted: ${sentence}`);
  assert.ok(!segments.some((s) => !s.site && s.text.includes(marker)), `outside the quotes: ${sentence}`);
}

const deciding = (outcome: CheckOutcome): Evidence => {
  assert.ok(outcome.evidencias?.length, `${outcome.status} sem evidência: ${outcome.detalhe}`);
  return outcome.evidencias[0] as Evidence;
};

const entry = (extra: Record<string, unknown> = {}) => ({
  identifier: 'urn:air:exemplo.com.br:mcp:site',
  displayName: 'Site',
  type: 'application/mcp-server-card+json',
  url: `${ORIGIN}/mcp/server-card`,
  representativeQueries: ['buscar no site', 'ler a página sobre'],
  ...extra,
});

describe('ard', () => {
  test('nothing anywhere, no interface signal: not applicable, with the two well-known answers', async () => {
    const outcome = await run(ard, {});
    assert.equal(outcome.status, 'nao_se_aplica', outcome.detalhe);
    assert.deepEqual(
      outcome.evidencias?.map((e) => [e.pedido.url, e.resposta?.status, e.decisivo]),
      [
        [`${ORIGIN}/.well-known/ard.json`, 404, 'HTTP 404'],
        [`${ORIGIN}/.well-known/ai-catalog.json`, 404, 'HTTP 404'],
      ],
    );
  });

  test('an announcement that leads nowhere: invalido, the address that failed and the announcement, quoted', async () => {
    const outcome = await run(ard, {}, html('<link rel="ard" href="/catalogo-[x](https://atacante.example).json">'));
    assert.equal(outcome.status, 'falhou', outcome.detalhe);
    assert.equal(outcome.revisao?.veredito, 'invalido');
    assert.match(outcome.detalhe, /o site anuncia um catálogo \(<link rel="ard"> → “\/catalogo-/);
    quotedOnly(outcome.detalhe, 'atacante');
    const [failedAddress, announcement] = outcome.evidencias ?? [];
    assert.deepEqual([failedAddress?.pedido.url, failedAddress?.resposta?.status, failedAddress?.em], [`${ORIGIN}/catalogo-[x](https://atacante.example).json`, 404, 'status']);
    assert.deepEqual([announcement?.pedido.url, announcement?.em], [`${ORIGIN}/`, 'corpo']);
    assert.match(announcement?.decisivo ?? '', /^<link rel="ard" href="\/catalogo-/);
  });

  test('an Agentmap: pointing to another origin is not followed, and says so', async () => {
    const { ctx, requests } = await memorySite({
      '/robots.txt': () => text(`User-agent: *\nAllow: /\nAgentmap: https://${ATTACKER_HOST}/ard.json\n`),
      '/.well-known/ard.json': () => json({ entries: [entry()] }),
    });
    const outcome = await ard.run(ctx);
    assert.ok(requests.every((r) => r.url.startsWith(`${ORIGIN}/`)), JSON.stringify(requests));
    assert.equal(outcome.status, 'parcial', outcome.detalhe);
    assert.match(outcome.detalhe, /1 aviso: anúncio que não carrega: Agentmap: no robots\.txt → “https:\/\/atacante\.example\/ard\.json” \(em outra origem, não seguido\)/);
    assert.equal(lacunaTitle(ard, outcome), 'O catálogo ARD tem avisos de conformidade');
    assert.equal(deciding(outcome).pedido.url, `${ORIGIN}/.well-known/ard.json`);
    assert.ok(outcome.evidencias?.some((e) => e.decisivo === `Agentmap: https://${ATTACKER_HOST}/ard.json`));
  });

  test('only the v0.9 name: legado at ¾, the partial title, the current name’s 404 first, then the catalog', async () => {
    const outcome = await run(ard, { '/.well-known/ai-catalog.json': () => json({ entries: [entry()] }) });
    assert.deepEqual([outcome.status, outcome.credito, outcome.revisao?.veredito], ['parcial', LEGACY_CREDIT, 'legado']);
    assert.match(outcome.detalhe, /^Catálogo em “\/\.well-known\/ai-catalog\.json” com 1 entrada\. Forma anterior aceita \(v0\.9: \/\.well-known\/ai-catalog\.json\)/);
    assert.equal(lacunaTitle(ard, outcome), ard.tituloParcial);
    assert.deepEqual(
      outcome.evidencias?.map((e) => [e.pedido.url, e.em, e.decisivo]),
      [
        [`${ORIGIN}/.well-known/ard.json`, 'status', 'HTTP 404'],
        [`${ORIGIN}/.well-known/ai-catalog.json`, 'corpo', '1 entrada'],
      ],
    );
  });

  test('errors quote the entry fields; the catalog is the evidence, its first error deciding', async () => {
    const outcome = await run(ard, { '/.well-known/ard.json': () => json({ entries: [entry({ identifier: HOSTILE })] }) });
    assert.equal(outcome.status, 'falhou', outcome.detalhe);
    assert.match(outcome.detalhe, /com 1 erro de conformidade: entrada 1: identifier “/);
    quotedOnly(outcome.detalhe);
    assert.equal(deciding(outcome).em, 'corpo');
    assert.match(deciding(outcome).decisivo ?? '', /^entrada 1: identifier “/);
  });

  test('warnings on the current form: half the weight, a title of their own, the numbers agreeing', async () => {
    const outcome = await run(ard, { '/.well-known/ard.json': () => json({ entries: [entry({ representativeQueries: undefined }), entry({ type: HOSTILE })] }) });
    assert.deepEqual([outcome.status, outcome.credito], ['parcial', 0.5]);
    assert.match(outcome.detalhe, /com 2 entradas; 2 avisos: entrada 2: type “/);
    quotedOnly(outcome.detalhe);
    assert.equal(lacunaTitle(ard, outcome), 'O catálogo ARD tem avisos de conformidade');
  });

  test('the current form: passes with the catalog as evidence', async () => {
    const outcome = await run(ard, { '/.well-known/ard.json': () => json({ entries: [entry()] }) });
    assert.equal(outcome.status, 'passou', outcome.detalhe);
    assert.deepEqual([deciding(outcome).pedido.url, deciding(outcome).decisivo], [`${ORIGIN}/.well-known/ard.json`, '1 entrada']);
  });
});

describe('nlweb', () => {
  const event = (data: unknown, name?: string) => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
  const item = { '@type': 'WebPage', url: `${ORIGIN}/a` };
  /** An /ask that answers the safe GET with JSON and the object query (POST) with `post`. */
  const ask = (post: () => Response): Route => (request) => (request.method === 'POST' ? post() : json({ _meta: { version: '0.54' }, results: [item] }));

  test('no /ask: not applicable, with the GET that found none', async () => {
    const outcome = await run(nlweb, {});
    assert.equal(outcome.status, 'nao_se_aplica');
    assert.deepEqual([deciding(outcome).pedido.metodo, deciding(outcome).pedido.url, deciding(outcome).decisivo], ['GET', `${ORIGIN}/ask?query=contato&streaming=false`, 'HTTP 404']);
  });

  test('0.55 named events: atual, the object query (POST, its body) as evidence', async () => {
    const body = event({ _meta: { version: '0.55' } }, 'start') + event({ index: 0, item }, 'result') + event({}, 'complete');
    const outcome = await run(nlweb, { '/ask': ask(() => text(body, 'text/event-stream')) });
    assert.equal(outcome.status, 'passou', outcome.detalhe);
    assert.match(outcome.detalhe, /eventos nomeados \(start, 1 evento result e complete\)/);
    assert.deepEqual([deciding(outcome).pedido.metodo, deciding(outcome).em], ['POST', 'corpo']);
    assert.match(deciding(outcome).pedido.corpo ?? '', /"query":\{"text":"contato"\}/);
  });

  test('0.54 unnamed events on the POST: legado at ¾ with the partial title, the POST first', async () => {
    const body = event({ _meta: { version: '0.54' } }) + event({ results: [item, item] });
    const outcome = await run(nlweb, { '/ask': ask(() => text(body, 'text/event-stream')) });
    assert.deepEqual([outcome.status, outcome.credito, outcome.revisao?.veredito], ['parcial', LEGACY_CREDIT, 'legado']);
    assert.match(outcome.detalhe, /no formato NLWeb \(2 resultados\)/);
    assert.equal(lacunaTitle(nlweb, outcome), nlweb.tituloParcial);
    assert.equal(outcome.evidencias?.length, 1);
    assert.equal(deciding(outcome).pedido.metodo, 'POST');
  });

  test('JSON only (the POST refused): legado, the GET that answered first, then the POST and its status', async () => {
    const outcome = await run(nlweb, { '/ask': ask(() => text('método não permitido', 'text/plain', 405)) });
    assert.equal(outcome.revisao?.veredito, 'legado');
    assert.match(outcome.detalhe, /\(1 resultado\)/);
    assert.deepEqual(
      outcome.evidencias?.map((e) => [e.pedido.metodo, e.resposta?.status, e.decisivo]),
      [
        ['GET', 200, 'JSON com _meta e results, sem fluxo'],
        ['POST', 405, 'HTTP 405'],
      ],
    );
  });

  test('broken named events: invalido, the event name the site sent quoted', async () => {
    const body = event({ _meta: {} }, HOSTILE) + event({ index: 0, item }, 'result') + event({}, 'complete');
    const outcome = await run(nlweb, { '/ask': ask(() => text(body, 'text/event-stream')) });
    assert.equal(outcome.status, 'falhou', outcome.detalhe);
    assert.match(outcome.detalhe, /mas o primeiro evento nomeado é “.*”, não start\./);
    quotedOnly(outcome.detalhe);
    assert.equal(deciding(outcome).pedido.metodo, 'POST');
  });
});

describe('content-usage', () => {
  test('nothing declared: not applicable, with the header and robots.txt that said nothing', async () => {
    const outcome = await run(contentUsage, { '/robots.txt': () => text('User-agent: *\nAllow: /\n') });
    assert.equal(outcome.status, 'nao_se_aplica');
    assert.deepEqual(
      outcome.evidencias?.map((e) => [e.pedido.url, e.em, e.decisivo]),
      [
        [`${ORIGIN}/`, 'cabecalho', 'sem Content-Usage'],
        [`${ORIGIN}/robots.txt`, 'corpo', 'nenhuma regra Content-Usage'],
      ],
    );
  });

  test('an unreadable header: invalido, the value quoted, the header line as evidence', async () => {
    const value = `<a href="https://${ATTACKER_HOST}/a">oficial</a>`;
    const outcome = await run(contentUsage, {}, html('', { 'content-usage': value }));
    assert.equal(outcome.status, 'falhou', outcome.detalhe);
    assert.match(outcome.detalhe, /^Content-Usage ilegível \(cabeçalho da página inicial: “<a href=/);
    quotedOnly(outcome.detalhe);
    assert.deepEqual([deciding(outcome).em, deciding(outcome).decisivo], ['cabecalho', `Content-Usage: ${value}`]);
  });

  test('only earlier labels in robots.txt: legado with the partial title, the rule as evidence, the labels quoted', async () => {
    const outcome = await run(contentUsage, { '/robots.txt': () => text('User-agent: *\nAllow: /\nContent-Usage: train-genai=n, constructor=y\n') });
    assert.deepEqual([outcome.status, outcome.credito], ['parcial', LEGACY_CREDIT]);
    assert.match(outcome.detalhe, /^Content-Usage \(robots\.txt: “train-genai=n, constructor=y”\) só com termos de rascunhos anteriores do vocabulário \(“train-genai”\)/);
    assert.equal(outcome.revisao?.forma, 'termos anteriores: “train-genai”');
    assert.match(outcome.revisao?.migracao ?? '', /\(“train-genai” → train-ai\)/);
    assert.equal(lacunaTitle(contentUsage, outcome), contentUsage.tituloParcial);
    assert.deepEqual([deciding(outcome).pedido.url, deciding(outcome).em, deciding(outcome).decisivo], [`${ORIGIN}/robots.txt`, 'corpo', 'Content-Usage: train-genai=n, constructor=y']);
  });

  test('Content-Usage and Content-Signal disagreeing: half the weight, its own title, both statements as evidence', async () => {
    const outcome = await run(contentUsage, { '/robots.txt': () => text('User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=yes\n') }, html('', { 'content-usage': 'train-ai=n, search=y' }));
    assert.deepEqual([outcome.status, outcome.credito], ['parcial', 0.5]);
    assert.match(outcome.detalhe, /^Content-Usage \(cabeçalho da página inicial: “train-ai=n, search=y”\): treinamento de modelos \(train-ai\): recusado/);
    assert.match(outcome.detalhe, /divergem sobre treinamento\.$/);
    assert.equal(lacunaTitle(contentUsage, outcome), 'As preferências de uso para IA (Content-Usage) e o Content-Signal dizem coisas diferentes');
    assert.deepEqual(
      outcome.evidencias?.map((e) => [e.pedido.url, e.decisivo]),
      [
        [`${ORIGIN}/`, 'Content-Usage: train-ai=n, search=y'],
        [`${ORIGIN}/robots.txt`, 'Content-Signal: search=yes, ai-train=yes'],
      ],
    );
  });
});

describe('pagamento-402', () => {
  test('nothing charged: not applicable, the home page’s answer as evidence, the count agreeing', async () => {
    const outcome = await run(pagamento402, { '/robots.txt': () => text('User-agent: *\nAllow: /\n') });
    assert.equal(outcome.status, 'nao_se_aplica');
    assert.match(outcome.detalhe, /^Nenhuma das 3 respostas lidas pediu pagamento/);
    assert.deepEqual([deciding(outcome).pedido.url, deciding(outcome).decisivo], [`${ORIGIN}/`, 'HTTP 200']);
  });

  test('charges: the price and the paths quoted, each answer’s deciding header as evidence', async () => {
    const price = `USD 0.01 <img src=https://${ATTACKER_HOST}/p>`;
    const requirement = Buffer.from(JSON.stringify({ x402Version: 2, accepts: [] })).toString('base64');
    const outcome = await run(pagamento402, {
      '/robots.txt': () => text('Pagamento exigido', 'text/plain', 402, { 'crawler-price': price }),
      '/llms.txt': () => json({}, 402, { 'payment-required': requirement }),
    });
    assert.equal(outcome.status, 'falhou', outcome.detalhe);
    assert.match(outcome.detalhe, /^2 de 3 respostas pediram pagamento ao leitor, que age a pedido de uma pessoa \(pay-per-crawl \(crawler-price\), x402 v2 \(PAYMENT-REQUIRED\), preço “USD 0\.01 <img src=https:\/\/atacante\.examp”\): “\/robots\.txt”, “\/llms\.txt”\.$/);
    quotedOnly(outcome.detalhe, 'atacante');
    assert.deepEqual(
      outcome.evidencias?.map((e) => [e.pedido.url, e.resposta?.status, e.em, e.decisivo]),
      [
        [`${ORIGIN}/robots.txt`, 402, 'cabecalho', `Crawler-Price: ${price}`],
        [`${ORIGIN}/llms.txt`, 402, 'cabecalho', `Payment-Required: ${requirement}`],
      ],
    );
  });
});
