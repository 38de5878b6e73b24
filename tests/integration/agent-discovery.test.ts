/**
 * The agent discovery documents as the local server serves them (the built dist/ with Netlify's headers):
 * MCP server cards at their four addresses and `/.well-known/mcp(.json)`, the A2A agent card, the agent
 * skills index with digests checked against the SKILL.md bytes served, and the agent sections of /api/llms.txt.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { MCP_SERVERS, toolListing } from '../../src/model/mcp.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { a2aAgentCardSchema, serverCardSchema, skillFrontmatter, skillsIndexSchema } from '../helpers/agent-schemas.ts';
import { llmsLinks, validateLlmsTxt } from '../helpers/llms-txt.ts';

let server: LocalServer;
const origin = siteOrigin();
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(() => server.close());

const CARDS = [
  { path: '/.well-known/mcp/server-card.json', spec: MCP_SERVERS.product, type: /^application\/json/ },
  { path: '/mcp/server-card', spec: MCP_SERVERS.product, type: /^application\/mcp-server-card\+json/ },
  { path: '/.well-known/mcp/docs/server-card.json', spec: MCP_SERVERS.docs, type: /^application\/json/ },
  { path: '/mcp/docs/server-card', spec: MCP_SERVERS.docs, type: /^application\/mcp-server-card\+json/ },
] as const;

describe('MCP server cards', () => {
  for (const { path, spec, type } of CARDS) {
    test(`${path}: SEP-2127 + legacy fields, tools from the registry`, async () => {
      const res = await get(path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', type);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      const card = serverCardSchema.parse(await res.json());
      assert.equal(card.name, spec.name);
      assert.equal(card.version, spec.version);
      assert.deepEqual(card.serverInfo, { name: spec.name, version: spec.version, title: spec.title });
      assert.equal(card.transport.endpoint, `${origin}${spec.path}`);
      assert.deepEqual(card.remotes?.map((r) => [r.type, r.url]), [['streamable-http', `${origin}${spec.path}`]]);
      assert.deepEqual(card.tools, JSON.parse(JSON.stringify(spec.tools.map(toolListing))));
    });
  }

  test('an AI crawler gets the JSON card too (no markdown negotiation on /mcp/*)', async () => {
    const res = await get('/mcp/server-card', { 'user-agent': 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', accept: '*/*' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/mcp-server-card\+json/);
  });

  test('/.well-known/mcp.json and /.well-known/mcp: the product card plus both servers', async () => {
    const a = await get('/.well-known/mcp.json');
    const b = await get('/.well-known/mcp');
    for (const res of [a, b]) {
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
    }
    const [ja, jb] = [await a.json(), await b.json()];
    assert.deepEqual(ja, jb);
    const card = serverCardSchema.parse(ja);
    assert.equal(card.name, MCP_SERVERS.product.name);
    assert.deepEqual(
      ja.servers.map((s: { url: string; tools: string[] }) => [s.url, s.tools]),
      Object.values(MCP_SERVERS).map((s) => [`${origin}${s.path}`, s.tools.map((t) => t.name)]),
    );
    for (const s of ja.servers) assert.equal((await get(s.serverCard.replace(origin, ''))).status, 200);
  });
});

describe('A2A agent card', () => {
  test('/.well-known/agent-card.json has the v1.0 required fields; the A2A skill, then the MCP tools', async () => {
    const res = await get('/.well-known/agent-card.json');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const card = a2aAgentCardSchema.parse(await res.json());
    assert.deepEqual(
      card.skills.map((s) => s.id),
      ['perguntar_ao_site', ...Object.values(MCP_SERVERS).flatMap((s) => s.tools.map((t) => t.name))],
    );
    // Only the binding that works: the A2A agent over JSON-RPC (tests/integration/a2a.test.ts drives it with the SDK client).
    assert.deepEqual(card.supportedInterfaces, [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }]);
    const preflight = await fetch(`${server.url}/a2a`, { method: 'OPTIONS' });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('allow') ?? '', /POST/);
  });
});

describe('agent skills', () => {
  test('index.json (v0.2.0) with digests of the exact SKILL.md bytes served', async () => {
    const res = await get('/.well-known/agent-skills/index.json');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const index = skillsIndexSchema.parse(await res.json());
    assert.deepEqual(
      index.skills.map((s) => s.name),
      ['consultar-site', 'contratar-consultoria', 'autenticar-na-api', 'consultar-prontidao'],
    );
    for (const skill of index.skills) {
      assert.equal(skill.url, `/.well-known/agent-skills/${skill.name}/SKILL.md`);
      const target = new URL(skill.url, `${server.url}/.well-known/agent-skills/index.json`);
      assert.equal(target.origin, server.url, 'mesma origem do índice');
      const md = await fetch(target);
      assert.equal(md.status, 200);
      assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/);
      const bytes = Buffer.from(await md.arrayBuffer());
      assert.equal(skill.digest, `sha256:${createHash('sha256').update(bytes).digest('hex')}`, skill.name);
      const text = bytes.toString('utf8');
      const front = skillFrontmatter(text);
      assert.equal(front.name, skill.name);
      assert.equal(front.description, skill.description);
      assert.match(text, /\n# .+\n/);
    }
  });

  test('the skills name tools that exist and addresses of this origin', async () => {
    const text = await (await get('/.well-known/agent-skills/consultar-site/SKILL.md')).text();
    for (const tool of ['search_site', 'get_page', 'list_services']) assert.ok(text.includes(`\`${tool}\``), tool);
    assert.ok(text.includes(`${origin}/mcp`));
    const auth = await (await get('/.well-known/agent-skills/autenticar-na-api/SKILL.md')).text();
    assert.ok(auth.includes(`${origin}/agent/identity`) && auth.includes(`${origin}/agent/token`));
  });
});

describe('/api/llms.txt describes the agent surfaces', () => {
  test('valid llms.txt listing the cards, the tools and the skills', async () => {
    const res = await get('/api/llms.txt');
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.deepEqual(validateLlmsTxt(text), []);
    const urls = llmsLinks(text);
    for (const path of [
      '/mcp',
      '/mcp/docs',
      '/ask',
      '/a2a',
      '/.well-known/mcp.json',
      '/.well-known/mcp/server-card.json',
      '/.well-known/mcp/docs/server-card.json',
      '/mcp/server-card',
      '/.well-known/agent-card.json',
      '/.well-known/agent-skills/index.json',
      '/.well-known/agent-skills/autenticar-na-api/SKILL.md',
      '/webmcp.js',
    ]) {
      // /ask is listed with an example query (a link that answers a GET), hence the comparison without the query.
      assert.ok(urls.some((u) => u.split('?')[0] === `${origin}${path}`), path);
    }
    for (const spec of Object.values(MCP_SERVERS)) for (const tool of spec.tools) assert.ok(text.includes(tool.name), tool.name);
  });
});
