/**
 * The CI gate as people run it: `bin/medir.js` (the package's bin) as a child process against fixture sites on
 * loopback made for each exit code (tests/helpers/readiness.ts): 0 (a site that does everything, with a minimum and
 * its own baseline), 1 below the minimum (a bare site), 1 worse than the baseline (the same site after it lost its
 * llms.txt), 2 unreachable (a closed port), 2 a bot challenge, 2 for a bad target, a bad baseline or bad arguments.
 * Every `--formato json` output validates against the committed schema (docs/medir.schema.json) with ajv. The bin
 * starts through its shebang, and through the path Node 22.12–22.17 take (type stripping behind a flag).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { envelopeSchema } from '../../src/model/reading.ts';
import { addFormats } from '../helpers/openapi.ts';
import { agentReadySite, bareSite, challengeSite, type Fixture, type FixtureHandler, startFixture } from '../helpers/readiness.ts';

const BIN = fileURLToPath(new URL('../../bin/medir.js', import.meta.url));
const SCHEMA = JSON.parse(readFileSync(new URL('../../docs/medir.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(SCHEMA);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bin with `args` (by default `node bin/medir.js`; `direct`: through its shebang). Never throws on exit codes. */
async function medir(args: string[], options: { direct?: boolean; nodeArgs?: string[] } = {}): Promise<Run> {
  const [file, argv] = options.direct ? [BIN, args] : [process.execPath, [...(options.nodeArgs ?? []), BIN, ...args]];
  // SITE_URL: the origin the reader names in its User-Agent; never contacted.
  // PATH: the shebang's `env node` finds the Node running these tests (>= 22.12), whatever the system's is.
  const env = { ...process.env, SITE_URL: 'http://localhost:8890', READER_SIGNING_KEY: '', PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
  try {
    const { stdout, stderr } = await promisify(execFile)(file, argv, { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number | string; stdout: string; stderr: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The JSON report of a run, validated against docs/medir.schema.json. */
function report(run: Run): any {
  const value: any = JSON.parse(run.stdout);
  const valid = validate(structuredClone(value));
  assert.ok(valid, `saída fora do esquema: ${ajv.errorsText(validate.errors)}`);
  assert.equal(value.codigoDeSaida, run.code, 'o código do relatório é o código de saída');
  return value;
}

/** The site that does everything, until `regressed`: then its llms.txt is gone (404). */
let regressed = false;
const regressingSite: FixtureHandler = (req, res, ctx) => {
  if (regressed && (req.url ?? '/').startsWith('/llms')) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('não encontrado');
    return;
  }
  return agentReadySite(req, res, ctx);
};

let ready: Fixture;
let bare: Fixture;
let challenge: Fixture;
let dir: string;
const target = (f: Fixture) => `http://127.0.0.1:${f.port}`;

before(async () => {
  [ready, bare, challenge] = await Promise.all([startFixture(regressingSite), startFixture(bareSite), startFixture(challengeSite)]);
  dir = mkdtempSync(join(tmpdir(), 'medir-'));
});
after(async () => {
  await Promise.all([ready.close(), bare.close(), challenge.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('medir (bin/medir.js) against fixture sites', () => {
  test('exit 0: a site that does everything passes a minimum of 90; --salvar writes the reading; its own baseline passes', async () => {
    regressed = false;
    const base = join(dir, 'base.json');
    const first = await medir([target(ready), '--permitir-local', '--min-nota', '90', '--salvar', base, '--formato', 'json']);
    assert.equal(first.code, 0, first.stderr);
    const r = report(first);
    assert.equal(r.resultado, 'aprovada');
    assert.equal(r.dominio, `127.0.0.1:${ready.port}`);
    assert.equal(r.leitura.nota, 100);
    assert.equal(r.salvaEm, base);
    const saved = envelopeSchema.parse(JSON.parse(readFileSync(base, 'utf8')));
    assert.equal(saved.nota, 100);
    assert.ok(ready.requests.some((q) => q.path === '/llms.txt' && /^SinalCognitivoLeitor\/1\.0 \(\+http:\/\/localhost:8890\/agentes\)$/.test(q.headers['user-agent'] ?? '') && q.headers.signature), 'o mesmo leitor: User-Agent e assinatura');

    const again = await medir([target(ready), '--permitir-local', '--linha-de-base', base]);
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, /\nResultado: APROVADA \(código de saída 0\)\.\n/);
    assert.match(again.stdout, /\nEm relação à linha de base: nota 100 → 100 \(0\)\.\n/);
  });

  test('exit 1: below the minimum score (text output says by how much)', async () => {
    const run = await medir([target(bare), '--permitir-local', '--min-nota', '50']);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, new RegExp(`^Medição de 127\\.0\\.0\\.1:${bare.port}: nota (\\d+) de 100, grau [A-F][+-]?\\.`));
    assert.match(run.stdout, /\nResultado: REPROVADA \(código de saída 1\)\.\n {2}- A nota \d+ está abaixo do mínimo de 50\.\n/);
  });

  test('exit 1: worse than the baseline (the site lost its llms.txt): the score drop and the checks that stopped passing', async () => {
    regressed = false;
    const base = join(dir, 'antes.json');
    assert.equal((await medir([target(ready), '--permitir-local', '--salvar', base])).code, 0);
    regressed = true;
    try {
      const run = await medir([target(ready), '--permitir-local', '--linha-de-base', base, '--formato', 'json']);
      assert.equal(run.code, 1, run.stderr);
      const r = report(run);
      assert.equal(r.resultado, 'reprovada');
      assert.ok(r.leitura.nota < 100);
      assert.equal(r.problemas[0].tipo, 'nota-caiu');
      const worse = r.problemas.filter((p: { tipo: string }) => p.tipo === 'verificacao-piorou').map((p: { verificacao: string }) => p.verificacao);
      assert.ok(worse.includes('llms-txt'), `llms-txt entre as que pioraram: ${worse.join(', ')}`);
      assert.deepEqual(r.comparacao.pioraram.map((c: { verificacao: string }) => c.verificacao), worse);
      const md = await medir([target(ready), '--permitir-local', '--linha-de-base', base, '--formato', 'markdown']);
      assert.equal(md.code, 1);
      assert.match(md.stdout, /^## ❌ Prontidão para IA de 127\.0\.0\.1:\d+: reprovada\n/);
      assert.match(md.stdout, /\n### Em relação à linha de base\n\nNota 100 → \d+ \(−\d+\)\.\n\n\| verificação \| camada \| antes \| agora \|\n/);
    } finally {
      regressed = false;
    }
  });

  test('exit 2: unreachable (nothing listens on the port), said as such', async () => {
    const closed = await startFixture(bareSite);
    await closed.close();
    const run = await medir([target(closed), '--permitir-local', '--min-nota', '10', '--formato', 'json']);
    assert.equal(run.code, 2, run.stderr);
    const r = report(run);
    assert.equal(r.resultado, 'invalida');
    assert.equal(r.invalida.tipo, 'inalcancavel');
    assert.match(r.invalida.motivo, /não pôde ser lido|não respondeu/);
    const text = await medir([target(closed), '--permitir-local']);
    assert.match(text.stdout, /\nResultado: INVÁLIDA: site inalcançável \(código de saída 2\)\.\n/);
  });

  test('exit 2: a bot challenge, said as such (and the bin started through its shebang)', async () => {
    const run = await medir([target(challenge), '--permitir-local', '--min-nota', '10'], { direct: true });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /\nResultado: INVÁLIDA: bloqueio anti-robô \(código de saída 2\)\.\n {2}A página inicial devolveu um desafio anti-robô \(Cloudflare, HTTP 403\)/);
    const r = report(await medir([target(challenge), '--permitir-local', '--formato', 'json']));
    assert.equal(r.invalida.tipo, 'bloqueio');
  });

  test('exit 2: a local target without --permitir-local, a missing baseline (nothing measured), bad arguments', async () => {
    const local = report(await medir([target(bare), '--formato', 'json']));
    assert.equal(local.invalida.tipo, 'alvo-invalido');
    assert.match(local.invalida.motivo, /use --permitir-local/);
    assert.equal(local.leitura, null);
    const requests = bare.requests.length;
    const missing = report(await medir([target(bare), '--permitir-local', '--linha-de-base', join(dir, 'nao-existe.json'), '--formato', 'json']));
    assert.equal(missing.invalida.tipo, 'linha-de-base');
    assert.match(missing.invalida.motivo, /o arquivo não existe/);
    assert.equal(bare.requests.length, requests, 'nada é medido sem a linha de base');
    const bad = await medir([target(bare), '--formato', 'sarif']);
    assert.equal(bad.code, 2);
    assert.equal(bad.stdout, '');
    assert.match(bad.stderr, /^medir: --formato aceita texto, json ou markdown/);
  });

  test('Node 22.12 to 22.17 (type stripping behind a flag): the bin starts the entry with --experimental-strip-types', async () => {
    // On this Node, --no-experimental-strip-types leaves process.features.typescript false, as on those versions.
    const run = await medir([target(challenge), '--permitir-local', '--formato', 'json'], { nodeArgs: ['--no-experimental-strip-types'] });
    assert.equal(run.code, 2, run.stderr);
    assert.equal(report(run).invalida.tipo, 'bloqueio');
    assert.doesNotMatch(run.stderr, /ExperimentalWarning/);
  });

  test('--esquema prints the committed schema', async () => {
    const run = await medir(['--esquema']);
    assert.equal(run.code, 0);
    assert.deepEqual(JSON.parse(run.stdout), SCHEMA);
  });
});
