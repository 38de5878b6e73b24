/**
 * The result in the buyer's words (issue 20, item 1): every check of the registry has its fix in a marketing
 * manager's words (functions/readiness/buyer-words.ts), without the developer's jargon; every grade has a verdict;
 * and the fixes that matter most are ranked by impact, then effort (functions/readiness/priorities.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CHECK_WORDS, verdictFor } from '../../../functions/readiness/buyer-words.ts';
import { CHECKS } from '../../../functions/readiness/checks/index.ts';
import type { Envelope, Lacuna } from '../../../src/model/reading.ts';
import { MAX_FIXES, topFixes } from '../../../functions/readiness/priorities.ts';
import { GRAUS } from '../../../src/model/measurement.ts';
import { sampleReading } from '../../helpers/readings.ts';

/** What a marketing manager should not have to read: standards' numbers, headers, field and file names, "(s)" plurals. */
const JARGON = [
  /\bRFC\b/,
  /Accept:/i,
  /\bheader\b|cabeçalho/i,
  /text\/markdown|markdown/i,
  /robots\.txt|llms(-full)?\.txt|sitemap|JSON-LD|schema\.org|OpenAPI|OAuth|HSTS|Cache-Control|Disallow|\bHTML\b|\bHTTP\b|\b40[0-9]\b|\b50[0-9]\b/i,
  /`|\/\.well-known/,
  /\p{L}\((?:s|es|ns|is|ões)\)/u,
  /\b[a-z]+[A-Z][a-zA-Z]*\b/, // camelCase: a field name
];

describe('the buyer words of every check', () => {
  test('one entry per check of the registry, and none for a check that does not exist', () => {
    const ids = CHECKS.map((c) => c.id).sort();
    assert.deepEqual(ids.filter((id) => !CHECK_WORDS[id]), [], 'checks without buyer words');
    assert.deepEqual(Object.keys(CHECK_WORDS).filter((id) => !ids.includes(id)), [], 'buyer words of no check');
  });

  test('a title and one or two sentences, in plain words, each title its own', () => {
    const titles = new Set<string>();
    for (const [id, words] of Object.entries(CHECK_WORDS)) {
      assert.ok(words.titulo.length >= 10 && words.titulo.length <= 80, `${id}: título com ${words.titulo.length} caracteres`);
      assert.ok(!titles.has(words.titulo), `${id}: título repetido`);
      titles.add(words.titulo);
      assert.match(words.explicacao, /^\p{Lu}.*[.!]$/u, `${id}: a explicação é uma frase completa`);
      const sentences = words.explicacao.split(/(?<=[.!?])\s+(?=\p{Lu})/u).length;
      assert.ok(sentences >= 1 && sentences <= 3, `${id}: ${sentences} frases`);
      for (const pattern of JARGON) {
        for (const text of [words.titulo, words.explicacao]) assert.doesNotMatch(text, pattern, `${id}: jargão em “${text}”`);
      }
      assert.ok(['baixo', 'medio', 'alto'].includes(words.esforco), id);
    }
  });
});

describe('the verdict', () => {
  test('every grade has one, in plain words, worse grades say worse things', () => {
    const seen = new Map<string, string>();
    for (const grau of GRAUS) {
      const verdict = verdictFor({ estado: 'registrada', grau });
      for (const pattern of JARGON) assert.doesNotMatch(`${verdict.titulo} ${verdict.texto}`, pattern, grau);
      assert.match(verdict.texto, /IA/, `${grau}: fala de IA`);
      seen.set(grau, verdict.titulo);
    }
    assert.equal(seen.get('A+'), seen.get('A-'), 'A+, A and A- share the words');
    assert.notEqual(seen.get('A'), seen.get('F'));
    assert.match(verdictFor({ estado: 'registrada', grau: 'F' }).titulo, /invisível/);
  });

  test('a capped score says so in plain words; an unscored reading says why there is no grade', () => {
    const capped = verdictFor({ estado: 'registrada', grau: 'F', teto: { nota: 39, motivo: 'robôs de IA bloqueados no robots.txt' } });
    assert.match(capped.limitada ?? '', /^Um problema grave limita a nota a 39/);
    assert.equal(verdictFor({ estado: 'registrada', grau: 'C' }).limitada, undefined);
    const unscored = verdictFor({ estado: 'nao_pontuada', grau: null });
    assert.match(unscored.titulo, /Não conseguimos ler o site/);
  });
});

describe('the fixes that matter most', () => {
  const lacuna = (verificacao: string, severidade: Lacuna['severidade']): Lacuna => ({ verificacao, camada: 'descoberta', severidade, titulo: `técnico ${verificacao}`, porque: 'porque', comoCorrigir: 'como' });
  const reading = (checks: [id: string, severidade: Lacuna['severidade'], peso: number, pontos: number][]): Pick<Envelope, 'camadas' | 'lacunas'> => ({
    camadas: [{ id: 'descoberta', nome: 'Descoberta', nota: 0, verificacoes: checks.map(([id, , peso, pontos]) => ({ id, nome: id, status: pontos ? 'parcial' : 'falhou', peso, pontos, detalhe: '' })) }],
    lacunas: checks.map(([id, severidade]) => lacuna(id, severidade)),
  });

  test('gravest first, then what costs the score most, then the least effort; at most five', () => {
    const fixes = topFixes(
      reading([
        ['cache', 'baixa', 2, 0],
        ['tempo-de-resposta', 'media', 4, 0], // effort: alto
        ['status-http', 'media', 4, 0], // effort: medio
        ['content-signals', 'media', 4, 0], // effort: baixo
        ['sitemap', 'alta', 7, 3.5], // lost 3.5
        ['llms-txt', 'alta', 7, 0], // lost 7
        ['texto-no-servidor', 'critica', 10, 0],
      ]),
    );
    assert.deepEqual(
      fixes.map((f) => f.verificacao),
      ['texto-no-servidor', 'llms-txt', 'sitemap', 'content-signals', 'status-http'],
    );
    assert.equal(fixes.length, MAX_FIXES);
    assert.deepEqual(fixes.map((f) => f.impacto), ['muito alto', 'alto', 'alto', 'médio', 'médio']);
    assert.equal(fixes[0]!.titulo, CHECK_WORDS['texto-no-servidor']!.titulo, 'in the buyer words');
    assert.equal(fixes[2]!.pontosPerdidos, 3.5);
  });

  test('fewer lacunas, fewer fixes; none, none', () => {
    assert.equal(topFixes(reading([['cache', 'baixa', 2, 0], ['hsts', 'media', 4, 0]])).length, 2);
    assert.deepEqual(topFixes(reading([])), []);
  });

  test('a realistic reading: three to five fixes, each in the buyer words of its check', () => {
    const fixes = topFixes(sampleReading('exemplo.com.br'));
    assert.ok(fixes.length >= 3 && fixes.length <= 5, String(fixes.length));
    for (const fix of fixes) assert.equal(fix.explicacao, CHECK_WORDS[fix.verificacao]!.explicacao);
  });
});
