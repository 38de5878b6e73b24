/** Text helpers the twins, the search index and the templates share. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatDate, isoDay, markdownToText, twinBodyText, wordCount } from '../../src/lib/text.ts';
import { mulberry32 } from '../../scripts/lib/prng.ts';

describe('twinBodyText', () => {
  test('drops the four header blocks and reduces the markdown to text', () => {
    const md = '# Título\n\n> Descrição\n\nURL canônica: https://x/y\n\nAtualizado em 2026-11-01\n\n## Seção\n\nUm [link](https://x/z) e **ênfase**.\n';
    assert.equal(twinBodyText(md), 'Seção Um link e ênfase .');
  });
  test('a twin with nothing after its header has no text', () => {
    assert.equal(twinBodyText('# T\n\n> D\n\nURL canônica: u\n\nAtualizado em 2026-11-01\n'), '');
  });
});

describe('markdownToText', () => {
  test('every whitespace run becomes one space, as /\\s+/ would make it', () => {
    const random = mulberry32(0x7e57);
    const alphabet = [' ', ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff', 'a', 'é', '1'];
    for (let i = 0; i < 20_000; i++) {
      let s = 'x';
      for (let j = Math.floor(random() * 14); j >= 0; j--) s += alphabet[Math.floor(random() * alphabet.length)];
      s += 'y';
      assert.equal(markdownToText(s), s.replace(/\s+/g, ' '), JSON.stringify(s));
    }
  });
  test('markdown syntax goes, the words stay', () => {
    assert.equal(markdownToText('## Título\n\n- um *item* com [link](/x)\n- `código`\n\n> citação'), 'Título um item com link código citação');
    assert.equal(wordCount('## Título\n\n- um *item* com [link](/x)'), 5);
  });
});

describe('dates', () => {
  test('formatted in pt-BR and as ISO days, the same on every call for the same date', () => {
    const d = new Date(Date.UTC(2026, 10, 22));
    assert.equal(formatDate(d), '22 de novembro de 2026');
    assert.equal(isoDay(d), '2026-11-22');
    assert.equal(formatDate(d), '22 de novembro de 2026');
    assert.equal(isoDay(new Date(Date.UTC(2025, 0, 5))), '2025-01-05');
  });
});
