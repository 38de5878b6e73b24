/**
 * Hostile and malformed requests to "Receber o relatório por e-mail" (`POST /diagnostico-de-visibilidade-cognitiva/relatorio`),
 * kept as data (the form's shared cases in ./domain-request-cases.ts) and run by tests/integration/report.test.ts:
 * every one gets a clear 4xx (never a 500) in the contract's JSON, and nothing is stored, sent or delivered.
 * `{dominio}` in a body is a domain with a scored reading; `{big}` is 9 KB of text.
 */
import { DOMAIN_REQUEST_ATTACK_CASES, type DomainRequestAttackCase } from './domain-request-cases.ts';
import { form } from './form-post-cases.ts';

export type ReportAttackCase = DomainRequestAttackCase;

/** The shared form's cases, and the report's own: it is sent only for a domain with a scored reading. */
export const REPORT_ATTACK_CASES: ReportAttackCase[] = [
  ...DOMAIN_REQUEST_ATTACK_CASES,
  { name: 'domínio nunca medido', headers: form, body: 'email=ana%40exemplo.com.br&dominio=nunca-medido.com.br&consentimento=sim', status: 404, error: 'not_found', says: /meça-o primeiro/ },
];
