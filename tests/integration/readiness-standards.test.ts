/**
 * The instrument's checks of the standards of late 2026 (issue 21) against fixture sites on loopback
 * (tests/helpers/readiness-standards.ts): a site in the current forms gets `atual` verdicts naming the revision;
 * a site serving only the earlier forms gets `legado` verdicts with migration notes, never failures; a site
 * serving neither is unaffected where the check does not apply; a site that charges the reader (an agent acting
 * for a person) gets the payment lacuna, and one whose home page charges is left unscored with it.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type Envelope, envelopeSchema, type Verificacao } from '../../src/model/reading.ts';
import { measure } from '../../functions/readiness/measure.ts';
import { LEGACY_CREDIT } from '../../functions/readiness/revision.ts';
import { PESOS } from '../../functions/readiness/scoring.ts';
import { standardById } from '../../src/model/agent-standards.ts';
import { agentReadySite, bareSite, guardNetwork, measurementLab, startFixture } from '../helpers/readiness.ts';
import { chargingHomeSite, chargingSite, standardsSite } from '../helpers/readiness-standards.ts';

const AGENT = 'https://sinal.exemplo.com.br';
const NEW_CHECKS = ['ard', 'nlweb', 'content-usage', 'web-bot-auth'] as const;
const STANDARD_OF = { ard: 'ard', nlweb: 'nlweb', 'content-usage': 'aipref', 'web-bot-auth': 'web-bot-auth' } as const;

const { key, keep, watch } = await measurementLab('no resolution or connection outside the test network');

async function measureFixture(handler: Parameters<typeof startFixture>[0]): Promise<Envelope> {
  const site = keep(await startFixture(handler));
  const network = watch(guardNetwork());
  return envelopeSchema.parse(await measure(site.host, { key, agentOrigin: AGENT, allowLoopback: true, network }));
}

const check = (e: Envelope, id: string): Verificacao => {
  const found = e.camadas.flatMap((c) => c.verificacoes).find((v) => v.id === id);
  assert.ok(found, `verificação ${id} no resultado`);
  return found;
};

describe('a site in the current forms', () => {
  let envelope: Envelope;
  before(async () => {
    envelope = await measureFixture(standardsSite('atual'));
  });

  test('every new check passes with an `atual` verdict naming the revision it tested', () => {
    for (const id of NEW_CHECKS) {
      const v = check(envelope, id);
      const standard = standardById(STANDARD_OF[id]);
      assert.equal(v.status, 'passou', `${id}: ${v.detalhe}`);
      assert.deepEqual(v.revisao, { padrao: standard.nome, testada: standard.revisao, veredito: 'atual' }, id);
      assert.ok(v.detalhe.includes(`Forma atual (${standard.nome} ${standard.revisao})`), `${id}: ${v.detalhe}`);
    }
  });

  test('the usage preferences are described in words, both vocabularies', () => {
    const v = check(envelope, 'content-usage');
    assert.match(v.detalhe, /treinamento de modelos \(train-ai\): recusado; busca com link, sem resumos gerados \(search\): permitido/);
    assert.match(v.detalhe, /O Content-Signal declara: busca \(search\): permitido; contexto de respostas de IA, resumos incluídos \(ai-input\): permitido; treinamento \(ai-train\): recusado/);
  });

  test('A+ and nothing lost', () => {
    assert.equal(envelope.nota, 100, JSON.stringify(envelope.lacunas.map((l) => l.verificacao)));
    assert.equal(check(envelope, 'pagamento-402').status, 'nao_se_aplica');
  });
});

describe('a site serving only the earlier forms', () => {
  let envelope: Envelope;
  before(async () => {
    envelope = await measureFixture(standardsSite('legado'));
  });

  test('every new check is accepted as `legado` with a migration note, not failed', () => {
    for (const id of NEW_CHECKS) {
      const v = check(envelope, id);
      assert.equal(v.status, 'parcial', `${id}: ${v.detalhe}`);
      assert.equal(v.pontos, PESOS.baixa * LEGACY_CREDIT, id);
      assert.equal(v.revisao?.veredito, 'legado', id);
      assert.equal(v.revisao?.testada, standardById(STANDARD_OF[id]).revisao, id);
      assert.ok(v.revisao?.forma && v.revisao.migracao, `${id}: forma e migração`);
      const lacuna = envelope.lacunas.find((l) => l.verificacao === id);
      assert.equal(lacuna?.comoCorrigir, v.revisao?.migracao, `${id}: a lacuna traz a nota de migração`);
    }
  });

  test('each verdict names the earlier form it found', () => {
    assert.match(check(envelope, 'ard').revisao?.forma ?? '', /^v0\.9: \/\.well-known\/ai-catalog\.json$/);
    assert.match(check(envelope, 'ard').revisao?.migracao ?? '', /\/\.well-known\/ard\.json/);
    assert.match(check(envelope, 'nlweb').revisao?.forma ?? '', /^0\.54/);
    assert.match(check(envelope, 'content-usage').revisao?.migracao ?? '', /“train-genai” → train-ai/);
    assert.match(check(envelope, 'web-bot-auth').revisao?.forma ?? '', /application\/http-message-signatures-directory,/);
  });

  test('still graded well: legacy forms cost a quarter of a low-severity weight each', () => {
    assert.equal(envelope.estado, 'registrada');
    assert.ok((envelope.nota ?? 0) >= 95, `nota ${envelope.nota}`);
  });
});

describe('sites serving neither', () => {
  test('a content site without agent interfaces: the new checks do not apply, the grade is unaffected', async () => {
    const envelope = await measureFixture(bareSite);
    for (const id of ['ard', 'nlweb', 'content-usage', 'web-bot-auth', 'pagamento-402']) {
      const v = check(envelope, id);
      assert.equal(v.status, 'nao_se_aplica', `${id}: ${v.detalhe}`);
      assert.equal(v.revisao, undefined, id);
      assert.ok(!envelope.lacunas.some((l) => l.verificacao === id), id);
    }
  });

  test('a site with agent interfaces but no ARD catalog owes one (like its MCP card)', async () => {
    // agentReadySite without its /.well-known/ard.json
    const envelope = await measureFixture((req, res, ctx) => {
      if ((req.url ?? '').startsWith('/.well-known/ard.json')) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('não encontrado');
        return;
      }
      return agentReadySite(req, res, ctx);
    });
    const v = check(envelope, 'ard');
    assert.equal(v.status, 'falhou', v.detalhe);
    assert.match(v.detalhe, /sinais de API ou aplicação/);
    // NLWeb and aipref stay optional even there.
    assert.equal(check(envelope, 'nlweb').status, 'nao_se_aplica');
    assert.equal(check(envelope, 'content-usage').status, 'nao_se_aplica');
  });
});

describe('402 and pay-per-crawl', () => {
  test('pages and files that charge the reader are a lacuna, with the schemes and the price named', async () => {
    const envelope = await measureFixture(chargingSite);
    const v = check(envelope, 'pagamento-402');
    assert.equal(v.status, 'falhou', v.detalhe);
    assert.match(v.detalhe, /pediram pagamento ao leitor, que age a pedido de uma pessoa/);
    assert.match(v.detalhe, /pay-per-crawl \(crawler-price\)/);
    assert.match(v.detalhe, /x402 v2 \(PAYMENT-REQUIRED\)/);
    assert.match(v.detalhe, /preço “USD 0\.01”/);
    assert.equal(v.revisao?.veredito, 'atual');
    assert.ok(envelope.lacunas.some((l) => l.verificacao === 'pagamento-402' && /a pedido de uma pessoa/.test(l.titulo)));
  });

  test('a home page that charges leaves the reading unscored, with the payment lacuna (x402 v1 named)', async () => {
    const envelope = await measureFixture(chargingHomeSite);
    assert.equal(envelope.estado, 'nao_pontuada');
    assert.match(envelope.motivo ?? '', /pediu pagamento ao leitor \(HTTP 402, x402 v1/);
    assert.deepEqual(envelope.lacunas.map((l) => l.verificacao), ['pagamento-402']);
  });
});
