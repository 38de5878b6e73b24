/**
 * The standards table (src/model/agent-standards.ts) is the one source of the revisions: the standards page
 * (/agentes/padroes) and the method page name the same revision for every standard and the same checks, every
 * check it names exists, and every verdict a check gives takes its revision from the table.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { CHECKS } from '../../functions/readiness/checks/index.ts';
import { LEGACY_CREDIT, revisionOf, verdictSentence, withVerdict } from '../../functions/readiness/revision.ts';
import { AGENT_STANDARDS } from '../../src/model/agent-standards.ts';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const ids = (list: readonly string[]) => list.map((id) => `\`${id}\``).join(', ');

describe('the standards table', () => {
  test('every check it names is a registered check, and every new check of issue 21 is named', () => {
    const registered = new Set(CHECKS.map((c) => c.id));
    for (const s of AGENT_STANDARDS) for (const id of s.verificacoes) assert.ok(registered.has(id), `${s.id}: ${id}`);
    const named = new Set(AGENT_STANDARDS.flatMap((s) => s.verificacoes));
    for (const id of ['ard', 'nlweb', 'content-usage', 'pagamento-402', 'web-bot-auth']) assert.ok(named.has(id), id);
  });
});

describe('/agentes/padroes names each standard, the revision served and checked, and its checks', () => {
  const page = read('content/paginas/agentes/padroes.md');
  for (const s of AGENT_STANDARDS) {
    test(s.nome, () => {
      const start = page.indexOf(`\n## ${s.nome}\n`);
      assert.ok(start !== -1, `seção ## ${s.nome}`);
      const end = page.indexOf('\n## ', start + 4);
      const section = page.slice(start, end === -1 ? undefined : end);
      assert.ok(section.includes(`\n- **Revisão servida e verificada:** ${s.revisao}\n`), `${s.nome}: revisão ${s.revisao}`);
      assert.ok(section.includes(`\n- **Verificações:** ${ids(s.verificacoes)}`), `${s.nome}: verificações`);
      for (const field of ['Formas anteriores aceitas', 'O que servimos', 'O que mudou em 2026']) assert.ok(section.includes(`- **${field}:** `), `${s.nome}: ${field}`);
    });
  }
});

describe('the method page names each check’s revision', () => {
  const page = read('content/paginas/diagnostico-de-visibilidade-cognitiva/como-pontuamos.md');
  const rows = [...page.matchAll(/^\| ([^|]+) \| ([^|]+) \| ([^|]+) \| ((?:`[a-z0-9-]+`(?:, )?)+) \|$/gm)];
  test('one row per standard: name, revision, checks', () => {
    assert.equal(rows.length, AGENT_STANDARDS.length);
    for (const s of AGENT_STANDARDS) {
      const row = rows.find((r) => r[1] === s.nome);
      assert.ok(row, s.nome);
      assert.equal(row?.[2], s.revisao, s.nome);
      assert.equal(row?.[4], ids(s.verificacoes), s.nome);
    }
  });
  test('the legacy credit it states is the scorer’s', () => {
    assert.equal(LEGACY_CREDIT, 0.75);
    assert.match(page, /\*\*legado\*\*: [^\n]*vale 3\/4 do peso/);
  });
});

describe('verdicts', () => {
  test('atual passes, legado is accepted with its migration note as the fix, invalido fails', () => {
    const atual = withVerdict('Catálogo lido.', revisionOf('ard', 'atual'));
    assert.equal(atual.status, 'passou');
    assert.equal(atual.detalhe, 'Catálogo lido. Forma atual (ARD (Agentic Resource Discovery) v0.91 (2026-08-26)).');
    const legado = withVerdict('Catálogo lido.', revisionOf('ard', 'legado', { forma: 'v0.9', migracao: 'Renomeie.' }));
    assert.deepEqual([legado.status, legado.credito, legado.comoCorrigir], ['parcial', LEGACY_CREDIT, 'Renomeie.']);
    const invalido = withVerdict('x', revisionOf('ard', 'invalido', { migracao: 'Corrija.' }));
    assert.deepEqual([invalido.status, invalido.comoCorrigir], ['falhou', 'Corrija.']);
    assert.match(verdictSentence(revisionOf('nlweb', 'legado', { forma: '0.54' })), /^Forma anterior aceita \(0\.54\); a atual é NLWeb 0\.55\.$/);
  });
});
