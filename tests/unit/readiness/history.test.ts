/**
 * The readings' history (functions/readiness/history.ts) and what changed between two readings
 * (functions/readiness/changes.ts): every recorded reading kept, the last 52, compact; a bounded ring of domains
 * that evicts only other histories (never leads, never a followed domain's history); each change told apart by
 * cause (the site, a revised check, the method).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { saveLead, getLead } from '../../../functions/contact/leads.ts';
import { CHECKS } from '../../../functions/readiness/checks/index.ts';
import { changesOf, compareEntries, describeCheckChange, entryOf, type HistoryEntry } from '../../../functions/readiness/changes.ts';
import type { Envelope } from '../../../src/model/reading.ts';
import { appendHistory, HISTORY_LIMIT, historyKey, historySlot, pinHistory, readHistory, unpinHistory } from '../../../functions/readiness/history.ts';
import { saveReading } from '../../../functions/readiness/readings.ts';
import { renderHistorySection } from '../../../functions/readiness/history-html.ts';
import { METHOD_REVISION, methodRevision } from '../../../functions/readiness/method-revision.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';
import { scoredReading } from '../../helpers/readings.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

const reading = scoredReading;

const unscored = (dominio: string, at: string): Envelope => ({ dominio, estado: 'nao_pontuada', nota: null, grau: null, camadas: [], lacunas: [], medidoEm: at, motivo: 'fora do ar' });

describe('what changed between two readings', () => {
  test('a flip of the same check at the same revision is the site; a revised check is the check; a new check is the method', () => {
    const a = entryOf(reading('x.com.br', day(0), 90, 'A', { 'llms-txt': 'passou', sitemap: 'passou', hsts: ['passou', 1], webmcp: 'falhou' }))!;
    const b = entryOf(reading('x.com.br', day(7), 62, 'C', { 'llms-txt': 'falhou', sitemap: 'passou', hsts: ['parcial', 2], webmcp: 'passou', 'nova-verificacao': 'falhou' }))!;
    const change = compareEntries(a, b);
    assert.equal(change.piorou, true);
    assert.deepEqual(change.nota, { de: 90, para: 62 });
    assert.deepEqual(change.grau, { de: 'A', para: 'C' });
    const byId = Object.fromEntries(change.verificacoes.map((v) => [v.id, v]));
    assert.deepEqual(Object.keys(byId).sort(), ['hsts', 'llms-txt', 'nova-verificacao', 'webmcp']);
    assert.equal(byId['llms-txt']!.causa, 'site');
    assert.equal(byId['llms-txt']!.sentido, 'piorou');
    assert.equal(byId['llms-txt']!.nome, CHECKS.find((c) => c.id === 'llms-txt')!.nome, 'names from the registry');
    assert.equal(byId.hsts!.causa, 'verificacao');
    assert.deepEqual(byId.hsts!.versao, { de: 1, para: 2 });
    assert.equal(byId.webmcp!.sentido, 'melhorou');
    assert.equal(byId['nova-verificacao']!.causa, 'metodo');
    assert.equal(byId['nova-verificacao']!.de, null);
    assert.equal(change.verificacoes[0]!.sentido, 'piorou', 'regressions first');
    assert.match(describeCheckChange(byId['llms-txt']!), /o site mudou/);
    assert.match(describeCheckChange(byId.hsts!), /versão 1 → 2/);
    assert.match(describeCheckChange(byId['nova-verificacao']!), /verificação nova no método/);
  });

  test('the method’s revision differing is reported; a grade that only improves is no regression', () => {
    const a = entryOf(reading('x.com.br', day(0), 70, 'B-', { sitemap: 'falhou' }, 'aaaaaaaaaaaa'))!;
    const b = entryOf(reading('x.com.br', day(1), 80, 'B+', { sitemap: 'passou' }, 'bbbbbbbbbbbb'))!;
    const change = compareEntries(a, b);
    assert.equal(change.metodoMudou, true);
    assert.equal(change.piorou, false);
  });

  test('a scored reading followed by one without a score is a regression; statuses of an unscored reading are not compared', () => {
    const a = entryOf(reading('x.com.br', day(0), 90, 'A', { sitemap: 'passou' }))!;
    const b = entryOf(unscored('x.com.br', day(1)))!;
    const change = compareEntries(a, b);
    assert.equal(change.piorou, true);
    assert.deepEqual(change.verificacoes, []);
  });

  test('a nota that falls inside the same grade, with no check worse, is no regression; identical readings are no change', () => {
    const a = entryOf(reading('x.com.br', day(0), 94, 'A', { sitemap: 'passou' }))!;
    const b = entryOf(reading('x.com.br', day(1), 91, 'A', { sitemap: 'passou' }))!;
    assert.equal(compareEntries(a, b).piorou, false);
    assert.deepEqual(changesOf([a, { ...a, medidoEm: day(2) }]), []);
  });

  test('the method revision is a digest of what decides a nota: another check revision gives another digest', () => {
    assert.match(METHOD_REVISION, /^[0-9a-f]{12}$/);
    assert.equal(methodRevision(), METHOD_REVISION);
    const revised = CHECKS.map((c, i) => (i === 0 ? { ...c, versao: 2 } : c));
    assert.notEqual(methodRevision(revised), METHOD_REVISION);
    assert.notEqual(methodRevision(CHECKS.slice(1)), METHOD_REVISION);
  });
});

describe('the history in the store', () => {
  test('every saved reading is kept, oldest first, the last 52; the same instant is kept once', async () => {
    const store = new MemoryStore();
    for (let i = 0; i < HISTORY_LIMIT + 8; i++) await saveReading(store, reading('x.com.br', day(i), 50 + (i % 40), 'D+', { sitemap: i % 2 ? 'passou' : 'falhou' }));
    await saveReading(store, reading('x.com.br', day(HISTORY_LIMIT + 7), 99, 'A+', { sitemap: 'passou' }));
    const history = await readHistory(store, 'x.com.br');
    assert.equal(history.length, HISTORY_LIMIT);
    assert.equal(history[0]!.medidoEm, day(8));
    assert.equal(history.at(-1)!.medidoEm, day(HISTORY_LIMIT + 7));
    assert.equal(history.at(-1)!.nota, 99, 'the same instant replaced, not added');
    assert.deepEqual(history[1]!.verificacoes.sitemap, { status: 'passou', versao: 1 });
    assert.equal(history[0]!.metodo, METHOD_REVISION);
  });

  test('compact: statuses and revisions round-trip; a year of readings of every check stays under 16 KB', async () => {
    const store = new MemoryStore();
    const all = Object.fromEntries(CHECKS.map((c, i) => [c.id, [['passou', 'parcial', 'falhou', 'nao_se_aplica'][i % 4]!, 1 + (i % 3)] as [string, number]]));
    for (let i = 0; i < HISTORY_LIMIT; i++) await appendHistory(store, reading('grande.com.br', day(i), 77, 'B', all));
    await appendHistory(store, unscored('grande.com.br', day(HISTORY_LIMIT)));
    const raw = await store.get(historyKey('grande.com.br'));
    const bytes = Buffer.byteLength(JSON.stringify(raw));
    assert.ok(bytes < 16 * 1024, `${bytes} bytes`);
    const history = await readHistory(store, 'grande.com.br');
    const expected: HistoryEntry['verificacoes'] = Object.fromEntries(Object.entries(all).map(([id, [status, versao]]) => [id, { status: status as 'passou', versao }]));
    assert.deepEqual(history.at(-2)!.verificacoes, expected);
    assert.equal(history.at(-1)!.estado, 'nao_pontuada');
    assert.deepEqual(history.at(-1)!.verificacoes, {});
  });

  test('the ring of domains: a new domain takes the oldest slot, its history goes, leads stay; a pinned history stays outside the ring', async () => {
    const store = new MemoryStore({ maxKeys: 50 });
    const lead = await saveLead(store, () => Date.parse(day(0)), { nome: 'Ana', email: 'ana@exemplo.com.br', empresa: '', site: '', mensagem: 'Olá', nota: null, produto: '' });
    const ring = { domains: 3 };
    await appendHistory(store, reading('seguido.com.br', day(0), 80, 'B+', { sitemap: 'passou' }), ring);
    await pinHistory(store, 'seguido.com.br', 7);
    for (const d of ['a.com.br', 'b.com.br']) await appendHistory(store, reading(d, day(0), 80, 'B+', { sitemap: 'passou' }), ring);
    assert.equal(await historySlot(store, 'seguido.com.br'), 0);
    // Slot 0 goes to c.com.br: the pinned domain keeps its history, outside the ring.
    await appendHistory(store, reading('c.com.br', day(1), 80, 'B+', { sitemap: 'passou' }), ring);
    assert.equal(await historySlot(store, 'seguido.com.br'), null);
    assert.equal((await readHistory(store, 'seguido.com.br')).length, 1);
    // Slot 1 goes to d.com.br: a.com.br (not pinned) loses its history.
    await appendHistory(store, reading('d.com.br', day(1), 80, 'B+', { sitemap: 'passou' }), ring);
    assert.deepEqual(await readHistory(store, 'a.com.br'), []);
    // The pinned domain's next reading takes a slot again, keeping what it had.
    await appendHistory(store, reading('seguido.com.br', day(2), 60, 'C', { sitemap: 'falhou' }), ring);
    assert.equal((await readHistory(store, 'seguido.com.br')).length, 2);
    assert.equal(await historySlot(store, 'seguido.com.br'), 2);
    // Unpinned, it is an ordinary history again: the next domain that takes its slot takes its history.
    await unpinHistory(store, 'seguido.com.br', 7);
    for (const d of ['e.com.br', 'f.com.br', 'g.com.br']) await appendHistory(store, reading(d, day(3), 80, 'B+', { sitemap: 'passou' }), ring);
    assert.deepEqual(await readHistory(store, 'seguido.com.br'), []);
    // A flood of histories in the embedded store evicts histories only (their own budget), never the lead.
    for (let i = 0; i < 200; i++) await appendHistory(store, reading(`flood${i}.com.br`, day(4), 80, 'B+', { sitemap: 'passou' }));
    assert.ok(store.sizeOf('history') <= 50);
    assert.equal((await getLead(store, lead.seq))?.campos.email, 'ana@exemplo.com.br');
  });

  test('a damaged record reads as no history, and the next reading starts it again', async () => {
    const store = new MemoryStore();
    await store.set(historyKey('x.com.br'), { v: 1, dominio: 'x.com.br', vaga: 0, ids: ['a'], leituras: [{ em: 'x', e: 'z' }] });
    assert.deepEqual(await readHistory(store, 'x.com.br'), []);
    await saveReading(store, reading('x.com.br', day(0), 80, 'B+', { sitemap: 'passou' }));
    assert.equal((await readHistory(store, 'x.com.br')).length, 1);
  });

  test('envelopes that are not readings are not kept', async () => {
    const store = new MemoryStore();
    await appendHistory(store, { dominio: 'x.com.br', estado: 'ausente', nota: null, grau: null, camadas: [], lacunas: [], medidoEm: null });
    assert.deepEqual(await readHistory(store, 'x.com.br'), []);
  });
});

describe('the history section of the result page', () => {
  test('the table’s label agrees with the number of readings (“A leitura”, “As 2 leituras”)', () => {
    const one = [entryOf(reading('x.com.br', day(0), 90, 'A', { sitemap: 'passou' }))!];
    const two = [...one, entryOf(reading('x.com.br', day(7), 62, 'C', { sitemap: 'falhou' }))!];
    assert.match(renderHistorySection(one), /<summary>A leitura em números<\/summary>/);
    assert.match(renderHistorySection(two), /<summary>As 2 leituras em números<\/summary>/);
  });
});
