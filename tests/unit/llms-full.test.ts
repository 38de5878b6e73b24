/** llms-full.txt's size bound. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderLlmsFull } from '../../src/lib/llms-full.ts';
import { LLMS_FULL_MAX_CHARS } from '../../src/model/llms.ts';

const ORIGIN = 'https://exemplo.com.br';
const twin = (i: number, size: number) => `# Página ${i}\n\n${'palavra '.repeat(Math.ceil(size / 8)).slice(0, size)}\n`;

describe('renderLlmsFull', () => {
  test('a site under the bound: every twin, in order, separated by rules, nothing added', () => {
    const twins = [twin(1, 100), twin(2, 100), twin(3, 100)];
    assert.equal(renderLlmsFull(twins, ORIGIN), twins.join('\n---\n\n'));
  });

  test('a site over the bound: the first twins that fit, then a closing section that counts them and points at the rest', () => {
    const twins = Array.from({ length: 50 }, (_, i) => twin(i + 1, 1_000));
    const max = 20_000;
    const out = renderLlmsFull(twins, ORIGIN, max);
    assert.ok(out.length <= max, `${out.length} > ${max}`);
    const kept = out.split('\n---\n\n');
    const closing = kept.pop() ?? '';
    assert.ok(kept.length >= 17 && kept.length < 20, `${kept.length} twins kept`);
    assert.deepEqual(kept, twins.slice(0, kept.length), 'whole twins, the first ones, never a cut one');
    assert.match(closing, new RegExp(`^## Demais páginas\\n\\nEste arquivo reúne ${kept.length} das 50 páginas do site, até o limite de 20\\.000 caracteres\\.`));
    assert.ok(closing.includes(`${ORIGIN}/llms.txt`) && closing.includes(`${ORIGIN}/sitemap.xml`) && closing.includes(`${ORIGIN}/index.md`));
    assert.match(out, /^# Página 1\n/, 'still starts with an H1');
  });

  test('the bound is what the readers accept: 5 million characters, and 5,000 articles stay within it', () => {
    assert.equal(LLMS_FULL_MAX_CHARS, 5_000_000);
    const twins = Array.from({ length: 5_000 }, (_, i) => twin(i + 1, 6_000));
    const out = renderLlmsFull(twins, ORIGIN);
    assert.ok(out.length <= LLMS_FULL_MAX_CHARS && out.length > LLMS_FULL_MAX_CHARS - 7_000, String(out.length));
  });
});
