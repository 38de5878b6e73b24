/**
 * Every built HTML page passes the Nu HTML Checker (vnu.jar, the W3C validator's engine) with no error, but for
 * the commented allow-list: the WebMCP declarative form attributes, which the checker does not know yet.
 * Runs over dist/ as built by `npm test`. Needs Java: skipped loudly outside CI when it is missing, fails in CI.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { requireSystem, which } from '../helpers/system.ts';

const skip = requireSystem('java', 'default-jre-headless');
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Not defects. WebMCP's declarative API (W3C Community Group draft, declarative-api-explainer.md; see
 * shared/reference/standards.md §9) exposes a form to agents through `toolname`, `tooldescription` and
 * `toolparamdescription` (src/components/MeasurementForm.astro); they are not in the HTML standard yet.
 */
const ALLOWED: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /^Attribute “tool(name|description|paramdescription|autosubmit)” not allowed on element “(form|input|select|textarea)” at this point\.$/,
    why: 'atributos declarativos do WebMCP (rascunho do W3C CG), ainda fora do padrão HTML',
  },
];

describe('Nu HTML Checker (vnu) sobre dist/', { skip }, () => {
  test('nenhum erro de HTML nas páginas publicadas', () => {
    assert.ok(existsSync(`${DIST}index.html`), 'dist/ sem index.html: rode pelo `npm test`, que faz o build antes');
    const result = spawnSync(which('java')!, ['-jar', VNU_JAR, '--skip-non-html', '--errors-only', '--format', 'json', DIST], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 170_000,
    });
    assert.equal(result.error, undefined, `vnu não rodou: ${result.error?.message}`);
    // vnu writes its JSON report to stderr; exit status 1 only means it found errors.
    let messages: VnuMessage[];
    try {
      messages = (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
    } catch {
      assert.fail(`saída do vnu ilegível (status ${result.status}): ${result.stderr.slice(0, 600)}`);
    }
    const found = messages
      .filter((m) => m.type !== 'info' && !ALLOWED.some((a) => a.pattern.test(m.message)))
      .map((m) => `${(m.url ?? '').replace(/^file:.*?\/dist\//, 'dist/')}:${m.lastLine ?? '?'}: ${m.message}`);
    assert.deepEqual(found, []);
  });
});
