/**
 * Hostile and malformed requests to "Acompanhar este domínio" (`POST /diagnostico-de-visibilidade-cognitiva/acompanhar`
 * and its links), kept as data (the form's shared cases in ./domain-request-cases.ts) and run by
 * tests/integration/follow.test.ts: every one gets a clear 4xx (never a 500), and nothing is sent or queued. `{dominio}` in a body is the measured fixture's domain; `{big}` is 9 KB of text.
 */
import { DOMAIN_REQUEST_ATTACK_CASES, type DomainRequestAttackCase } from './domain-request-cases.ts';
import { form } from './form-post-cases.ts';

export interface FollowAttackCase extends DomainRequestAttackCase {
  /** Path under /diagnostico-de-visibilidade-cognitiva/acompanhar (default: the request itself). */
  path?: string;
}

/** The shared form's cases, and the follow-up's own links (confirmation, one-click unsubscribe). */
export const FOLLOW_ATTACK_CASES: FollowAttackCase[] = [
  ...DOMAIN_REQUEST_ATTACK_CASES,
  { name: 'confirmação sem token', path: '/confirmar', method: 'POST', status: 404, error: 'not_found' },
  { name: 'confirmação com token inventado', path: `/confirmar?t=${'A'.repeat(43)}`, method: 'POST', status: 404, error: 'not_found' },
  { name: 'confirmação com token e caminho', path: '/confirmar?t=..%2F..%2Fetc%2Fpasswd', method: 'POST', status: 404, error: 'not_found' },
  { name: 'cancelamento com token inventado (RFC 8058)', path: `/cancelar?t=${'B'.repeat(43)}`, method: 'POST', headers: form, body: 'List-Unsubscribe=One-Click', status: 404, error: 'not_found' },
  { name: 'cancelamento com corpo acima de 8 KB', path: `/cancelar?t=${'B'.repeat(43)}`, method: 'POST', headers: form, body: 'List-Unsubscribe=One-Click&x={big}', status: 413, error: 'payload_too_large' },
  { name: 'DELETE no cancelamento', path: '/cancelar', method: 'DELETE', status: 405, error: 'method_not_allowed' },
  { name: 'caminho desconhecido', path: '/listar', method: 'GET', status: 404, error: 'not_found' },
];
