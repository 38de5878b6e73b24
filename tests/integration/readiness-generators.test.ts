/**
 * Issue 19 on real generators' builds (tests/fixtures/readiness-generators, see its README.md) and on the
 * corpus: each false failure of item 5 closed; every lacuna of every site carries a reproduction that, pasted
 * into a shell, shows what its evidence says (curl against the loopback site); two readings of one site are
 * identical but for the time they were taken.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { before, describe, test } from 'node:test';
import { type Envelope, envelopeSchema } from '../../src/model/reading.ts';
import { curlCommand } from '../../functions/readiness/evidence.ts';
import { measure } from '../../functions/readiness/measure.ts';
import { type Fixture, guardNetwork, measurementLab, startFixture } from '../helpers/readiness.ts';
import { CORPUS_DIR, corpusManifest, corpusSite, corpusSites, GENERATORS_DIR } from '../helpers/readiness-corpus.ts';

const AGENT = 'https://sinal.exemplo.com.br';
const run = promisify(execFile);

const { key, keep, watch } = await measurementLab('nothing outside the loopback test network');
/** Readings of every generator build and corpus site, by `dir/site`. */
const readings = new Map<string, { envelope: Envelope; site: Fixture }>();
const SITES = [...corpusSites(GENERATORS_DIR).map((site) => ({ dir: GENERATORS_DIR, site })), ...corpusSites(CORPUS_DIR).map((site) => ({ dir: CORPUS_DIR, site }))];

async function read(site: string, dir = GENERATORS_DIR): Promise<{ envelope: Envelope; site: Fixture }> {
  const fixture = await startFixture(corpusSite(site, dir));
  keep(fixture);
  const network = guardNetwork();
  watch(network);
  const envelope = envelopeSchema.parse(await measure(fixture.host, { key, agentOrigin: AGENT, allowLoopback: true, network }));
  return { envelope, site: fixture };
}

const generator = (site: string) => readings.get(`${GENERATORS_DIR}${site}`)!.envelope;
const check = (e: Envelope, id: string) => e.camadas.flatMap((c) => c.verificacoes).find((v) => v.id === id)!;
const lacuna = (e: Envelope, id: string) => e.lacunas.find((l) => l.verificacao === id);

before(async () => {
  for (const { dir, site } of SITES) readings.set(`${dir}${site}`, await read(site, dir));
});

describe('real generators: each within its band', () => {
  for (const site of corpusSites(GENERATORS_DIR)) {
    test(`${site}: ${corpusManifest(site, GENERATORS_DIR).nome}`, () => {
      const e = generator(site);
      const [min, max] = corpusManifest(site, GENERATORS_DIR).faixa;
      assert.equal(e.estado, 'registrada', e.motivo);
      assert.ok((e.nota ?? -1) >= min && (e.nota ?? 101) <= max, `nota ${e.nota} fora da faixa ${min}–${max}`);
    });
  }
});

describe('false failures closed (issue 19, item 5)', () => {
  test('Docusaurus on a host that adds the trailing slash (301): llms.txt links followed, not broken', () => {
    const links = check(generator('docusaurus-llms'), 'llms-txt-links');
    assert.equal(links.status, 'passou', links.detalhe);
    assert.match(links.detalhe, /5 de 5 links do llms\.txt funcionam; 5 redirecionam dentro do site e foram seguidos/);
    assert.equal(lacuna(generator('docusaurus-llms'), 'llms-txt-links'), undefined);
    // The links point to HTML pages: that is true, and said (not a broken link).
    assert.match(check(generator('docusaurus-llms'), 'llms-txt-markdown').detalhe, /0 de 5 links do llms\.txt para páginas respondem markdown/);
  });
  test("VitePress' llms-full.txt with YAML front matter is accepted", () => {
    const full = check(generator('vitepress-llms'), 'llms-full-txt');
    assert.equal(full.status, 'passou', full.detalhe);
  });
  test('AccountingService (an Organization subtype) is who publishes', () => {
    const org = check(generator('eleventy-api'), 'schema-organizacao');
    assert.equal(org.status, 'passou', org.detalhe);
    assert.match(org.detalhe, /^AccountingService “Livro Caixa Contabilidade Digital”/);
  });
  test('a nested publisher Person (Eleventy) and author Person (jekyll-seo-tag) are who publishes', () => {
    assert.equal(check(generator('eleventy-pessoa'), 'schema-organizacao').status, 'passou');
    assert.match(check(generator('eleventy-pessoa'), 'schema-organizacao').detalhe, /Person “Ana Costa” \(em publisher de WebSite\)/);
    assert.equal(check(generator('jekyll-minima'), 'schema-organizacao').status, 'passou');
  });
  test('a search box and a contact form do not make WebMCP mandatory', () => {
    const webmcp = check(generator('eleventy-pessoa'), 'webmcp');
    assert.equal(webmcp.status, 'nao_se_aplica', webmcp.detalhe);
    assert.equal(generator('eleventy-pessoa').interfaces?.exigidas, false);
  });
  test('JSON served as application/octet-stream by a plain static host is read, not reported absent', () => {
    const catalog = check(generator('eleventy-api'), 'api-catalog');
    assert.equal(catalog.status, 'parcial', catalog.detalhe);
    assert.match(catalog.detalhe, /^Catálogo com 1 item, mas: Content-Type application\/octet-stream/);
    assert.equal(catalog.evidencias?.[0]?.resposta?.tipo, 'application/octet-stream');
    assert.ok(generator('eleventy-api').interfaces?.sinais.includes('/.well-known/api-catalog'));
  });
});

describe('every lacuna can be reproduced, and the reproduction agrees with its evidence (issue 19, item 2)', () => {
  test('every check carries evidence; every lacuna a constatacao and a reproducao', () => {
    for (const [name, { envelope }] of readings) {
      for (const v of envelope.camadas.flatMap((c) => c.verificacoes)) assert.ok(v.evidencias?.length, `${name}: ${v.id} sem evidência`);
      for (const l of envelope.lacunas) {
        assert.ok(l.constatacao, `${name}: ${l.verificacao} sem constatação`);
        assert.ok(l.reproducao?.startsWith('curl '), `${name}: ${l.verificacao} sem reprodução`);
      }
    }
  });
  test('pasted into a shell, each reproduction shows the status and the header its evidence names', async () => {
    let replayed = 0;
    for (const [name, { envelope }] of readings) {
      for (const l of envelope.lacunas) {
        const evidence = check(envelope, l.verificacao).evidencias?.[0];
        if (!evidence?.resposta || l.reproducao !== curlCommand(evidence)) continue;
        const { stdout } = await run('bash', ['-c', l.reproducao], { timeout: 10_000, maxBuffer: 8 * 1024 * 1024 });
        replayed++;
        if (evidence.em === 'corpo') {
          assert.ok(stdout.length > 0, `${name}: ${l.verificacao}: corpo vazio`);
          continue;
        }
        const statuses = [...stdout.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
        assert.equal(statuses.at(-1), evidence.resposta.status, `${name}: ${l.verificacao}\n${l.reproducao}\n${stdout}`);
        // A decisive header line (`Content-Type: text/html`, `Location: …`): the answer carries exactly that.
        const header = evidence.em === 'cabecalho' ? /^([A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)*): (.+)$/.exec(evidence.decisivo ?? '') : null;
        if (header) {
          const line = stdout.split(/\r\n/).find((h) => h.toLowerCase().startsWith(`${header[1]!.toLowerCase()}:`));
          assert.equal(line?.slice(header[1]!.length + 1).trim(), header[2], `${name}: ${l.verificacao}: ${evidence.decisivo}`);
        }
      }
    }
    assert.ok(replayed >= 50, `${replayed} reproduções repetidas`);
  });
});

describe('two readings of the same site are identical (issue 19, done when)', () => {
  /** A reading without the moment it was taken and the first-byte time in milliseconds (its evidence names only the band). */
  const comparable = (e: Envelope) => ({
    ...e,
    medidoEm: null,
    camadas: e.camadas.map((c) => ({ ...c, verificacoes: c.verificacoes.map((v) => (v.id === 'tempo-de-resposta' ? { ...v, detalhe: '' } : v)) })),
    lacunas: e.lacunas.map((l) => (l.verificacao === 'tempo-de-resposta' ? { ...l, constatacao: '' } : l)),
  });
  for (const site of ['docusaurus-llms', 'eleventy-api']) {
    test(site, async () => {
      const first = readings.get(`${GENERATORS_DIR}${site}`)!;
      // The same files at the same address: a second reading of the same fixture server.
      const network = guardNetwork();
      watch(network);
      const second = envelopeSchema.parse(await measure(first.site.host, { key, agentOrigin: AGENT, allowLoopback: true, network }));
      assert.deepEqual(comparable(second), comparable(first.envelope));
    });
  }
});
