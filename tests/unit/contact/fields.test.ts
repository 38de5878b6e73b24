import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prefillValues, validateContact } from '../../../functions/contact/fields.ts';
import { renderContactForm } from '../../../functions/contact/form-html.ts';
import { contactFormHref } from '../../../src/model/contact.ts';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const ok = { nome: ' Ana  Souza ', email: 'ana@exemplo.com.br', mensagem: 'Linha 1\r\nLinha 2', consentimento: 'sim' };

test('a valid submission is cleaned (trimmed, line breaks normalized) and optional fields default to empty', () => {
  const result = validateContact(form(ok));
  assert.ok(result.ok);
  assert.deepEqual(result.fields, { nome: 'Ana  Souza', email: 'ana@exemplo.com.br', empresa: '', site: '', mensagem: 'Linha 1\nLinha 2', nota: null, produto: '' });
  assert.equal(result.bot, false);
});

test('errors come in the form order, in pt-BR, with the values kept', () => {
  const result = validateContact(form({ email: 'x', mensagem: '', empresa: 'ACME' }));
  assert.equal(result.ok, false);
  assert.deepEqual(result.errors.map((e) => e.field), ['nome', 'email', 'mensagem', 'consentimento']);
  assert.match(result.errors[1]!.message, /nome@empresa\.com\.br/);
  assert.equal(result.values.email, 'x');
  assert.equal(result.values.empresa, 'ACME');
});

test('nota and produto are context: invalid values are dropped, never an error', () => {
  const good = validateContact(form({ ...ok, nota: '62', produto: 'seo-local' }));
  assert.ok(good.ok);
  assert.equal(good.fields.nota, 62);
  assert.equal(good.fields.produto, 'seo-local');
  const bad = validateContact(form({ ...ok, nota: '101', produto: '../x' }));
  assert.ok(bad.ok);
  assert.equal(bad.fields.nota, null);
  assert.equal(bad.fields.produto, '');
});

test('a filled honeypot marks the submission as a bot', () => {
  const result = validateContact(form({ ...ok, fax: 'http://spam.example' }));
  assert.ok(result.ok);
  assert.equal(result.bot, true);
});

test('prefill takes site, nota and produto from the query and drops invalid ones', () => {
  assert.deepEqual(
    { ...prefillValues(new URLSearchParams('site=exemplo.com.br&nota=7&produto=seo-local')) },
    { nome: '', email: '', empresa: '', site: 'exemplo.com.br', mensagem: '', nota: '7', produto: 'seo-local', consentimento: false },
  );
  const bad = prefillValues(new URLSearchParams('nota=abc&produto=<script>'));
  assert.equal(bad.nota, '');
  assert.equal(bad.produto, '');
});

test('contactFormHref builds the prefilled link of every call to action', () => {
  assert.equal(contactFormHref(), '/contato/formulario#formulario');
  assert.equal(contactFormHref({ produto: 'seo-local', site: 'a.com.br', nota: 62 }), '/contato/formulario?produto=seo-local&site=a.com.br&nota=62#formulario');
});

test('the form marks invalid fields (aria-invalid, aria-describedby, autofocus on the first) and escapes values', () => {
  const result = validateContact(form({ nome: '<b>Ana</b>', email: 'x' }));
  assert.equal(result.ok, false);
  const html = renderContactForm({ values: result.values, errors: result.errors, email: 'contato@exemplo.com.br' });
  assert.match(html, /<input id="contato-email" name="email" aria-invalid="true" aria-describedby="contato-email-erro" autofocus/);
  assert.doesNotMatch(html, /id="contato-nome"[^>]*aria-invalid/);
  assert.equal(html.match(/autofocus/g)?.length, 1);
  assert.match(html, /<a href="#contato-email">/);
  assert.match(html, /value="&lt;b&gt;Ana&lt;\/b&gt;"/);
  assert.match(html, /href="\/privacidade"/);
});

/** C1 controls and bidirectional overrides and isolates: invisible, and able to reorder what a person reads. */
const INVISIBLE = ['\u0085', '\u009b', '\u0080', '\u009f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

test('C1 controls and bidi overrides are stripped from the fields a person reads (name, company, site, message)', () => {
  for (const c of INVISIBLE) {
    const result = validateContact(form({ ...ok, nome: `Ana${c}Souza`, empresa: `AC${c}ME`, site: `exem${c}plo.com.br`, mensagem: `Linha${c} 1\nLinha 2` }));
    assert.ok(result.ok, JSON.stringify(c));
    const { nome, empresa, site, mensagem } = result.fields;
    for (const value of [nome, empresa, site, mensagem]) assert.doesNotMatch(value, /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/, JSON.stringify(c));
    // NEL is a line break: a space on one line, a new line in the message; the others simply go.
    assert.equal(empresa, c === '\u0085' ? 'AC ME' : 'ACME');
    assert.equal(mensagem, c === '\u0085' ? 'Linha\n 1\nLinha 2' : 'Linha 1\nLinha 2');
  }
});

test('the e-mail check refuses C1 controls and bidi overrides, with a pt-BR message', () => {
  for (const c of INVISIBLE) {
    const result = validateContact(form({ ...ok, email: `ana${c}@exemplo.com.br` }));
    assert.equal(result.ok, false, JSON.stringify(c));
    assert.equal(result.errors[0]?.field, 'email');
    assert.match(result.errors[0]!.message, /caracteres invisíveis ou de controle/);
  }
});
