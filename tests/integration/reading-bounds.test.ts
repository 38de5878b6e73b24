/**
 * A measured site cannot bloat its reading: the rows of tests/attacks/bloat-cases.ts are measured through
 * `POST /api/ia/medicao` (the handler, with the injected loopback-only network), and the answer and the stored
 * reading must respect functions/readiness/bounds.ts: texts cleaned and cut, the whole within 64 KB. Plus the
 * bounds themselves: the fallbacks when a reading does not fit, and `saveReading` refusing an oversize reading
 * whole (the previous reading stays).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { boundReading, boundText, MAX_READING_BYTES, MAX_TEXT_CHARS, readingBytes } from '../../functions/readiness/bounds.ts';
import { type Envelope, envelopeSchema } from '../../src/model/reading.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { app } from '../../functions/app.ts';
import { getReading, readingKey, saveReading } from '../../functions/readiness/readings.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { BLOAT_CASES, type BloatCase } from '../attacks/bloat-cases.ts';
import { type Fixture, type GuardNetwork, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { resetServices, testContext, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

let network: GuardNetwork;
let store: MemoryStore;

before(() => {
  network = guardNetwork();
  services.network = network;
  store = new MemoryStore();
  resetServices(services, {
    store,
    config: loadConfig({ ...process.env, READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '', READINESS_GATE_PER_MINUTE: '100000', READINESS_MEASUREMENTS_PER_DAY: '100000' }),
  });
});
after(() => {
  services.network = defaultNetwork;
  resetServices(services);
  assert.deepEqual(network.violations, [], 'nothing outside loopback');
});

function siteOf(row: BloatCase) {
  return startFixture((req, res, { origin }) => {
    const response = row.responses[req.url ?? '/'];
    if (!response) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('não encontrado');
      return;
    }
    const fill = (text: string) => text.replaceAll('{origin}', origin);
    res.writeHead(response.status, Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k, fill(v)])));
    res.end(response.body === undefined ? undefined : fill(response.body));
  });
}

/** Every string of an evidence (URLs, header values and lines come from the site). */
const evidenceTexts = (e: Envelope): string[] =>
  e.camadas
    .flatMap((c) => c.verificacoes.flatMap((v) => v.evidencias ?? []))
    .flatMap((ev) => [ev.pedido.url, ev.pedido.agente, ev.pedido.accept, ev.pedido.corpo, ev.resposta?.tipo, ev.resposta?.url, ...(ev.resposta?.redirecionamentos ?? []), ev.erro, ev.decisivo])
    .filter((t): t is string => t !== undefined);

/** Every free text a check or the measurement writes. */
const texts = (e: Envelope): string[] => [
  ...e.camadas.flatMap((c) => c.verificacoes.map((v) => v.detalhe)),
  ...evidenceTexts(e),
  ...e.lacunas.flatMap((l) => (l.constatacao !== undefined ? [l.constatacao] : [])),
  ...e.lacunas.map((l) => l.comoCorrigir),
  ...(e.motivo !== undefined ? [e.motivo] : []),
  ...(e.teto ? [e.teto.motivo] : []),
];

function assertBounded(e: Envelope, label: string): void {
  assert.ok(readingBytes(e) <= MAX_READING_BYTES, `${label}: ${readingBytes(e)} bytes`);
  // A reproduction is left out rather than cut: whole, and at most twice the text bound.
  for (const l of e.lacunas) if (l.reproducao !== undefined) assert.ok(l.reproducao.length <= 2 * MAX_TEXT_CHARS && !l.reproducao.endsWith('…'), `${label}: reprodução de ${l.reproducao.length} caracteres`);
  for (const text of texts(e)) {
    assert.ok(text.length <= MAX_TEXT_CHARS, `${label}: texto de ${text.length} caracteres: ${text.slice(0, 80)}…`);
    assert.doesNotMatch(text, CONTROL, `${label}: caractere de controle em ${JSON.stringify(text.slice(0, 80))}`);
    assert.doesNotMatch(text, LONE_SURROGATE, `${label}: surrogate isolado`);
  }
}

describe('hostile sites cannot bloat their reading (tests/attacks/bloat-cases.ts)', () => {
  for (const row of BLOAT_CASES) {
    test(row.name, async () => {
      const site: Fixture = await siteOf(row);
      try {
        const response = await app.fetch(new Request(`${services.config.origin}/api/ia/medicao`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ site: site.host }) }),
          testContext(services, '203.0.113.40'),
        );
        const text = await response.text();
        assert.equal(response.status, 200, text.slice(0, 300));
        assert.ok(text.length < MAX_READING_BYTES + 1024, `response of ${text.length} characters`);
        const answered = envelopeSchema.parse(JSON.parse(text));
        assertBounded(answered, 'resposta');
        const stored = await getReading(services.store, site.host);
        assert.ok(stored, 'the reading was recorded');
        assertBounded(stored, 'leitura registrada');
        const { enderecos: _, ...withoutAddresses } = answered;
        assert.deepEqual(stored, withoutAddresses, 'the stored reading is the answered one');
        if (row.cut) assert.ok(texts(stored).some((t) => t.endsWith('…')), 'the site text reached the reading, cut');
      } finally {
        await site.close();
      }
    });
  }
});

const check = (i: number, detalhe: string) => ({ id: `v${i}`, nome: `Verificação ${i}`, status: 'falhou' as const, peso: 2, pontos: 0, detalhe });
const lacuna = (i: number, comoCorrigir: string) => ({ verificacao: `v${i}`, camada: 'acesso', severidade: 'baixa' as const, titulo: 'Título', porque: 'Porque.', comoCorrigir });
const reading = (checks: number, text: string): Envelope => ({
  dominio: 'exemplo.com.br',
  estado: 'registrada',
  nota: 10,
  grau: 'F',
  camadas: [{ id: 'acesso', nome: 'Acesso', nota: 10, verificacoes: Array.from({ length: checks }, (_, i) => check(i, text)) }],
  lacunas: Array.from({ length: checks }, (_, i) => lacuna(i, text)),
  medidoEm: '2026-11-24T12:00:00.000Z',
  teto: { nota: 39, motivo: text },
  motivo: text,
});

describe('the bounds', () => {
  test('boundText: controls removed, line breaks become spaces, lone surrogates replaced, cut with an ellipsis', () => {
    assert.equal(boundText('a\u0001b\u001b[31mc\u202ed\u2066e'), 'ab[31mcde');
    assert.equal(boundText('linha 1\r\nlinha 2\tfim'), 'linha 1 linha 2 fim');
    assert.equal(boundText('x\ud800y'), 'x\ufffdy');
    assert.equal(boundText('ação 🚀', 500), 'ação 🚀');
    const cut = boundText('🚀'.repeat(1_000), 11);
    assert.ok(cut.length <= 11 && cut.endsWith('…'));
    assert.doesNotMatch(cut, LONE_SURROGATE, 'the cut never splits a surrogate pair');
    const huge = boundText('\u0001'.repeat(10_000) + 'fim');
    assert.ok(huge.length <= MAX_TEXT_CHARS);
  });

  test('a reading that does not fit with 500-character texts is cut shorter, still whole and scored', () => {
    const bounded = boundReading(reading(40, '漢'.repeat(2_000)));
    assert.ok(readingBytes(reading(40, '漢'.repeat(500))) > MAX_READING_BYTES, 'the first cut alone would not fit');
    assert.equal(bounded.estado, 'registrada');
    assert.equal(bounded.nota, 10);
    assert.equal(bounded.camadas[0]?.verificacoes.length, 40);
    assertBounded(envelopeSchema.parse(bounded), 'corte mais curto');
  });

  test('a reading that fits no cut becomes a whole unscored reading saying why', () => {
    const bounded = envelopeSchema.parse(boundReading(reading(2_000, 'x')));
    assert.equal(bounded.estado, 'nao_pontuada');
    assert.equal(bounded.nota, null);
    assert.deepEqual(bounded.camadas, []);
    assert.match(bounded.motivo ?? '', /passou de 64 KB/);
    assertBounded(bounded, 'leitura substituída');
  });

  test('saveReading refuses an oversize reading whole: nothing written, the previous reading stays', async () => {
    const previous = boundReading(reading(3, 'anterior'));
    await saveReading(services.store, previous);
    await assert.rejects(saveReading(services.store, reading(2_000, 'x'.repeat(100))), RangeError);
    assert.deepEqual(await store.get(readingKey('exemplo.com.br')), previous);
  });
});
