/**
 * The generated OpenAPI document as third-party validators see it: every component schema compiles under
 * Ajv's JSON Schema 2020-12 in strict mode (with ajv-formats), and Redocly's `recommended` ruleset and
 * Spectral's `spectral:oas` report nothing beyond the commented allow-list of documented false positives
 * (docs/api.md, "Validators"). Plus the house rules those linters do not all check: every operation has a
 * description, `info.license` is set, and every operation declares its 4XX.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { openapiDocument } from '../../../functions/openapi/document.ts';
import { addFormats } from '../../helpers/openapi.ts';

// The Spectral packages are CommonJS: their named exports are read from the default export.
const { Document, Spectral } = spectralCore as unknown as typeof import('@stoplight/spectral-core');
const { Json: JsonParser } = spectralParsers as unknown as typeof import('@stoplight/spectral-parsers');
const { oas } = spectralRulesets as unknown as typeof import('@stoplight/spectral-rulesets');

// Linted as production serves it: with the test origin (http://localhost:…), Redocly's `no-server-example.com`
// would only be reporting the test setup. The shape does not depend on the origin.
const doc = openapiDocument('https://sinalcognitivo.com.br');
const source = JSON.stringify(doc, null, 2);
type Json = Record<string, unknown>;
const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
const pointer = (segments: readonly (string | number)[]): string => `#/${segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

interface Allowed {
  rule: string;
  /** JSON pointer of the finding. */
  at: RegExp;
  /** Why it is not a defect (the same reasons are in docs/api.md, "Validators"). */
  why: string;
}

/** Findings that are not defects. Add an entry only with its documented reason. */
const TRAILING_SLASH =
  'o contrato escreve assim o índice autenticado (`GET /api/v1/`, que também responde sem a barra) e o do sandbox (`/api/v1/sandbox/`); é o caminho de `resource` e `aud`';
const SSE_EVENTS =
  'esquema de cada evento do fluxo SSE de /ask, citado na descrição de POST /ask: o OpenAPI 3.1 não tem onde referenciar o esquema de um evento (`itemSchema` só existe no 3.2); tests/integration/ask.test.ts confere os eventos com o esquema zod de onde ele é gerado';
const REDOCLY_ALLOWED: readonly Allowed[] = [
  { rule: 'no-path-trailing-slash', at: /^#\/paths\/~1api~1v1(~1sandbox)?~1$/, why: TRAILING_SLASH },
  { rule: 'no-unused-components', at: /^#\/components\/schemas\/AskEvento(Legado|Inicio|Resultado|Fim)?$/, why: SSE_EVENTS },
];
const SPECTRAL_ALLOWED: readonly Allowed[] = [
  { rule: 'path-keys-no-trailing-slash', at: /^#\/paths\/~1api~1v1(~1sandbox)?~1$/, why: TRAILING_SLASH },
  { rule: 'oas3-unused-component', at: /^#\/components\/schemas\/AskEvento(Legado|Inicio|Resultado|Fim)?$/, why: SSE_EVENTS },
  {
    rule: 'oas3-operation-security-defined',
    at: /^#\/paths\/~1api~1v1~1[^/]*\/get\/security\/0\/bearer\/0$/,
    why:
      'no OpenAPI 3.1, a lista de um esquema `http` pode nomear papéis não declarados (objeto Security Requirement); a regra aplica a leitura do 3.0 ' +
      '(stoplightio/spectral#2643). Os escopos estão descritos no esquema `bearer` e em /auth.md',
  },
];
const allowed = (list: readonly Allowed[], rule: string, at: string): boolean => list.some((a) => a.rule === rule && a.at.test(at));

describe('OpenAPI diante dos validadores', () => {
  test('todo esquema de componente compila no Ajv 2020-12 em modo estrito (com ajv-formats)', () => {
    // Each component gets its own URI, so a failure names its schema; `#/components/schemas/X` refs become
    // the sibling URI `X` (same target).
    const base = 'https://openapi.invalid/components/schemas/';
    const relink = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(relink);
      if (!value || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '') : relink(v)]),
      );
    };
    // Strict mode, all of it; `allowUnionTypes` is Ajv's opt-in for `type: [a, b]`, valid 2020-12 that zod
    // emits on purpose for a union of bare primitive types (`compactTypeUnion`).
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    const failures: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      try {
        ajv.addSchema({ ...(relink(schema) as Json), $id: `${base}${name}` });
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}`);
      }
    }
    for (const name of Object.keys(schemas)) {
      try {
        assert.ok(ajv.getSchema(`${base}${name}`), name);
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  test('Redocly (recommended): nenhum erro nem aviso fora da lista justificada', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const found = problems
      .filter((p) => !allowed(REDOCLY_ALLOWED, p.ruleId, p.location[0]?.pointer ?? ''))
      .map((p) => `${p.severity} ${p.ruleId} @ ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    assert.deepEqual(found, []);
  });

  test('Spectral (spectral:oas): nenhum erro nem aviso fora da lista justificada', async () => {
    const spectral = new Spectral();
    spectral.setRuleset(oas as never);
    const results = await spectral.run(new Document(source, JsonParser, 'openapi.json'));
    // Severity 0 = error, 1 = warning (2 = info and 3 = hint are advice).
    const found = results
      .filter((r) => r.severity <= 1 && !allowed(SPECTRAL_ALLOWED, String(r.code), pointer(r.path)))
      .map((r) => `${r.severity === 0 ? 'error' : 'warn'} ${String(r.code)} @ ${pointer(r.path)}: ${r.message}`);
    assert.deepEqual(found, []);
  });

  test('toda operação tem descrição e declara ao menos um 4XX; info.license definido', () => {
    const info = doc.info as { license?: { name?: string; url?: string } };
    assert.ok(info.license?.name && info.license.url, 'info.license sem nome ou URL');
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, { description?: string; responses: Record<string, unknown> }>)) {
        assert.ok(operation.description?.trim(), `${method.toUpperCase()} ${path} sem descrição`);
        assert.ok(Object.keys(operation.responses).some((status) => /^4(XX|\d\d)$/.test(status)), `${method.toUpperCase()} ${path} sem resposta 4XX`);
      }
    }
  });

  test('tupla vazia vira maxItems 0 (nunca prefixItems: []); tupla fechada aceita só o seu tamanho', () => {
    const metadata = schemas.MetadadosServidorAutorizacao as { properties: Record<string, Json & { properties?: Record<string, Json> }> };
    const empty = metadata.properties.response_types_supported!;
    assert.equal(empty.prefixItems, undefined);
    assert.equal(empty.maxItems, 0);
    assert.equal(metadata.properties.agent_auth!.properties!.events_supported!.maxItems, 0);
    const ajv = new Ajv2020({ strict: true });
    const validate = ajv.compile(metadata.properties.grant_types_supported!);
    assert.equal(validate(['urn:ietf:params:oauth:grant-type:jwt-bearer']), true);
    assert.equal(validate(['urn:ietf:params:oauth:grant-type:jwt-bearer', 'x']), false);
    assert.equal(ajv.compile(empty)([]), true);
    assert.equal(ajv.compile(empty)(['code']), false);
  });
});
