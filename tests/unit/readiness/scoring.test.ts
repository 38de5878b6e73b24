import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { INTERFACE_CHECKS } from '../../../functions/readiness/checks/api-signals.ts';
import { CHECKS } from '../../../functions/readiness/checks/index.ts';
import { ROBOTS_BLOCK_CREDIT, ROBOTS_CAP_SHARE } from '../../../functions/readiness/checks/robots-ia.ts';
import { ROBOTS_ABSENT_CREDIT } from '../../../functions/readiness/checks/robots-txt.ts';
import { SAMPLE_MAX } from '../../../functions/readiness/context.ts';
import { MAX_REQUESTS } from '../../../functions/readiness/measure.ts';
import type { CheckDefinition, CheckOutcome } from '../../../functions/readiness/checks/types.ts';
import { envelopeSchema, GRAUS } from '../../../src/model/reading.ts';
import { CAMADAS, GRADE_TABLE, gradeFor, PESOS, score, TETOS } from '../../../functions/readiness/scoring.ts';
import { AI_AGENT_KINDS, AI_AGENTS } from '../../../src/model/ai-agents.ts';

const root = new URL('../../../', import.meta.url);
const check = (id: string, camada: CheckDefinition['camada'], severidade: CheckDefinition['severidade'], dependeDe?: string): CheckDefinition => ({
  id,
  nome: id,
  camada,
  severidade,
  titulo: `Lacuna ${id}`,
  porque: 'Porque importa.',
  comoCorrigir: 'Como corrigir.',
  dependeDe,
  run: async () => ({ status: 'passou', detalhe: '' }),
});

describe('grade table', () => {
  test('boundaries', () => {
    const cases: [number, string][] = [[100, 'A+'], [95, 'A+'], [94, 'A'], [90, 'A'], [89, 'A-'], [85, 'A-'], [84, 'B+'], [75, 'B'], [70, 'B-'], [65, 'C+'], [60, 'C'], [55, 'C-'], [50, 'D+'], [45, 'D'], [40, 'D-'], [39, 'F'], [0, 'F']];
    for (const [nota, grau] of cases) assert.equal(gradeFor(nota), grau, String(nota));
  });
  test('covers every grade of the envelope, best first', () => {
    assert.deepEqual(GRADE_TABLE.map(([, g]) => g), [...GRAUS]);
    for (let i = 1; i < GRADE_TABLE.length; i++) assert.ok((GRADE_TABLE[i - 1]?.[0] ?? 0) > (GRADE_TABLE[i]?.[0] ?? 0));
  });
});

describe('score', () => {
  test('weights, partial credit and not-applicable checks left out', () => {
    const results: { check: CheckDefinition; outcome: CheckOutcome }[] = [
      { check: check('a', 'acesso', 'critica'), outcome: { status: 'passou', detalhe: '' } },
      { check: check('b', 'acesso', 'alta'), outcome: { status: 'parcial', credito: 0.5, detalhe: '' } },
      { check: check('c', 'agentes', 'media'), outcome: { status: 'falhou', detalhe: '' } },
      { check: check('d', 'agentes', 'baixa'), outcome: { status: 'nao_se_aplica', detalhe: '' } },
    ];
    const s = score(results);
    // (10 + 3.5) / (10 + 7 + 4) = 64.28… → 64
    assert.equal(s.nota, 64);
    assert.equal(s.grau, 'C');
    const acesso = s.camadas.find((c) => c.id === 'acesso');
    assert.equal(acesso?.nota, Math.floor((13.5 / 17) * 100));
    assert.equal(s.camadas.find((c) => c.id === 'agentes')?.nota, 0);
    assert.equal(s.camadas.find((c) => c.id === 'dados')?.nota, null, 'a layer without applicable checks has no score');
    assert.deepEqual(s.lacunas.map((l) => l.verificacao), ['b', 'c'], 'partial and failed checks become lacunas, most severe first');
    assert.equal(s.camadas.flatMap((c) => c.verificacoes).find((v) => v.id === 'd')?.pontos, 0);
  });
  test('a fatal gap caps the score; the lowest cap wins', () => {
    const results = [
      { check: check('a', 'acesso', 'critica'), outcome: { status: 'falhou', detalhe: '', teto: { nota: 39, motivo: 'robôs bloqueados' } } as CheckOutcome },
      { check: check('b', 'conteudo', 'critica'), outcome: { status: 'passou', detalhe: '' } as CheckOutcome },
      ...Array.from({ length: 20 }, (_, i) => ({ check: check(`x${i}`, 'dados', 'alta'), outcome: { status: 'passou', detalhe: '' } as CheckOutcome })),
    ];
    const s = score(results);
    assert.equal(s.nota, 39);
    assert.equal(s.grau, 'F');
    assert.deepEqual(s.teto, { nota: 39, motivo: 'robôs bloqueados' });
  });
  test('a cap that does not lower the score is not reported', () => {
    const s = score([{ check: check('a', 'acesso', 'critica'), outcome: { status: 'falhou', detalhe: '', teto: { nota: 39, motivo: 'x' } } }]);
    assert.equal(s.nota, 0);
    assert.equal(s.teto, undefined);
  });
  test('children of a failed check do not repeat its lacuna', () => {
    const s = score([
      { check: check('pai', 'descoberta', 'alta'), outcome: { status: 'falhou', detalhe: '' } },
      { check: check('filho', 'descoberta', 'media', 'pai'), outcome: { status: 'falhou', detalhe: '' } },
    ]);
    assert.deepEqual(s.lacunas.map((l) => l.verificacao), ['pai']);
    assert.equal(s.nota, 0, 'the child still counts as failed');
  });
});

describe('check registry', () => {
  test('one file per check, ids unique and equal to the file names', () => {
    const dir = fileURLToPath(new URL('functions/readiness/checks/', root));
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !['index.ts', 'types.ts', 'api-signals.ts'].includes(f)).map((f) => f.slice(0, -3));
    assert.deepEqual([...files].sort(), CHECKS.map((c) => c.id).sort());
    assert.equal(new Set(CHECKS.map((c) => c.id)).size, CHECKS.length);
  });
  test('every check has a layer, a weight and pt-BR explanation and fix', () => {
    const layers = new Set(CAMADAS.map((c) => c.id));
    for (const c of CHECKS) {
      assert.ok(layers.has(c.camada), c.id);
      assert.ok(PESOS[c.severidade] > 0, c.id);
      assert.ok(c.porque.length >= 60 && c.comoCorrigir.length >= 40 && c.titulo.length >= 10, c.id);
      if (c.dependeDe) assert.ok(CHECKS.some((x) => x.id === c.dependeDe), c.id);
    }
  });
  test('covers the union of the other scanners', () => {
    const ids = new Set(CHECKS.map((c) => c.id));
    for (const id of [
      'robots-txt', 'robots-ia', 'content-signals', 'sitemap', 'link-headers', 'llms-txt', 'llms-txt-valido', 'llms-txt-links', 'llms-txt-markdown',
      'llms-full-txt', 'markdown-gemeo', 'negociacao-markdown', 'texto-no-servidor', 'peso-da-pagina', 'json-ld', 'schema-organizacao',
      'titulo-descricao', 'canonical', 'idioma', 'openapi', 'api-catalog', 'oauth-recurso-protegido', 'oauth-servidor', 'mcp-cartao',
      'mcp-ao-vivo', 'a2a-cartao', 'agent-skills', 'webmcp', 'web-bot-auth', 'https', 'hsts', 'cabecalhos-seguranca', 'tempo-de-resposta',
      'acessibilidade', 'estabilidade-visual', 'status-http', 'cache', 'llms-txt-ponteiro', 'llms-txt-tamanho', 'links-nos-gemeos',
    ]) assert.ok(ids.has(id), id);
  });
  test('every camada has checks', () => {
    for (const camada of CAMADAS) assert.ok(CHECKS.some((c) => c.camada === camada.id), camada.id);
  });
});

describe('the published method (como-pontuamos.md) matches the scorer', () => {
  const page = readFileSync(new URL('content/paginas/diagnostico-de-visibilidade-cognitiva/como-pontuamos.md', root), 'utf8');
  const rows = (re: RegExp) => [...page.matchAll(re)];
  test('grade table', () => {
    const published = rows(/^\| (\d+) a (\d+) \| ([A-F][+-]?) \|$/gm).map((m) => [Number(m[1]), m[3]]);
    assert.deepEqual(published, GRADE_TABLE.map(([min, g]) => [min, g]));
    assert.match(page, /\| 95 a 100 \| A\+ \|/);
  });
  test('weights per severity', () => {
    assert.match(page, new RegExp(`crítica vale ${PESOS.critica}, alta vale ${PESOS.alta}, média vale ${PESOS.media} e baixa vale ${PESOS.baixa}`));
  });
  test('every check with its layer and weight', () => {
    const published = rows(/^\| (.+) \| `([a-z0-9-]+)` \| (crítica|alta|média|baixa) \| (\d+) \|$/gm);
    assert.equal(published.length, CHECKS.length);
    const names = { critica: 'crítica', alta: 'alta', media: 'média', baixa: 'baixa' } as const;
    for (const c of CHECKS) {
      const row = published.find((m) => m[2] === c.id);
      assert.ok(row, c.id);
      assert.equal(row?.[1], c.nome);
      assert.equal(row?.[3], names[c.severidade]);
      assert.equal(Number(row?.[4]), PESOS[c.severidade]);
    }
    // The tables are in layer order, under the layer's heading.
    for (const camada of CAMADAS) assert.match(page, new RegExp(`^### ${camada.nome}$`, 'm'));
    assert.match(page, new RegExp(`São ${CHECKS.length} verificações em seis camadas`));
    assert.match(page, new RegExp(`As ${CHECKS.length} verificações`));
  });
  test('caps', () => {
    assert.match(page, new RegExp(`robots.txt[^\\n]*nota máxima ${TETOS.robosDeIaBloqueados}`));
    assert.match(page, new RegExp(`JavaScript[^\\n]*nota máxima ${TETOS.semTextoNoServidor}`));
  });
  test('agent interfaces count only with evidence: the same checks on the page as in the code', () => {
    const rule = /Sem nenhum desses sinais, as verificações ([^\n]*?) ficam de fora da conta/.exec(page)?.[1] ?? '';
    assert.deepEqual([...rule.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]).sort(), [...INTERFACE_CHECKS].sort());
    for (const id of INTERFACE_CHECKS) assert.equal(CHECKS.find((c) => c.id === id)?.camada, 'agentes', id);
    assert.match(page, /Um site sem API pode tirar A\+\?"\n\s+resposta: "Pode\./);
  });
  test('sample size, request bound and the absent robots.txt credit', () => {
    assert.match(page, new RegExp(`\\*\\*até ${SAMPLE_MAX} páginas\\*\\*`));
    assert.match(page, new RegExp(`até ${SAMPLE_MAX - 1} outras páginas`));
    assert.match(page, new RegExp(`no máximo ${MAX_REQUESTS} no total`));
    assert.equal(ROBOTS_ABSENT_CREDIT, 0.5);
    assert.match(page, /robots\.txt ausente \(erro 4xx\)\*\* vale metade do peso/);
  });
  test('the robots-ia rule: the agents, their classes, the price of any block and the share that caps', () => {
    const operators = new Set(AI_AGENTS.map((a) => a.operador)).size;
    assert.match(page, new RegExp(`cada um dos ${AI_AGENTS.length} robôs de IA conhecidos, de ${operators} operadores`));
    assert.equal(AI_AGENT_KINDS.length, 3);
    assert.match(page, /três classes: treinamento, busca \(.*\) e usuário/);
    assert.match(page, new RegExp(`deixa ${Math.round(ROBOTS_BLOCK_CREDIT * 100)}% do peso de \`robots-ia\``));
    // A training-only block costs more than what a robots.txt earns over none (the relation the page promises).
    assert.ok(PESOS.critica * (1 - ROBOTS_BLOCK_CREDIT) > PESOS.alta * (1 - ROBOTS_ABSENT_CREDIT));
    const shares: Record<string, number> = { 'um terço': 1 / 3, metade: 1 / 2, 'um quarto': 1 / 4 };
    const published = /bloqueados em pelo menos (um terço|metade|um quarto) dos pares robô × página lidos[^\n]*nota máxima (\d+)/.exec(page);
    assert.equal(shares[published?.[1] ?? ''], ROBOTS_CAP_SHARE);
    assert.equal(Number(published?.[2]), TETOS.robosDeIaBloqueados);
    assert.match(page, new RegExp(`só quando esses robôs ficam fora de pelo menos ${published?.[1]} dos pares robô × página lidos a nota fica limitada a ${TETOS.robosDeIaBloqueados}`));
  });
  test('every estado of the envelope is documented', () => {
    for (const estado of envelopeSchema.shape.estado.options) assert.match(page, new RegExp(`\\| \`${estado}\` \\|`));
  });
});
