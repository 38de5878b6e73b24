/**
 * Every built HTML page passes the Nu HTML Checker (vnu.jar, the W3C validator's engine) with no error, but for
 * the commented allow-list (tests/helpers/vnu.ts): the WebMCP declarative form attributes, which the checker does not know yet.
 * Runs over dist/ as built by `npm test`. Needs Java: skipped loudly outside CI when it is missing, fails in CI.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { requireVnu, runVnu, VNU_HTML_ALLOWED } from '../helpers/vnu.ts';

const skip = requireVnu();
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

describe('Nu HTML Checker (vnu) sobre dist/', { skip }, () => {
  test('nenhum erro de HTML nas páginas publicadas', () => {
    assert.ok(existsSync(`${DIST}index.html`), 'dist/ sem index.html: rode pelo `npm test`, que faz o build antes');
    const messages = runVnu(['--skip-non-html', '--errors-only', DIST]);
    const found = messages
      .filter((m) => m.type !== 'info' && !VNU_HTML_ALLOWED.some((a) => a.pattern.test(m.message)))
      .map((m) => `${(m.url ?? '').replace(/^file:.*?\/dist\//, 'dist/')}:${m.lastLine ?? '?'}: ${m.message}`);
    assert.deepEqual(found, []);
  });
});
