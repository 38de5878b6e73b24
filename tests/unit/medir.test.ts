/**
 * The CI gate's pieces, without a network: the command line (scripts/lib/medir/options.ts), the comparison of two
 * readings (functions/readiness/compare.ts), the verdict and its exit code (scripts/lib/medir/report.ts), the baseline
 * files it accepts, the text and markdown reports (site text inert in markdown), and the committed JSON Schema
 * (docs/medir.schema.json) equal to the one generated from the zod schema. tests/integration/medir-cli.test.ts runs
 * the command itself against fixture sites.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { compareReadings } from '../../functions/readiness/compare.ts';
import type { Envelope, Verificacao } from '../../src/model/reading.ts';
import { BOT_BLOCK_LACUNA } from '../../functions/readiness/measure.ts';
import { parseMedirArgs } from '../../scripts/lib/medir/options.ts';
import { renderMarkdown, renderText } from '../../scripts/lib/medir/render.ts';
import { targetOf } from '../../scripts/lib/medir/run.ts';
import { type Criteria, judge, medirJsonSchema, medirReportSchema, parseBaseline } from '../../scripts/lib/medir/report.ts';
import { HTML_INJECTION_CASES } from '../attacks/html-injection-cases.ts';

const check = (id: string, status: Verificacao['status'], detalhe = `detalhe de ${id}`): Verificacao => ({ id, nome: `Verificação ${id}`, status, peso: 4, pontos: status === 'passou' ? 4 : 0, detalhe });

const reading = (nota: number, checks: Verificacao[], over: Partial<Envelope> = {}): Envelope => ({
  dominio: 'exemplo.com.br',
  estado: 'registrada',
  nota,
  grau: nota >= 90 ? 'A' : nota >= 50 ? 'D+' : 'F',
  camadas: [{ id: 'acesso', nome: 'Acesso de robôs', nota, verificacoes: checks }],
  lacunas: [],
  medidoEm: '2026-05-04T12:00:00.000Z',
  ...over,
});

const criteria = (over: Partial<Criteria> = {}): Criteria => ({ alvo: 'https://exemplo.com.br', notaMinima: null, linhaDeBase: null, tolerancia: 0, ...over });

describe('medir: command line', () => {
  test('defaults, every option, and the help and schema commands', () => {
    assert.deepEqual(parseMedirArgs(['exemplo.com.br']), {
      kind: 'measure',
      options: { alvo: 'exemplo.com.br', formato: 'texto', notaMinima: null, linhaDeBase: null, tolerancia: 0, salvar: null, permitirLocal: false },
    });
    assert.deepEqual(parseMedirArgs(['--formato', 'json', '--min-nota', '80', '--linha-de-base', 'base.json', '--tolerancia', '2', '--salvar', 'nova.json', '--permitir-local', 'http://localhost:4321']), {
      kind: 'measure',
      options: { alvo: 'http://localhost:4321', formato: 'json', notaMinima: 80, linhaDeBase: 'base.json', tolerancia: 2, salvar: 'nova.json', permitirLocal: true },
    });
    assert.deepEqual(parseMedirArgs(['--min-nota=0', 'x.com']).kind, 'measure');
    assert.deepEqual(parseMedirArgs(['-h']), { kind: 'help' });
    assert.deepEqual(parseMedirArgs(['--ajuda', 'x.com']), { kind: 'help' });
    assert.deepEqual(parseMedirArgs(['--esquema']), { kind: 'schema' });
  });

  test('mistakes are said in pt-BR', () => {
    const cases: [string[], RegExp][] = [
      [[], /Informe o endereço a medir/],
      [['a.com', 'b.com'], /um único endereço/],
      [['--formato', 'sarif', 'a.com'], /--formato aceita texto, json ou markdown/],
      [['--min-nota', '101', 'a.com'], /--min-nota espera um número inteiro de 0 a 100/],
      [['--min-nota', '8.5', 'a.com'], /--min-nota espera/],
      [['--min-nota', '-1', 'a.com'], /O valor de --min-nota começa com hífen: escreva --min-nota=VALOR/],
      [['--min-nota=-1', 'a.com'], /--min-nota espera um número inteiro de 0 a 100/],
      [['--tolerancia', '2', 'a.com'], /--tolerancia só vale com --linha-de-base/],
      [['--linha-de-base', '', 'a.com'], /--linha-de-base precisa do caminho/],
      [['--limite', '3', 'a.com'], /Opção desconhecida: --limite/],
      [['a.com', '--salvar'], /precisa de um valor/],
    ];
    for (const [argv, message] of cases) {
      const parsed = parseMedirArgs(argv);
      assert.equal(parsed.kind, 'error', argv.join(' '));
      assert.match((parsed as { message: string }).message, message, argv.join(' '));
    }
  });
});

describe('medir: what is measured', () => {
  test('a preview origin or any https address is reduced to its host; loopback only with --permitir-local', () => {
    const t = (alvo: string, permitirLocal = false) => targetOf({ alvo, permitirLocal });
    assert.deepEqual(t('https://deploy-preview-42--meu-site.netlify.app/pagina?x=1'), { ok: true, dominio: 'deploy-preview-42--meu-site.netlify.app' });
    assert.deepEqual(t('https://www.Exemplo.com.br'), { ok: true, dominio: 'exemplo.com.br' });
    assert.deepEqual(t('exemplo.com.br'), { ok: true, dominio: 'exemplo.com.br' });
    assert.deepEqual(t('http://localhost:4321', true), { ok: true, dominio: 'localhost:4321' });
    assert.deepEqual(t('127.0.0.1:8080', true), { ok: true, dominio: '127.0.0.1:8080' });
    assert.match((t('http://localhost:4321') as { motivo: string }).motivo, /use --permitir-local/);
    assert.match((t('https://exemplo.com.br:8443') as { motivo: string }).motivo, /sem porta/);
    assert.match((t('http://10.0.0.1') as { motivo: string }).motivo, /Endereços IP não são aceitos/);
    assert.match((t('localhost', true) as { motivo: string }).motivo, /locais ou reservados|completo/);
  });
});

describe('medir: comparing readings', () => {
  test('a check got worse when it passed and now fails or passes in part; better when it now passes', () => {
    const before = reading(90, [check('a', 'passou'), check('b', 'passou'), check('c', 'falhou'), check('d', 'parcial'), check('e', 'passou'), check('f', 'passou')]);
    const after = reading(80, [check('a', 'falhou'), check('b', 'parcial'), check('c', 'passou'), check('d', 'passou'), check('e', 'nao_se_aplica'), check('g', 'falhou')]);
    const c = compareReadings(before, after);
    assert.deepEqual(c.pioraram.map((x) => [x.verificacao, x.antes, x.agora]), [['a', 'passou', 'falhou'], ['b', 'passou', 'parcial']]);
    assert.deepEqual(c.melhoraram.map((x) => [x.verificacao, x.antes, x.agora]), [['c', 'falhou', 'passou'], ['d', 'parcial', 'passou']]);
    assert.equal(c.diferenca, -10);
    assert.equal(c.pioraram[0]!.camada, 'Acesso de robôs');
    assert.equal(c.pioraram[0]!.detalhe, 'detalhe de a', 'what the later reading observed');
  });
});

describe('medir: verdict and exit code', () => {
  test('passes with no criteria, or at the minimum; fails below it', () => {
    assert.equal(judge(criteria(), reading(40, []), null).codigoDeSaida, 0);
    assert.equal(judge(criteria({ notaMinima: 80 }), reading(80, []), null).codigoDeSaida, 0);
    const below = judge(criteria({ notaMinima: 80 }), reading(79, []), null);
    assert.equal(below.codigoDeSaida, 1);
    assert.equal(below.resultado, 'reprovada');
    assert.deepEqual(below.problemas, [{ tipo: 'nota-abaixo-do-minimo', nota: 79, minimo: 80, mensagem: 'A nota 79 está abaixo do mínimo de 80.' }]);
  });

  test('against a baseline: a drop beyond the tolerance, or a check that stopped passing, fails', () => {
    const base = reading(90, [check('a', 'passou'), check('b', 'falhou')]);
    assert.equal(judge(criteria({ linhaDeBase: 'b.json' }), reading(90, [check('a', 'passou'), check('b', 'passou')]), base).codigoDeSaida, 0);
    const dropped = judge(criteria({ linhaDeBase: 'b.json' }), reading(89, [check('a', 'passou'), check('b', 'falhou')]), base);
    assert.equal(dropped.codigoDeSaida, 1);
    assert.deepEqual(dropped.problemas.map((p) => p.tipo), ['nota-caiu']);
    assert.equal(dropped.problemas[0]!.mensagem, 'A nota caiu de 90 para 89 em relação à linha de base.');
    assert.equal(judge(criteria({ linhaDeBase: 'b.json', tolerancia: 1 }), reading(89, [check('a', 'passou'), check('b', 'falhou')]), base).codigoDeSaida, 0);
    const flipped = judge(criteria({ linhaDeBase: 'b.json', tolerancia: 5 }), reading(90, [check('a', 'falhou', 'O llms.txt sumiu.'), check('b', 'passou')]), base);
    assert.equal(flipped.codigoDeSaida, 1);
    assert.deepEqual(flipped.problemas.map((p) => p.tipo), ['verificacao-piorou']);
    assert.equal(flipped.problemas[0]!.mensagem, 'A verificação “Verificação a” (Acesso de robôs) passava na linha de base e agora falhou: O llms.txt sumiu.');
    assert.deepEqual(flipped.linhaDeBase, { dominio: 'exemplo.com.br', nota: 90, grau: 'A', medidoEm: '2026-05-04T12:00:00.000Z' });
  });

  test('an unscored reading is an invalid run (2), saying whether a bot challenge or the site could not be read', () => {
    const blocked = judge(criteria({ notaMinima: 10 }), reading(0, [], { estado: 'nao_pontuada', nota: null, grau: null, camadas: [], lacunas: [BOT_BLOCK_LACUNA], motivo: 'Um desafio anti-robô.' }), null);
    assert.equal(blocked.codigoDeSaida, 2);
    assert.deepEqual(blocked.invalida, { tipo: 'bloqueio', motivo: 'Um desafio anti-robô.' });
    const unreachable = judge(criteria(), reading(0, [], { estado: 'nao_pontuada', nota: null, grau: null, camadas: [], motivo: 'O domínio não foi encontrado no DNS.' }), null);
    assert.deepEqual(unreachable.invalida, { tipo: 'inalcancavel', motivo: 'O domínio não foi encontrado no DNS.' });
    assert.deepEqual(unreachable.problemas, []);
  });

  test('baselines: a saved reading, a JSON report, an API reading; refused when not JSON, not a reading, or unscored', () => {
    const saved = reading(90, [check('a', 'passou')]);
    assert.deepEqual(parseBaseline(JSON.stringify(saved)), { ok: true, reading: saved });
    const report = judge(criteria(), saved, null);
    assert.deepEqual(parseBaseline(JSON.stringify(report)), { ok: true, reading: saved });
    assert.deepEqual(parseBaseline(JSON.stringify({ ...saved, enderecos: { leitura: 'https://x.com/api/ia/leitura?site=x', api: 'https://x.com/api/v1/prontidao/x' } })).ok, true);
    assert.match((parseBaseline('não é json') as { reason: string }).reason, /não é JSON/);
    assert.match((parseBaseline('{"nota": 3}') as { reason: string }).reason, /não é uma leitura do medidor/);
    assert.match((parseBaseline(JSON.stringify({ ...saved, estado: 'nao_pontuada', nota: null, grau: null, motivo: 'bloqueado' })) as { reason: string }).reason, /não tem nota \(bloqueado\)/);
  });

  test('every report fits the schema of the JSON output', () => {
    const base = reading(90, [check('a', 'passou')]);
    for (const report of [
      judge(criteria({ notaMinima: 95, linhaDeBase: 'b.json' }), reading(80, [check('a', 'falhou')]), base),
      judge(criteria(), reading(0, [], { estado: 'nao_pontuada', nota: null, grau: null, camadas: [], motivo: 'x' }), null),
    ]) {
      assert.deepEqual(medirReportSchema.parse(report), report);
    }
  });
});

describe('medir: reports', () => {
  const base = reading(90, [check('a', 'passou')]);
  const report = judge(criteria({ notaMinima: 85, linhaDeBase: 'base.json' }), reading(80, [check('a', 'falhou', 'O robots.txt bloqueia o GPTBot.')]), base);

  test('text: the verdict, why, the criteria, what changed, the layers', () => {
    const text = renderText(report);
    assert.match(text, /^Medição de exemplo\.com\.br: nota 80 de 100, grau D\+\. Medida em 2026-05-04 12:00 UTC\.\n/);
    assert.match(text, /\nResultado: REPROVADA \(código de saída 1\)\.\n {2}- A nota 80 está abaixo do mínimo de 85\.\n {2}- A nota caiu de 90 para 80 em relação à linha de base\.\n/);
    assert.match(text, /\nCritérios: nota mínima 85; linha de base base\.json \(exemplo\.com\.br: nota 90, grau A, 2026-05-04 12:00 UTC\)\.\n/);
    assert.match(text, /\nEm relação à linha de base: nota 90 → 80 \(−10\)\.\n {2}Pioraram: Verificação a \(passou → falhou\)\.\n/);
    assert.match(text, /\nCamadas:\n {2}- Acesso de robôs: 80 de 100\n/);
  });

  test('markdown: a heading with the verdict, tables of changes and layers', () => {
    const text = renderMarkdown(report);
    assert.match(text, /^## ❌ Prontidão para IA de exemplo\.com\.br: reprovada\n/);
    assert.match(text, /\| Verificação a \| Acesso de robôs \| passou \| falhou \|/);
    assert.match(text, /\| Acesso de robôs \| 80 \|/);
  });

  test('markdown: text that came from the measured site is inert (no links, images or HTML)', () => {
    for (const { name, value } of [...HTML_INJECTION_CASES, { name: 'markdown link and image', value: '[clique](https://mal.example) ![x](https://mal.example/x.png) **negrito** `código` | coluna' }]) {
      const hostile = judge(criteria({ linhaDeBase: 'b.json' }), reading(80, [{ ...check('a', 'falhou', value), nome: value }], { camadas: [{ id: 'x', nome: value, nota: 80, verificacoes: [{ ...check('a', 'falhou', value), nome: value }] }], lacunas: [{ verificacao: 'a', camada: 'x', severidade: 'alta', titulo: value, porque: value, comoCorrigir: value }] }), base);
      const out = renderMarkdown(hostile);
      assert.doesNotMatch(out, /(?<!\\)<[a-z!/]|(?<!\\)\]\(|(?<!\\)!\[/i, name);
      assert.equal(out.split('\n').filter((l) => l.startsWith('|')).every((l) => (l.match(/(?<!\\)\|/g) ?? []).length === 5 || (l.match(/(?<!\\)\|/g) ?? []).length === 3), true, `${name}: colunas intactas`);
    }
  });
});

describe('medir: JSON Schema', () => {
  test('docs/medir.schema.json is the schema generated from the zod schema (npm run --silent medir -- --esquema > docs/medir.schema.json)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/medir.schema.json', import.meta.url), 'utf8'));
    assert.deepEqual(committed, medirJsonSchema(), 'docs/medir.schema.json desatualizado: rode npm run --silent medir -- --esquema > docs/medir.schema.json');
  });
});
