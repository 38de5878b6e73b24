/**
 * Every built HTML page passes the Nu HTML Checker (vnu, the W3C validator's engine, from the npm package vnu-jar)
 * with no error. Templates live in src/layouts, src/components and src/pages; a non-HTML attribute or a bad
 * nesting in any of them shows up here.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { requireSystem } from '../helpers/system.ts';

const skip = requireSystem('java', 'default-jre-headless');
const root = new URL('../../', import.meta.url);
const VNU = fileURLToPath(new URL('node_modules/vnu-jar/build/dist/vnu.jar', root));

describe('Nu HTML Checker', { skip }, () => {
  test('no error in any page of dist/', async () => {
    const dist = fileURLToPath(new URL('dist/', root));
    // vnu exits 1 when it reports errors; the JSON report is on stderr either way.
    const run = await promisify(execFile)('java', ['-jar', VNU, '--skip-non-html', '--errors-only', '--format', 'json', dist], { maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    const { messages } = JSON.parse(run.stderr || '{"messages":[]}') as { messages: { type: string; url: string; message: string; extract?: string }[] };
    const errors = messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
    assert.deepEqual(
      errors.map((m) => `${m.url.replace(/^.*\/dist\//, 'dist/')}: ${m.message}`),
      [],
    );
    assert.equal(errors.length, 0);
  });
});
