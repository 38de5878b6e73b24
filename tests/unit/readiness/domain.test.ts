import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizeDomain } from '../../../functions/readiness/domain.ts';

describe('normalizeDomain', () => {
  test('accepts domains, lower-cases them and drops a trailing dot', () => {
    assert.deepEqual(normalizeDomain('Exemplo.COM.br'), { ok: true, domain: 'exemplo.com.br' });
    assert.deepEqual(normalizeDomain('  exemplo.com.br.  '), { ok: true, domain: 'exemplo.com.br' });
    assert.deepEqual(normalizeDomain('sub-dominio.exemplo.io'), { ok: true, domain: 'sub-dominio.exemplo.io' });
  });

  test('reduces what people paste (addresses, www., paths, trailing slashes, upper case) to the domain', () => {
    for (const pasted of [
      'https://www.exemplo.com.br/',
      'http://exemplo.com.br',
      'HTTPS://WWW.EXEMPLO.COM.BR/Contato?utm_source=x#topo',
      'exemplo.com.br/',
      'www.exemplo.com.br',
      'exemplo.com.br/blog/artigo',
      'exemplo.com.br?x=1',
      'exemplo.com.br#topo',
      `https://exemplo.com.br/${'caminho-longo/'.repeat(25)}`,
    ]) {
      assert.deepEqual(normalizeDomain(pasted), { ok: true, domain: 'exemplo.com.br' }, pasted);
    }
    assert.deepEqual(normalizeDomain('www.com.br'), { ok: true, domain: 'www.com.br' }, 'what is left would be a public suffix');
    assert.deepEqual(normalizeDomain('https://www.exemplo.com/'), { ok: true, domain: 'exemplo.com' });
    assert.deepEqual(normalizeDomain('www.exemplo.de'), { ok: true, domain: 'www.exemplo.de' }, 'two labels under a country code: as typed');
    assert.deepEqual(normalizeDomain('https://blog.exemplo.com.br/x'), { ok: true, domain: 'blog.exemplo.com.br' });
  });

  test('turns internationalized names into punycode A-labels', () => {
    assert.deepEqual(normalizeDomain('açaí.com.br'), { ok: true, domain: 'xn--aa-4iaz.com.br' });
    assert.deepEqual(normalizeDomain('例え.jp'), { ok: true, domain: 'xn--r8jz45g.jp' });
    assert.deepEqual(normalizeDomain('ｅｘａｍｐｌｅ．ｃｏｍ'), { ok: true, domain: 'example.com' });
  });

  const refused: [string, RegExp][] = [
    ['ftp://exemplo.com.br', /http:\/\/ ou https:\/\//],
    ['javascript:alert(1)', /http:\/\/ ou https:\/\//],
    ['file:///etc/passwd', /http:\/\/ ou https:\/\//],
    ['user:senha@exemplo.com.br', /usuário/],
    ['https://user:senha@exemplo.com.br/', /usuário/],
    ['https://exemplo.com.br@evil.test/', /usuário/],
    ['https://evil.test\\@exemplo.com.br/', /usuário/],
    ['https://exemplo.com.br:8443/', /porta/],
    ['http://127.0.0.1/', /IP/],
    ['exemplo.com.br:8080', /porta/],
    ['exemplo.com.br:443', /porta/],
    ['1.2.3.4', /IP/],
    ['127.0.0.1', /IP/],
    ['2130706433', /IP/],
    ['0x7f.1', /IP/],
    ['0177.0.0.1', /IP/],
    ['127.1', /IP/],
    ['[::1]', /IP/],
    ['::ffff:127.0.0.1', /IP/],
    ['exemplo.123', /IP/],
    ['localhost', /completo/],
    ['localhost:8890', /porta/],
    ['intranet.local', /locais/],
    ['servico.internal', /locais/],
    ['exemplo', /completo/],
    ['a..b.com', /pontos/],
    ['-exemplo.com', /hífen/],
    ['exemplo_.com', /hífen|letras/],
    ['ex ample.com', /espaços/],
    ['', /Informe/],
    ['   ', /Informe/],
    [`${'a'.repeat(64)}.com`, /63/],
    [`${'abcdefghi.'.repeat(26)}com`, /253/],
    ['x'.repeat(5000), /longo/],
  ];
  for (const [input, reason] of refused) {
    test(`refuses ${JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input)}`, () => {
      const result = normalizeDomain(input);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.reason, reason);
    });
  }

  test('loopback targets only with allowLoopback', () => {
    assert.deepEqual(normalizeDomain('localhost:8890', { allowLoopback: true }), { ok: true, domain: 'localhost:8890' });
    assert.deepEqual(normalizeDomain('127.0.0.1:3000', { allowLoopback: true }), { ok: true, domain: '127.0.0.1:3000' });
    assert.equal(normalizeDomain('127.0.0.1:3000').ok, false);
    assert.equal(normalizeDomain('localhost:0', { allowLoopback: true }).ok, false);
    assert.equal(normalizeDomain('localhost:99999', { allowLoopback: true }).ok, false);
    assert.equal(normalizeDomain('10.0.0.1:80', { allowLoopback: true }).ok, false);
  });
});
