/** llms-full.txt's size bound. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderLlmsFull } from '../../src/lib/llms-full.ts';
import { LLMS_FULL_MAX_CHARS } from '../../src/model/llms.ts';

const ORIGIN = 'https://exemplo.com.br';
const same = (t: string) => t;
const twin = (i: number, size: number) => `# Página ${i}\n\n${'palavra '.repeat(Math.ceil(size / 8)).slice(0, size)}\n`;

describe('renderLlmsFull', () => {
  test('a site under the bound: every twin, in order, separated by rules, nothing added', async () => {
    const twins = [twin(1, 100), twin(2, 100), twin(3, 100)];
    assert.equal(await renderLlmsFull(twins, same, ORIGIN), twins.join('\n---\n\n'));
  });

  test('a site over the bound: the first twins that fit, then a closing section that counts them and points at the rest', async () => {
    const twins = Array.from({ length: 50 }, (_, i) => twin(i + 1, 1_000));
    const max = 20_000;
    const out = await renderLlmsFull(twins, same, ORIGIN, max);
    assert.ok(out.length <= max, `${out.length} > ${max}`);
    const kept = out.split('\n---\n\n');
    const closing = kept.pop() ?? '';
    assert.ok(kept.length >= 17 && kept.length < 20, `${kept.length} twins kept`);
    assert.deepEqual(kept, twins.slice(0, kept.length), 'whole twins, the first ones, never a cut one');
    assert.match(closing, new RegExp(`^## Demais páginas\\n\\nEste arquivo reúne ${kept.length} das 50 páginas do site, até o limite de 20\\.000 caracteres\\.`));
    assert.ok(closing.includes(`${ORIGIN}/llms.txt`) && closing.includes(`${ORIGIN}/sitemap.xml`) && closing.includes(`${ORIGIN}/index.md`));
    assert.match(out, /^# Página 1\n/, 'still starts with an H1');
  });

  test('renders twins only while they may fit: a few past the bound, never every page', async () => {
    const twins = Array.from({ length: 500 }, (_, i) => twin(i + 1, 1_000));
    const rendered: number[] = [];
    const out = await renderLlmsFull(twins.map((_, i) => i), (i) => (rendered.push(i), twins[i]!), ORIGIN, 20_000);
    assert.deepEqual(rendered, Array.from({ length: rendered.length }, (_, i) => i), 'in order, one at a time');
    assert.ok(rendered.length <= 21, `${rendered.length} twins rendered for about 19 kept`);
    assert.equal(out, await renderLlmsFull(twins, same, ORIGIN, 20_000), 'the same file as from every twin');
  });

  test('the bound is what the readers accept: 5 million characters, and 5,000 articles stay within it', async () => {
    assert.equal(LLMS_FULL_MAX_CHARS, 5_000_000);
    const twins = Array.from({ length: 5_000 }, (_, i) => twin(i + 1, 6_000));
    const out = await renderLlmsFull(twins, same, ORIGIN);
    assert.ok(out.length <= LLMS_FULL_MAX_CHARS && out.length > LLMS_FULL_MAX_CHARS - 7_000, String(out.length));
  });
});
