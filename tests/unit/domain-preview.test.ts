/**
 * The browser's preview of the domain to be measured (public/medicao-dominio.js) mirrors the server's
 * reduction (functions/readiness/domain.ts): both are fed the same table of what people type and paste, and
 * wherever the server accepts an input the preview names the same domain.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_DOMAIN_LENGTH, normalizeDomain } from '../../functions/readiness/domain.ts';

interface Mirror {
  MAX_DOMAIN_LENGTH: number;
  previewDomain(input: string): { domain?: string; tooLong?: number };
}
const MIRROR: string = '../../public/medicao-dominio.js';
const mirror = (await import(MIRROR)) as Mirror;

/** What people type and paste (the server's own test table, plus the cases of the issue). */
const INPUTS = [
  'exemplo.com.br',
  'Exemplo.COM.br',
  '  exemplo.com.br.  ',
  'https://www.exemplo.com.br/',
  'http://exemplo.com.br',
  'HTTPS://WWW.EXEMPLO.COM.BR/Contato?utm_source=x#topo',
  'exemplo.com.br/',
  'www.exemplo.com.br',
  'exemplo.com.br/blog/artigo',
  'exemplo.com.br?x=1',
  'exemplo.com.br#topo',
  `https://exemplo.com.br/${'caminho-longo/'.repeat(25)}`,
  'www.com.br',
  'https://www.exemplo.com/',
  'www.exemplo.de',
  'https://blog.exemplo.com.br/x',
  'açaí.com.br',
  '例え.jp',
  'ｅｘａｍｐｌｅ．ｃｏｍ',
  'sub-dominio.exemplo.io',
];

describe('domain preview (browser) mirrors the server', () => {
  test('every input the server accepts: the preview names the same domain', () => {
    for (const input of INPUTS) {
      const server = normalizeDomain(input);
      assert.ok(server.ok, `the table holds accepted inputs: ${input}`);
      assert.equal(mirror.previewDomain(input).domain, server.domain, input);
    }
  });

  test('the same length limit, said instead of a silent cut', () => {
    assert.equal(mirror.MAX_DOMAIN_LENGTH, MAX_DOMAIN_LENGTH);
    const long = `${'a'.repeat(60)}.`.repeat(6) + 'com.br'; // 372 characters
    assert.deepEqual(mirror.previewDomain(long), { tooLong: long.length });
    assert.equal(normalizeDomain(long).ok, false);
    assert.match((normalizeDomain(long) as { reason: string }).reason, /longo demais/);
  });

  test('nothing recognizable yet: no preview (the server explains on submit)', () => {
    for (const input of ['', 'exemplo', 'user@exemplo.com.br', 'exemplo.com.br:8080', 'exemplo .com']) assert.deepEqual(mirror.previewDomain(input), {}, input);
  });
});
