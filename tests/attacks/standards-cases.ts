/**
 * Hostile inputs for the parsers of the standards of late 2026 (issue 21), kept as data: what a measured site can
 * return to make the ARD, aipref, NLWeb and 402 readings slow or unbounded. Each row runs its parser once
 * (tests/unit/readiness/standards-analysis.test.ts) and must end well within a second.
 */
import { contentUsageRules, parseContentUsage } from '../../functions/readiness/analysis/aipref.ts';
import { agentmapOf, validateArdManifest } from '../../functions/readiness/analysis/ard.ts';
import { classifyNlweb } from '../../functions/readiness/analysis/nlweb.ts';

export interface StandardsHostileCase {
  name: string;
  surface: 'robots' | 'ard' | 'ask' | 'cabecalho';
  body: () => string;
  run: (input: string) => unknown;
}

export const STANDARDS_HOSTILE_CASES: StandardsHostileCase[] = [
  {
    name: '500 KiB de linhas "agentmap" sem dois-pontos, depois 1 MB a mais',
    surface: 'robots',
    body: () => 'agentmap'.repeat(200_000),
    run: agentmapOf,
  },
  {
    name: '100.000 regras Content-Usage (só as 100 primeiras são lidas)',
    surface: 'robots',
    body: () => 'User-agent: *\n' + 'Content-Usage: /a train-ai=n\n'.repeat(100_000),
    run: (input) => contentUsageRules(input).map((r) => parseContentUsage(r.preference)),
  },
  {
    name: 'Content-Usage de 1 MB com vírgulas',
    surface: 'cabecalho',
    body: () => 'a=y,'.repeat(250_000),
    run: parseContentUsage,
  },
  {
    name: 'catálogo ARD de 2 MB (o limite de leitura) com 4.000 identificadores longos quase válidos',
    surface: 'ard',
    body: () => JSON.stringify({ entries: Array.from({ length: 4_000 }, () => ({ identifier: `urn:air:x${':a'.repeat(200)}!`, displayName: 'x', type: 'application/x+json', url: 'https://x/' })) }),
    run: (input) => validateArdManifest(JSON.parse(input)),
  },
  {
    name: 'tipo de mídia com 10.000 parâmetros',
    surface: 'ard',
    body: () => JSON.stringify({ entries: [{ identifier: 'urn:air:x:a:b', displayName: 'x', type: `application/x${';a=b'.repeat(10_000)} ;`, url: 'https://x/' }] }),
    run: (input) => validateArdManifest(JSON.parse(input)),
  },
  {
    name: 'fluxo SSE de 256 KB só com linhas "event: result"',
    surface: 'ask',
    body: () => 'event: result\n'.repeat(18_000),
    run: (input) => classifyNlweb('text/event-stream', input),
  },
  {
    name: 'fluxo SSE com 50.000 eventos vazios separados',
    surface: 'ask',
    body: () => 'data: {}\n\n'.repeat(50_000),
    run: (input) => classifyNlweb('text/event-stream', input),
  },
];
