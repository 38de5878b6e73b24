/**
 * The firm's facts with every one filled: a throwaway copy of the project (scripts/lib/project-copy.ts) is built
 * with the fictitious facts of tests/helpers/company.ts, and each fact must reach the footer, /contato and /sobre
 * and their twins, the Organization JSON-LD and llms.txt. A real build (about 10 s), so only `npm test` runs it.
 */
import assert from 'node:assert/strict';
import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PROJECT_ROOT, buildProjectCopy, copyProject } from '../../scripts/lib/project-copy.ts';
import { FILLED_COMPANY, FILLED_TEXTS, companyPlaces } from '../helpers/company.ts';

let dir = '';
let places: Record<string, string>;
let output = '';
let code: number | null = null;

before(async () => {
  dir = await copyProject('company-facts');
  await writeFile(join(dir, 'content/empresa.json'), JSON.stringify(FILLED_COMPANY, null, 2));
  // The functions' data the pages import, from the build `npm test` has just made (this build rewrites it).
  await cp(join(PROJECT_ROOT, '.generated'), join(dir, '.generated'), { recursive: true });
  ({ code, output } = await buildProjectCopy(dir, { CONTEXT: 'production' }));
  assert.equal(code, 0, output);
  places = await companyPlaces(join(dir, 'dist'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('company facts, every one filled, in a real build', () => {
  test('each fact appears in the footer, /contato, /sobre, their twins, the JSON-LD and llms.txt', () => {
    for (const [place, text] of Object.entries(places)) {
      for (const fact of FILLED_TEXTS) {
        // The JSON-LD writes hours and the phone in schema.org's form and the profiles in full.
        const expected =
          place === 'JSON-LD'
            ? ({ 'segunda a sexta, das 9h às 18h': 'https://schema.org/Monday', '+55 11 3000-0000': '+551130000000', '+55 11 93000-0001': null, 'https://cal.com/sinal-cognitivo-teste': null } as Record<string, string | null>)[fact]
            : fact;
        if (expected === null) continue;
        assert.ok(text.includes(expected ?? fact), `${place}: ${expected ?? fact}`);
      }
    }
  });
  test('with every trust fact filled, a production build gives no warning', () => {
    assert.doesNotMatch(output, /faltam fatos/);
  });
});
