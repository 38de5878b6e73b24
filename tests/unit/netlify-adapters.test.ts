import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { expectedFiles } from '../../scripts/generate-netlify.ts';
import { FUNCTION_ROUTES, matchFunctionRoute } from '../../functions/routes.ts';
import type { FunctionModule } from '../../functions/route.ts';

test('the committed Netlify adapters match the route table', async () => {
  for (const [path, content] of expectedFiles()) {
    assert.equal(await readFile(new URL(`../../${path}`, import.meta.url), 'utf8'), content, `${path} desatualizado: rode npm run generate:netlify`);
  }
});

test('every function module named in the route table exists and default-exports its routes, a route for each of its paths', async () => {
  for (const route of FUNCTION_ROUTES) {
    const mod = (await import(new URL(`../../functions/${route.module}`, import.meta.url).href)) as { default: FunctionModule };
    assert.equal(typeof mod.default.resolve, 'function', route.module);
    for (const path of route.paths) {
      const resolved = mod.default.resolve(path.replaceAll('*', 'x'), 'GET');
      assert.ok(resolved && typeof resolved.route.handle === 'function', `${route.module}: ${path}`);
    }
  }
});

test('route matching follows URLPattern semantics', () => {
  assert.equal(matchFunctionRoute('/api')?.name, 'api');
  assert.equal(matchFunctionRoute('/api/')?.name, 'api');
  assert.equal(matchFunctionRoute('/api/v1/paginas/blog/x')?.name, 'api');
  assert.equal(matchFunctionRoute('/agent/identity')?.name, 'agent-auth');
  assert.equal(matchFunctionRoute('/mcp/docs')?.name, 'mcp');
  assert.equal(matchFunctionRoute('/mcp/server-card'), undefined);
  assert.equal(matchFunctionRoute('/api/openapi.json'), undefined);
  assert.equal(matchFunctionRoute('/sobre'), undefined);
});

test('compiled path patterns match exactly what URLPattern matches', async () => {
  const { EDGE_EXCLUDED_PATHS, compilePathPattern } = await import('../../functions/routes.ts');
  const patterns = [...new Set([...FUNCTION_ROUTES.flatMap((r) => r.paths), ...EDGE_EXCLUDED_PATHS])];
  const paths = [
    '/', '/api', '/api/', '/apix', '/api/v1', '/api/v1/', '/api/v1/paginas/blog/x', '/api/v2', '/api/ia/leitura', '/api/ia/leitura/',
    '/agent', '/agent/', '/agent/identity', '/agent/token/x', '/ask', '/ask/', '/mcp', '/mcp/', '/mcp/docs', '/mcp/server-card', '/a2a', '/a2a/',
    '/_astro/a.css', '/_astrox', '/.well-known/mcp.json', '/.well-known', '/feeds/solucoes.jsonl', '/agentes/indice.json',
    '/agentes/x/y.json', '/agentes', '/agentes.json', '/agentes/indice.jsonl', '/sobre', '/blog/um-artigo',
  ];
  for (const pattern of patterns) {
    const reference = new URLPattern({ pathname: pattern });
    const compiled = compilePathPattern(pattern);
    for (const path of paths) assert.equal(compiled.test(path), reference.test({ pathname: path }), `${pattern} × ${path}`);
  }
});

test('every scheduled job module exists, default-exports a function, and its adapter carries the schedule', async () => {
  const { SCHEDULED_FUNCTIONS } = await import('../../functions/routes.ts');
  assert.ok(SCHEDULED_FUNCTIONS.some((job) => job.name === 'contact-retry'));
  for (const job of SCHEDULED_FUNCTIONS) {
    const mod = (await import(new URL(`../../functions/${job.module}`, import.meta.url).href)) as { default: unknown };
    assert.equal(typeof mod.default, 'function', job.module);
    const adapter = await readFile(new URL(`../../netlify/functions/${job.name}.mts`, import.meta.url), 'utf8');
    assert.match(adapter, new RegExp(`schedule: ${JSON.stringify(job.schedule).replace(/\*/g, '\\*')}`));
  }
  assert.equal(matchFunctionRoute('/contato/formulario')?.name, 'contact');
  assert.equal(matchFunctionRoute('/contato'), undefined, '/contato stays a static page');
});
