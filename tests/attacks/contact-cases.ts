/**
 * Hostile and malformed posts of the contact form (`POST /contato/formulario`), kept as data and run by
 * tests/integration/contact.test.ts: every one gets a clear 4xx (never a 500, never a stored lead, never a
 * webhook call). `body` is sent as is; `{big}` in it is replaced by 60 KB of text.
 */
import { type FormAttackCase, form } from './form-post-cases.ts';

export type ContactAttackCase = FormAttackCase;

const valid = 'nome=Ana&email=ana%40exemplo.com.br&mensagem=Quero+uma+proposta&consentimento=sim';

export const CONTACT_ATTACK_CASES: ContactAttackCase[] = [
  { name: 'sem nome', headers: form, body: 'email=ana%40exemplo.com.br&mensagem=oi&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'e-mail inválido', headers: form, body: 'nome=Ana&email=ana%40exemplo&mensagem=oi&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'e-mail com cabeçalho injetado', headers: form, body: 'nome=Ana&email=ana%40exemplo.com%0ABcc%3Ax%40y.com&mensagem=oi&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'sem mensagem', headers: form, body: 'nome=Ana&email=ana%40exemplo.com.br&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'sem consentimento', headers: form, body: 'nome=Ana&email=ana%40exemplo.com.br&mensagem=oi', status: 400, error: 'invalid_request' },
  { name: 'consentimento com outro valor', headers: form, body: 'nome=Ana&email=ana%40exemplo.com.br&mensagem=oi&consentimento=on', status: 400, error: 'invalid_request' },
  { name: 'nome longo demais', headers: form, body: `nome=${'a'.repeat(121)}&email=ana%40exemplo.com.br&mensagem=oi&consentimento=sim`, status: 400, error: 'invalid_request' },
  { name: 'mensagem longa demais', headers: form, body: `nome=Ana&email=ana%40exemplo.com.br&mensagem=${'m'.repeat(5001)}&consentimento=sim`, status: 400, error: 'invalid_request' },
  { name: 'corpo vazio', headers: form, body: '', status: 400, error: 'invalid_request' },
  { name: 'corpo acima de 48 KB', headers: form, body: `${valid}&mensagem={big}`, status: 413, error: 'payload_too_large' },
  { name: 'bytes que não são UTF-8', headers: form, bytes: [0x6e, 0x6f, 0x6d, 0x65, 0x3d, 0xff, 0xfe], status: 400, error: 'invalid_request' },
  { name: 'JSON em vez de formulário', headers: { 'content-type': 'application/json' }, body: '{"nome":"Ana"}', status: 415, error: 'unsupported_media_type' },
  { name: 'multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--', status: 415, error: 'unsupported_media_type' },
  { name: 'sem Content-Type', body: valid, status: 415, error: 'unsupported_media_type' },
  { name: 'post de outro site (Origin)', headers: { ...form, origin: 'https://atacante.example' }, body: valid, status: 403, error: 'cross_site_request' },
  { name: 'post de outro site (Sec-Fetch-Site)', headers: { ...form, 'sec-fetch-site': 'cross-site' }, body: valid, status: 403, error: 'cross_site_request' },
  { name: 'método PUT', method: 'PUT', headers: form, body: valid, status: 405, error: 'method_not_allowed' },
  { name: 'método DELETE', method: 'DELETE', status: 405, error: 'method_not_allowed' },
];

/** The e-mail check refuses invisible characters (C1 controls, bidi overrides and isolates): 400, nothing stored. */
for (const [label, char] of [['NEL (C1)', '%C2%85'], ['CSI de 8 bits (C1)', '%C2%9B'], ['RLO (bidi)', '%E2%80%AE'], ['RLI (isolamento bidi)', '%E2%81%A7']] as const) {
  CONTACT_ATTACK_CASES.push({
    name: `e-mail com ${label}`,
    headers: form,
    body: `nome=Ana&email=ana${char}%40exemplo.com.br&mensagem=oi&consentimento=sim`,
    status: 400,
    error: 'invalid_request',
  });
}
