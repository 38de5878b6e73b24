/**
 * Hostile and malformed posts of a request about a domain (an e-mail, the domain, the consent): the form that the
 * follow-up (`/diagnostico-de-visibilidade-cognitiva/acompanhar`) and the report by e-mail (`…/relatorio`) share,
 * read by the same steps (functions/contact/domain-request.ts). Kept as data, run by each form's test with the form's
 * own rows added (tests/attacks/follow-cases.ts, report-cases.ts): every one gets a clear 4xx (never a 500) in the
 * contract's JSON, and nothing is stored, sent or delivered. `{dominio}` in a body is a domain with a scored reading;
 * `{big}` is 9 KB of text.
 */
import { type FormAttackCase, form } from './form-post-cases.ts';

export type DomainRequestAttackCase = FormAttackCase;

/** A valid request (with `{dominio}` to replace). */
export const valid = 'email=ana%40exemplo.com.br&dominio={dominio}&consentimento=sim';

export const DOMAIN_REQUEST_ATTACK_CASES: DomainRequestAttackCase[] = [
  { name: 'sem e-mail', headers: form, body: 'dominio={dominio}&consentimento=sim', status: 400, error: 'invalid_request', says: /Informe o seu e-mail/ },
  { name: 'e-mail em branco', headers: form, body: 'email=+++&dominio={dominio}&consentimento=sim', status: 400, error: 'invalid_request', says: /Informe o seu e-mail/ },
  { name: 'e-mail sem domínio com ponto', headers: form, body: 'email=ana%40exemplo&dominio={dominio}&consentimento=sim', status: 400, error: 'invalid_request', says: /formato nome@empresa\.com\.br/ },
  { name: 'e-mail com cabeçalho injetado (CRLF)', headers: form, body: 'email=ana%40exemplo.com.br%0D%0ABcc%3Ax%40y.com&dominio={dominio}&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'e-mail com dois destinatários', headers: form, body: 'email=ana%40exemplo.com.br%2Cbia%40exemplo.com.br&dominio={dominio}&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'e-mail com nome e ângulos', headers: form, body: 'email=Ana+%3Cana%40exemplo.com.br%3E&dominio={dominio}&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'e-mail com caractere de controle bidi', headers: form, body: 'email=ana%E2%80%AE%40exemplo.com.br&dominio={dominio}&consentimento=sim', status: 400, error: 'invalid_request', says: /caracteres invisíveis/ },
  { name: 'e-mail longo demais', headers: form, body: `email=${'a'.repeat(250)}%40exemplo.com.br&dominio={dominio}&consentimento=sim`, status: 400, error: 'invalid_request' },
  { name: 'sem consentimento', headers: form, body: 'email=ana%40exemplo.com.br&dominio={dominio}', status: 400, error: 'invalid_request', says: /marque a autorização/ },
  { name: 'consentimento com outro valor', headers: form, body: 'email=ana%40exemplo.com.br&dominio={dominio}&consentimento=on', status: 400, error: 'invalid_request' },
  { name: 'sem domínio', headers: form, body: 'email=ana%40exemplo.com.br&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'domínio com esquema e caminho', headers: form, body: 'email=ana%40exemplo.com.br&dominio=javascript%3Aalert(1)&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'domínio privado (IP)', headers: form, body: 'email=ana%40exemplo.com.br&dominio=10.0.0.1&consentimento=sim', status: 400, error: 'invalid_request' },
  { name: 'corpo acima de 8 KB', headers: form, body: `${valid}&x={big}`, status: 413, error: 'payload_too_large' },
  { name: 'bytes que não são UTF-8', headers: form, bytes: [0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe], status: 400, error: 'invalid_request' },
  { name: 'JSON em vez de formulário', headers: { 'content-type': 'application/json' }, body: '{"email":"ana@exemplo.com.br"}', status: 415, error: 'unsupported_media_type' },
  { name: 'post de outro site (Origin)', headers: { ...form, origin: 'https://atacante.example' }, body: valid, status: 403, error: 'cross_site_request' },
  { name: 'post de outro site (Sec-Fetch-Site)', headers: { ...form, 'sec-fetch-site': 'cross-site' }, body: valid, status: 403, error: 'cross_site_request' },
  { name: 'GET no pedido', method: 'GET', status: 405, error: 'method_not_allowed' },
  { name: 'PUT no pedido', method: 'PUT', headers: form, body: valid, status: 405, error: 'method_not_allowed' },
];
