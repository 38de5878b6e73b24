/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, its `server` runner) against both
 * servers, for every scenario they claim, at each revision they serve: 2026-07-28 (stateless, per-request
 * `_meta`) and the legacy 2025-11-25 and 2025-06-18 (`initialize`); 2025-03-26 has no server scenario of its
 * own in the suite (its batches are tested in mcp.test.ts).
 *
 * Every check of a claimed scenario must pass, except the ones listed in NOT_CLAIMED, each with its reason;
 * a listed check that starts passing fails the test too (the list must shrink with it). Scenarios that need
 * the suite's fixture tools, prompts or features we do not offer (sampling, elicitation, prompts, completion,
 * progress, tasks, `x-mcp-header` parameters) are not claimed; docs/mcp.md lists them.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { testServices } from '../helpers/services.ts';

const run = promisify(execFile);
const CLI = 'node_modules/@modelcontextprotocol/conformance/dist/index.js';

/** The scenarios each revision claims. */
const CLAIMED: Record<string, readonly string[]> = {
  '2026-07-28': [
    'server-stateless',
    'tools-list',
    'resources-list',
    'sep-2164-resource-not-found',
    'caching',
    'http-header-validation',
    'dns-rebinding-protection',
    'input-required-result-unsupported-methods',
  ],
  '2025-11-25': ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'],
  '2025-06-18': ['server-initialize', 'ping', 'tools-list', 'resources-list'],
};

/** Checks of claimed scenarios that do not pass, and why (scenario:check, as the suite's baselines name them). */
const NOT_CLAIMED: Record<string, string> = {
  // The suite's fixture tools (test_missing_capability, test_streaming_elicitation, test_logging_tool) are not ours:
  // no method of ours needs a client capability, streams, or logs to the client, so these cannot be exercised.
  'server-stateless:sep-2575-server-rejects-undeclared-capability': 'nenhum método exige capacidade do cliente',
  'server-stateless:sep-2575-missing-capability-http-400': 'idem',
  'server-stateless:sep-2575-http-server-no-independent-requests-on-stream': 'respostas sempre em JSON, sem fluxo',
  'server-stateless:sep-2575-server-no-log-without-loglevel': 'o servidor nunca envia notifications/message',
  // No prompts on either server.
  'caching:sep-2549-prompts-list-caching-hints': 'sem prompts',
};

/** Checks the suite reports as SKIPPED for a reason that holds here. */
const SKIPPED_OK = new Set([
  // We declare neither listChanged nor subscribe: subscriptions/listen does not apply (the suite says so itself).
  'server-stateless:sep-2575-server-sends-subscription-ack',
  'server-stateless:sep-2575-server-tags-subscription-id',
  'server-stateless:sep-2575-server-honors-notification-filter',
  'server-stateless:sep-2575-server-sends-prompts-list-changed-on-subscription',
  'server-stateless:sep-2575-server-sends-tools-list-changed-on-subscription',
]);

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

let server: LocalServer;
let out: string;

before(async () => {
  server = await startLocalServer({ port: 0, services: testServices({ READINESS_GATE_PER_MINUTE: '600' }) });
  out = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
});
after(async () => {
  await server?.close();
  if (out) await rm(out, { recursive: true, force: true });
});

/** Runs one scenario at one revision (asynchronously: the server under test lives in this process) and reads its checks. */
async function scenario(path: string, version: string, name: string): Promise<Check[]> {
  const dir = join(out, `${path.replace(/\//g, '_')}-${version}-${name}`);
  try {
    await run(process.execPath, [CLI, 'server', '--url', `${server.url}${path}`, '--scenario', name, '--spec-version', version, '-o', dir, '--timeout', '30000'], {
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch {
    // A failing check makes the runner exit 1; the checks file says which, and is judged below.
  }
  const [runDir] = await readdir(dir);
  assert.ok(runDir, `${name}: o executor não gravou resultados`);
  return JSON.parse(await readFile(join(dir, runDir, 'checks.json'), 'utf8')) as Check[];
}

for (const path of ['/mcp', '/mcp/docs']) {
  describe(`conformance suite against ${path}`, () => {
    for (const [version, scenarios] of Object.entries(CLAIMED)) {
      for (const name of scenarios) {
        test(`${version} ${name}`, async () => {
          const checks = await scenario(path, version, name);
          assert.ok(checks.some((c) => c.status === 'SUCCESS'), `${name}: nenhuma verificação rodou`);
          const unexpected = checks.filter((c) => {
            const key = `${name}:${c.id}`;
            if (key in NOT_CLAIMED) return c.status !== 'FAILURE';
            if (c.status === 'SKIPPED') return !SKIPPED_OK.has(key);
            return c.status !== 'SUCCESS' && c.status !== 'INFO';
          });
          assert.deepEqual(
            unexpected.map((c) => `${c.id} ${c.status}${c.errorMessage ? `: ${c.errorMessage}` : ''}`),
            [],
            'verificações fora do esperado (uma que passou a passar sai de NOT_CLAIMED)',
          );
        });
      }
    }
  });
}
