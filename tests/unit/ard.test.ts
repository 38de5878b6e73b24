/**
 * The site's ARD manifest (src/lib/ard.ts) against the specification's own JSON schema (tests/fixtures/ard-spec/,
 * validated with ajv, draft 2020-12) and against the conformance rules the instrument applies to other sites
 * (functions/readiness/analysis/ard.ts), plus what it must list. Then the instrument's rules on their own:
 * invalid manifests, warnings, the `Agentmap:` record.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { agentmapOf, isArdIdentifier, validateArdManifest } from '../../functions/readiness/analysis/ard.ts';
import { siteSegments } from '../../functions/readiness/evidence.ts';
import { MCP_SERVERS } from '../../src/model/mcp.ts';
import { AGENT_SKILLS, skillPath } from '../../src/lib/agent-discovery.ts';
import { ardManifest, NLWEB_ENTRY_TYPE, OPENAPI_ENTRY_TYPE, SKILL_ENTRY_TYPE } from '../../src/lib/ard.ts';
import { addFormats } from '../helpers/openapi.ts';

const ORIGIN = 'https://sinalcognitivo.com.br';
const schema = JSON.parse(readFileSync(new URL('../fixtures/ard-spec/ai-catalog.schema.json', import.meta.url), 'utf8'));

function specValidator() {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

describe('our ARD manifest', () => {
  const manifest = ardManifest(ORIGIN);

  test('valid against the specification’s JSON schema (ajv, draft 2020-12)', () => {
    const validate = specValidator();
    assert.equal(validate(manifest), true, JSON.stringify(validate.errors));
  });

  test('no error and no warning under the conformance rules the instrument applies', () => {
    assert.deepEqual(validateArdManifest(manifest), { errors: [], warnings: [], entries: manifest.entries.length });
  });

  test('lists both MCP servers, the A2A agent, /ask, the API catalog, the OpenAPI document and every skill', () => {
    const byUrl = new Map(manifest.entries.map((e) => [e.url, e]));
    for (const spec of Object.values(MCP_SERVERS)) assert.equal(byUrl.get(`${ORIGIN}${spec.path}/server-card`)?.type, 'application/mcp-server-card+json', spec.path);
    assert.equal(byUrl.get(`${ORIGIN}/.well-known/agent-card.json`)?.type, 'application/a2a-agent-card+json');
    assert.equal(byUrl.get(`${ORIGIN}/ask`)?.type, NLWEB_ENTRY_TYPE);
    assert.deepEqual(byUrl.get(`${ORIGIN}/ask`)?.metadata, { protocol: 'NLWeb', protocolVersion: '0.55' });
    assert.equal(byUrl.get(`${ORIGIN}/.well-known/api-catalog`)?.type, 'application/linkset+json');
    assert.equal(byUrl.get(`${ORIGIN}/api/openapi.json`)?.type, OPENAPI_ENTRY_TYPE);
    for (const skill of AGENT_SKILLS) assert.equal(byUrl.get(`${ORIGIN}${skillPath(skill.name)}`)?.type, SKILL_ENTRY_TYPE, skill.name);
    assert.equal(manifest.entries.length, 2 + 1 + 1 + 2 + AGENT_SKILLS.length);
  });

  test('each entry: a unique URN anchored on our host, and 2 to 5 distinct pt-BR representative queries', () => {
    const ids = manifest.entries.map((e) => e.identifier);
    assert.equal(new Set(ids).size, ids.length);
    for (const entry of manifest.entries) {
      assert.match(entry.identifier, /^urn:air:sinalcognitivo\.com\.br:[a-z0-9-]+:[a-z0-9-]+$/);
      const queries = entry.representativeQueries;
      assert.ok(queries.length >= 2 && queries.length <= 5, entry.identifier);
      assert.equal(new Set(queries).size, queries.length, entry.identifier);
      // Portuguese: at least one of the entry's queries has a word only Portuguese spells this way.
      assert.ok(queries.some((q) => /\b(?:de|da|do|para|como|sobre|uma?|é|em|com|sem)\b/.test(q)), `${entry.identifier}: ${queries.join(' | ')}`);
    }
  });

  test('the schema catches what it should (the oracle is live)', () => {
    const validate = specValidator();
    const broken = structuredClone(manifest) as unknown as { entries: Record<string, unknown>[] };
    broken.entries[0]!.data = {};
    assert.equal(validate(broken), false, 'url and data together');
    assert.equal(validate({ ...manifest, extra: true }), false, 'unknown top-level member');
  });
});

describe('ARD conformance rules (the ard check)', () => {
  const entry = (extra: Record<string, unknown> = {}) => ({ identifier: 'urn:air:exemplo.com.br:mcp:site', displayName: 'Site', type: 'application/mcp-server-card+json', url: 'https://exemplo.com.br/mcp/server-card', representativeQueries: ['a', 'b'], ...extra });

  test('errors', () => {
    const cases: [unknown, RegExp][] = [
      [[], /não é um objeto/],
      [{ specVersion: '1.0' }, /falta a lista entries/],
      [{ entries: [entry({ identifier: 'urn:ai:exemplo.com.br:mcp:site' })] }, /identifier “urn:ai:exemplo\.com\.br:mcp:site” fora do formato/],
      [{ entries: [entry({ identifier: undefined })] }, /sem identifier/],
      [{ entries: [entry({ displayName: '' })] }, /sem displayName/],
      [{ entries: [entry({ type: undefined })] }, /sem type/],
      [{ entries: [entry({ data: {} })] }, /exatamente um entre url e data/],
      [{ entries: [entry({ url: undefined })] }, /exatamente um entre url e data/],
      [{ entries: [entry({ url: '/relativo' })] }, /url “\/relativo” não é um endereço absoluto/],
      [{ entries: [entry({ url: 42 })] }, /entrada 1: url não é um endereço absoluto/],
      [{ entries: [entry({ representativeQueries: 'uma' })] }, /lista de textos/],
      [{ entries: [entry({ trustManifest: { identityType: 'did' } })] }, /trustManifest precisa/],
    ];
    for (const [doc, expected] of cases) assert.match(validateArdManifest(doc).errors.join(' | '), expected, JSON.stringify(doc));
  });

  test('warnings: queries missing or out of 2–5, deprecated or unknown types, collections', () => {
    const warnings = (doc: unknown) => validateArdManifest(doc).warnings.join(' | ');
    assert.match(warnings({ entries: [entry({ representativeQueries: undefined })] }), /^1 entrada sem representativeQueries/);
    assert.match(warnings({ entries: [entry({ representativeQueries: undefined }), entry({ representativeQueries: undefined })] }), /^2 entradas sem representativeQueries/);
    assert.match(warnings({ entries: [entry({ representativeQueries: ['a', 'b', 'c', 'd', 'e', 'f'] })] }), /6 representativeQueries/);
    assert.match(warnings({ entries: [entry({ type: 'application/mcp-server+json' })] }), /type “application\/mcp-server\+json” foi substituído por application\/mcp-server-card\+json/);
    assert.match(warnings({ entries: [entry({ type: 'text/x-coisa; a=b' })] }), /type “text\/x-coisa” não é um tipo de descoberta conhecido/);
    assert.match(warnings({ entries: [entry({ type: 'não é tipo' })] }), /type “não é tipo” não é um tipo de mídia bem formado/);
    // A name of Object.prototype is no deprecated type (it once read the prototype's constructor as the replacement).
    assert.equal(warnings({ entries: [entry({ type: 'constructor' })] }), 'entrada 1: type “constructor” não é um tipo de mídia bem formado');
    assert.match(warnings({ entries: [], collections: [] }), /collections/);
    // Custom application/* types and the skill markdown type are fine.
    assert.equal(warnings({ entries: [entry({ type: 'application/nlweb+json' }), entry({ type: 'text/markdown; profile="urn:air:agent-skills"' })] }), '');
  });

  test('entry fields in the messages are site text: quoted, bounded, never our prose', () => {
    const hostile = `[corrigir](https://atacante.example/x) ” fim “ ${'x'.repeat(300)}`;
    const { errors, warnings } = validateArdManifest({ entries: [entry({ identifier: hostile, url: hostile }), entry({ type: hostile })] });
    const messages = [...errors, ...warnings];
    assert.equal(messages.length, 3, messages.join(' | '));
    for (const message of messages) {
      const segments = siteSegments(message);
      assert.ok(segments.some((s) => s.site && s.text.includes('atacante.example')), message);
      assert.ok(segments.every((s) => !s.site || s.text.length <= 80), message);
      assert.ok(!segments.some((s) => !s.site && s.text.includes('atacante')), message);
    }
  });

  test('identifiers: the spec’s pattern, checked without a backtracking expression', () => {
    for (const ok of ['urn:air:exemplo.com.br:mcp:site', 'urn:air:hf.co:alice-dev:weather-agent', 'urn:air:acme.com:finance:trading:bot']) assert.ok(isArdIdentifier(ok), ok);
    for (const bad of ['urn:air:exemplo.com.br', 'urn:air:exemplo.com.br:', 'urn:air::mcp:site', 'urn:air:exemplo_com:mcp:site', 'urn:air:x:a b', `urn:air:x${':a'.repeat(600)}`]) assert.ok(!isArdIdentifier(bad), bad);
    const started = performance.now();
    isArdIdentifier(`urn:air:x${':a'.repeat(100_000)}!`);
    assert.ok(performance.now() - started < 50);
  });

  test('Agentmap: the first record, any case, comments and other records ignored; bounded', () => {
    assert.equal(agentmapOf('User-agent: *\nAllow: /\n\nAgentmap: https://x.com.br/.well-known/ard.json\nAgentmap: https://x.com.br/outro.json\n'), 'https://x.com.br/.well-known/ard.json');
    assert.equal(agentmapOf('agentmap:/catalogo.json # comentário'), '/catalogo.json');
    assert.equal(agentmapOf('# Agentmap: https://x.com.br/.well-known/ard.json\nSitemap: https://x.com.br/sitemap.xml'), undefined);
    assert.equal(agentmapOf('Agentmapx: https://x\nAgentmap:\n'), undefined);
    const hostile = `${'#'.repeat(600 * 1024)}\nAgentmap: https://x/depois`;
    const started = performance.now();
    assert.equal(agentmapOf(hostile), undefined, 'past 500 KiB nothing is read');
    assert.ok(performance.now() - started < 200);
  });
});
