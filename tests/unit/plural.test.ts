/**
 * No "(s)" plurals in what a person reads (issue 20, item 5): the number agrees with the words
 * (src/model/plural.ts), and no string of the sources that write visitor text (the readiness checks' details, the
 * result page, the contact form, the site search, the pages' scripts and templates) writes "página(s)".
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { agree, plural } from '../../src/model/plural.ts';

test('the number agrees with its words; zero takes the plural', () => {
  assert.equal(plural(1, 'página amostrada', 'páginas amostradas'), '1 página amostrada');
  assert.equal(plural(3, 'página amostrada', 'páginas amostradas'), '3 páginas amostradas');
  assert.equal(plural(0, 'lacuna encontrada', 'lacunas encontradas'), '0 lacunas encontradas');
  assert.equal(agree(1, 'responde', 'respondem'), 'responde');
  assert.equal(agree(2, 'responde', 'respondem'), 'respondem');
});

test('no "(s)" plural in the sources of visitor text', () => {
  const roots = ['functions/readiness', 'functions/contact', 'functions/follow', 'functions/report', 'functions/search', 'functions/html', 'src/components', 'src/layouts', 'src/lib', 'public'];
  const files = roots.flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(?:ts|astro|js)$/.test(e.name))
      .map((e) => join(e.parentPath, e.name)),
  );
  assert.ok(files.length > 50, `files: ${files.length}`);
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        // Text is in string literals (comments and operators' logs are not visitor text); "http(s)" is not a plural.
        if (/^\s*(?:\/\/|\*|\/\*)/.test(line) || line.includes('console.')) return;
        for (const [, , literal] of line.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) {
          const words = literal!.replace(/\$\{[^}]*\}/g, ' ').replace(/https?\(s\)/g, '');
          if (/\p{L}\((?:s|es|ns|is|ões)\)/u.test(words)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        }
      });
  }
  assert.deepEqual(found, []);
});
