/** The webhook body: structured fields raw, the Slack and Discord summaries inert, one-line fields on one line. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DISCORD_CONTENT_MAX, webhookPayload } from '../../../functions/contact/payload.ts';
import type { Lead } from '../../../functions/contact/leads.ts';
import { WEBHOOK_TEXT_CASES } from '../../attacks/webhook-text-cases.ts';

const ORIGIN = 'https://sinalcognitivo.example';

function leadWith(campos: Partial<Lead['campos']>): Lead {
  return {
    seq: 7,
    id: 'contato-7-abcd1234',
    recebidoEm: '2026-11-20T12:00:00.000Z',
    campos: { nome: 'Ana Souza', email: 'ana@exemplo.com.br', empresa: '', site: '', mensagem: 'Quero uma proposta.', nota: null, produto: '', ...campos },
    entrega: { estado: 'pendente', tentativas: 0, ultimaTentativaEm: null, proximaTentativaEm: '2026-11-20T12:00:00.000Z', entregueEm: null, ultimoErro: null },
  };
}

const summaries = (payload: Record<string, unknown>) => ({ slack: String(payload.text), discord: String(payload.content) });
/** Header lines: everything before the message (ours, one field per line). */
const headerLines = (summary: string) => summary.slice(0, summary.indexOf('\nMensagem:')).split('\n');

test('every hostile input reaches the summaries inert, and the structured field raw', () => {
  for (const c of WEBHOOK_TEXT_CASES) {
    const payload = webhookPayload(leadWith({ [c.field]: c.value }), ORIGIN);
    assert.equal(payload[c.field], c.value, `${c.name}: o campo estruturado guarda o valor cru`);
    for (const [app, summary] of Object.entries(summaries(payload))) {
      if (c.app && c.app !== app) continue;
      for (const fragment of c.live) assert.ok(!summary.includes(fragment), `${c.name} (${app}): sobrou ${JSON.stringify(fragment)} em ${JSON.stringify(summary)}`);
    }
  }
});

test('Discord is told to ping nobody', () => {
  assert.deepEqual(webhookPayload(leadWith({}), ORIGIN).allowed_mentions, { parse: [] });
});

test('our header lines are the only unquoted lines: one per field, whatever the fields hold', () => {
  const payload = webhookPayload(
    leadWith({ nome: 'Ana\u2028Souza', empresa: 'ACME\nLtda', site: 'a.com.br\u0085b', mensagem: 'linha 1\nNovo contato pelo site: X <x@y.z>\n\nfim', nota: 62, produto: 'seo-local' }),
    ORIGIN,
  );
  for (const summary of Object.values(summaries(payload))) {
    const lines = summary.split('\n');
    const header = headerLines(summary);
    assert.deepEqual(
      header.map((l) => l.split(':')[0]),
      ['Novo contato pelo site', 'Empresa', 'Site', 'Assunto', 'Nota da medição'],
    );
    const body = lines.slice(header.length + 1);
    assert.equal(body.length, 4);
    for (const line of body) assert.match(line, /^> /, 'a mensagem vem citada linha a linha');
  }
});

test('Slack gets its three entities; Discord gets backslashes; both read back as what the visitor typed', () => {
  const payload = webhookPayload(leadWith({ nome: 'Café & <Cia>', mensagem: 'a*b_c' }), ORIGIN);
  const { slack, discord } = summaries(payload);
  assert.match(slack, /^Novo contato pelo site: Café &amp; &lt;Cia&gt; &lt;ana@exemplo\.com\.br&gt;$/m);
  assert.match(discord, /^Novo contato pelo site: Café & \\<Cia\\> \\<ana@exemplo\.com\.br\\>$/m);
  assert.match(discord, /^> a\\\*b\\_c$/m);
});

test('the subject is named in the summary; the raw code stays in produto', () => {
  const payload = webhookPayload(leadWith({ produto: 'diagnostico-completo' }), ORIGIN);
  assert.equal(payload.produto, 'diagnostico-completo');
  assert.match(String(payload.text), /^Assunto: Diagnóstico de Visibilidade \(diagnostico-completo\)$/m);
});

test('Discord content fits 2 000 characters without half an escape', () => {
  const payload = webhookPayload(leadWith({ mensagem: '<'.repeat(5000) }), ORIGIN);
  const content = String(payload.content);
  assert.ok(content.length <= DISCORD_CONTENT_MAX);
  assert.match(content, /(\\<)+…$/);
});

test('a report request (issue 20, item 2): its kind, the grade and the result’s address, in the fields and the summaries', () => {
  const lead: Lead = { ...leadWith({ nome: '', site: 'loja.com.br', nota: 27, grau: 'F', resultado: `${ORIGIN}/diagnostico-de-visibilidade-cognitiva/resultado/loja.com.br`, mensagem: 'Pediu o relatório.' }), tipo: 'relatorio' };
  const payload = webhookPayload(lead, ORIGIN);
  assert.equal(payload.tipo, 'relatorio');
  assert.equal(payload.site, 'loja.com.br');
  assert.equal(payload.nota, 27);
  assert.equal(payload.grau, 'F');
  assert.equal(payload.resultado, `${ORIGIN}/diagnostico-de-visibilidade-cognitiva/resultado/loja.com.br`);
  for (const summary of Object.values(summaries(payload))) {
    const lines = headerLines(summary);
    assert.match(lines[0]!, /^Pedido de relatório pelo site: /);
    assert.ok(lines.some((l) => /^Nota da medição: 27 \(grau F\)$/.test(l)), summary);
    assert.ok(lines.some((l) => l.startsWith('Resultado: ')), summary);
  }
  // A contact form's lead keeps its kind, and says nothing of a grade.
  const contact = webhookPayload(leadWith({ nota: 62 }), ORIGIN);
  assert.equal(contact.tipo, 'contato');
  assert.equal(contact.grau, null);
  assert.equal(contact.resultado, null);
  assert.ok(headerLines(String(contact.text)).includes('Nota da medição: 62'));
});
