/**
 * Storage that is configured but cannot be used, as an operator meets it:
 *
 * - a storage variable set but unusable (UPSTASH_REDIS_REST_URL in the `redis://` form people copy, a token
 *   without its URL…): `npm start` and `npm run contatos` stop with a pt-BR message naming the variable and the
 *   expected form; on Netlify the contact form and the measurement answer 503 (with the e-mail address), never
 *   a confirmation kept in memory; no secret reaches any log (the logs are searched for the password and the
 *   token);
 * - DATA_DIR that is a file, holds a file that is not a database, or a corrupted database: a pt-BR start-up
 *   error naming DATA_DIR and what is wrong, no raw stack trace;
 * - DATA_DIR read-only with a database in it: the site starts with a warning, pages are served, the stored leads
 *   can be listed (`npm run contatos`), and writes (a lead; a reading, which counts in the instrument's gate)
 *   answer 503 with the e-mail address, never a false confirmation. Root ignores
 *   file permissions, so under root the server runs as `nobody`.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { app } from '../../functions/app.ts';
import { saveLead } from '../../functions/contact/leads.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { SQLITE_FILE, SqliteStore } from '../../functions/store/sqlite.ts';
import { contactEmail } from '../../src/config/site.ts';
import { openPathToCheckout, runContatos, runStart, startServer, type StartOptions } from '../helpers/local-start.ts';
import { testContext, testServices } from '../helpers/services.ts';

const PASSWORD = 'AXkfSenhaDoBanco9876';
const TOKEN = 'AXkfTokenRestSecreto1234';
const SECRET = { AGENT_JWT_SECRET: 'segredo-de-teste-do-armazenamento-0123456789' };
const FORM = 'application/x-www-form-urlencoded';
const leadBody = new URLSearchParams({ nome: 'Ana Souza', email: 'ana@exemplo.com.br', mensagem: 'Quero uma proposta.', consentimento: 'sim' }).toString();

/** A raw stack trace line, or Node's own dump of an uncaught error. */
const STACK = /^\s+at .+[:(]\d+|node:internal|Uncaught|Error: /m;

const contatos = (env: Record<string, string>, options: Pick<StartOptions, 'user'> = {}) => runContatos(env, [], options);

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'armazenamento-config-'));
  dirs.push(dir);
  return dir;
}
after(() => {
  for (const dir of dirs) {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('a storage variable set but unusable', () => {
  const cases: { name: string; env: Record<string, string>; expect: RegExp }[] = [
    {
      name: 'the redis:// form, with the password inside',
      env: { UPSTASH_REDIS_REST_URL: `rediss://default:${PASSWORD}@exemplo-12345.upstash.io:6379`, UPSTASH_REDIS_REST_TOKEN: TOKEN },
      expect: /UPSTASH_REDIS_REST_URL está no formato rediss:\/\/.*https:\/\/<nome>\.upstash\.io/,
    },
    {
      name: 'the REST URL without its token',
      env: { UPSTASH_REDIS_REST_URL: 'https://exemplo-12345.upstash.io', UPSTASH_REDIS_REST_TOKEN: '' },
      expect: /UPSTASH_REDIS_REST_URL está definida, mas UPSTASH_REDIS_REST_TOKEN não/,
    },
    {
      name: 'the token without its URL',
      env: { UPSTASH_REDIS_REST_URL: '', UPSTASH_REDIS_REST_TOKEN: TOKEN },
      expect: /UPSTASH_REDIS_REST_TOKEN está definido, mas UPSTASH_REDIS_REST_URL não.*https:\/\/<nome>\.upstash\.io/,
    },
  ];

  for (const c of cases) {
    test(`${c.name}: npm start and npm run contatos stop with the variable and the expected form; no secret in the logs`, async () => {
      const dir = tempDir();
      const started = await runStart({ ...SECRET, DATA_DIR: dir, ...c.env });
      assert.equal(started.code, 1, started.stdout + started.stderr);
      assert.match(started.stderr, /Não foi possível iniciar: /);
      assert.match(started.stderr, c.expect);
      assert.doesNotMatch(started.stdout, /rodando em/);
      const listed = await contatos({ DATA_DIR: dir, ...c.env });
      assert.equal(listed.code, 1);
      assert.match(listed.stderr, c.expect);
      for (const output of [started.stdout, started.stderr, listed.stdout, listed.stderr]) {
        assert.ok(!output.includes(PASSWORD), 'a senha do banco apareceu num log');
        assert.ok(!output.includes(TOKEN), 'o token apareceu num log');
        assert.doesNotMatch(output, STACK);
      }
    });
  }

  test('on Netlify: the form and the measurement answer 503 with the e-mail address, the log names the variable, and no secret is logged', async (t) => {
    const logged: string[] = [];
    for (const method of ['error', 'warn', 'log', 'info'] as const) t.mock.method(console, method, (...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    const services = testServices({ ...SECRET, NETLIFY: 'true', DATA_DIR: '', ...cases[0]!.env });
    const context = testContext(services, '203.0.113.9');
    const origin = services.config.origin;
    const html = await app.fetch(new Request(`${origin}/contato/formulario`, { method: 'POST', headers: { accept: 'text/html', 'content-type': FORM }, body: leadBody }), context);
    assert.equal(html.status, 503);
    const page = await html.text();
    assert.ok(page.includes(`mailto:${contactEmail()}`));
    assert.doesNotMatch(page, /Mensagem recebida|Obrigado/);
    const json = await app.fetch(new Request(`${origin}/contato/formulario`, { method: 'POST', headers: { accept: 'application/json', 'content-type': FORM }, body: leadBody }), context);
    assert.equal(json.status, 503);
    assert.equal(((await json.json()) as { error: string }).error, 'temporarily_unavailable');
    const measured = await app.fetch(new Request(`${origin}/api/ia/medicao`, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{"site":"exemplo.com.br"}' }),
      context,
    );
    assert.equal(measured.status, 503);
    const log = logged.join('\n');
    assert.match(log, /UPSTASH_REDIS_REST_URL está no formato rediss:\/\//);
    assert.ok(!log.includes(PASSWORD) && !log.includes(TOKEN), 'um segredo apareceu no log');
  });
});

describe('DATA_DIR that cannot hold the data stops the start, in pt-BR, without a stack trace', () => {
  async function refused(dataDir: string, expect: RegExp): Promise<void> {
    const started = await runStart({ ...SECRET, DATA_DIR: dataDir });
    assert.equal(started.code, 1, started.stdout + started.stderr);
    assert.match(started.stderr, new RegExp(`Não foi possível iniciar: DATA_DIR \\(${dataDir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\) `));
    assert.match(started.stderr, expect);
    assert.doesNotMatch(started.stderr, STACK);
    assert.doesNotMatch(started.stdout, /rodando em/);
    const listed = await contatos({ DATA_DIR: dataDir });
    assert.equal(listed.code, 1);
    assert.match(listed.stderr, expect);
    assert.doesNotMatch(listed.stderr, STACK);
  }

  test('a file, not a folder', async () => {
    const file = join(tempDir(), 'dados');
    writeFileSync(file, 'não sou uma pasta');
    await refused(file, /não é uma pasta: é um arquivo/);
  });

  test('a folder below a file', async () => {
    const file = join(tempDir(), 'arquivo');
    writeFileSync(file, 'x');
    await refused(join(file, 'dados'), /não existe e não pôde ser criada \(um dos nomes do caminho é um arquivo/);
  });

  test('a database file that is not a database', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, SQLITE_FILE), 'isto é um texto, não um banco SQLite '.repeat(200));
    await refused(dir, new RegExp(`tem um arquivo ${SQLITE_FILE} que não é um banco SQLite`));
  });

  test('a corrupted database', async () => {
    const dir = tempDir();
    const store = new SqliteStore({ dir });
    for (let i = 0; i < 300; i++) await store.set(`chave:${i}`, { texto: `valor ${i} `.repeat(20) });
    store.close();
    // The header is intact; the pages after the first are overwritten with garbage.
    const file = join(dir, SQLITE_FILE);
    const fd = openSync(file, 'r+');
    const garbage = Buffer.alloc(statSync(file).size - 4096, 0xa5);
    writeSync(fd, garbage, 0, garbage.length, 4096);
    closeSync(fd);
    await refused(dir, new RegExp(`tem o banco ${SQLITE_FILE} corrompido`));
  });
});

describe('DATA_DIR read-only, holding a database', () => {
  const asRoot = process.getuid?.() === 0;
  // Root writes anyway: the server runs as nobody, for whom the folder is read-only.
  const user = asRoot ? { uid: 65534, gid: 65534 } : undefined;
  const reading: Envelope = {
    dominio: 'somente-leitura.com.br',
    estado: 'registrada',
    nota: 71,
    grau: 'B',
    camadas: [{ id: 'acesso', nome: 'Acesso de robôs', nota: 71, verificacoes: [{ id: 'robots', nome: 'robots.txt', status: 'passou', peso: 4, pontos: 4, detalhe: 'Liberado.' }] }],
    lacunas: [],
    medidoEm: '2026-11-20T12:00:00.000Z',
  };
  let dir: string;

  let closePath = (): void => {};
  before(async () => {
    if (user) closePath = openPathToCheckout();
    dir = tempDir();
    chmodSync(dir, 0o755);
    const store = new SqliteStore({ dir });
    await saveLead(store, Date.now, { nome: 'Guardado Antes', email: 'antes@exemplo.com.br', empresa: '', site: '', mensagem: 'oi', nota: null, produto: '' });
    await saveReading(store, reading);
    store.close();
    chmodSync(join(dir, SQLITE_FILE), 0o444);
    chmodSync(dir, 0o555);
  });

  after(() => closePath());

  test('starts with a warning; pages and the stored leads are read; writes answer 503 with the e-mail address, never a confirmation', async () => {
    const server = await startServer({ ...SECRET, DATA_DIR: dir }, { user });
    try {
      assert.match(server.err(), new RegExp(`Aviso: DATA_DIR \\(${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\) é somente leitura`));
      assert.match(server.out(), /Armazenamento: arquivo .*armazenamento\.sqlite \(somente leitura\)/);
      assert.equal((await fetch(`${server.url}/contato`)).status, 200);
      // A read of a recorded reading passes the instrument's gate, a counter (a write): an honest 503, never a 500.
      const read = await fetch(`${server.url}/api/ia/leitura?site=${reading.dominio}`, { headers: { accept: 'application/json' } });
      assert.equal(read.status, 503);
      assert.equal(((await read.json()) as { estado: string }).estado, 'indisponivel');

      const html = await fetch(`${server.url}/contato/formulario`, { method: 'POST', headers: { accept: 'text/html', 'content-type': FORM }, body: leadBody });
      assert.equal(html.status, 503);
      const page = await html.text();
      assert.ok(page.includes(`mailto:${contactEmail()}`), 'o e-mail de contato na página');
      assert.match(page, /A mensagem não foi enviada/);
      assert.doesNotMatch(page, /Mensagem recebida|Obrigado/);
      const json = await fetch(`${server.url}/contato/formulario`, { method: 'POST', headers: { accept: 'application/json', 'content-type': FORM }, body: leadBody });
      assert.equal(json.status, 503);
      const error = (await json.json()) as { error: string; error_description: string };
      assert.equal(error.error, 'temporarily_unavailable');
      assert.ok(error.error_description.includes(contactEmail()));
      assert.doesNotMatch(server.err(), STACK);
    } finally {
      await server.stop();
    }
    const listed = await contatos({ DATA_DIR: dir }, { user });
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /1 contato\(s\) em arquivo .*\(somente leitura\)/);
    assert.match(listed.stdout, /Guardado Antes <antes@exemplo\.com\.br>/);
  });
});
