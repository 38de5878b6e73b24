/**
 * The readiness instrument: wall time and peak memory of one measurement of the agent-ready fixture (served
 * on loopback, every request signed, every check run; fetches in parallel, at most 4 per host).
 * Target: one measurement in at most 3 s. The network is the loopback-only guard used by the tests.
 * Issue 14: a site of 60 pages answering each request after 100 ms (a distant server): the sample of 50
 * pages, their twins and negotiated variants and every llms.txt link, within the 20 s budget.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readerKeyFrom } from '../functions/readiness/agent/signing.ts';
import { measure } from '../functions/readiness/measure.ts';
import { agentReadySite, guardNetwork, startFixture } from '../tests/helpers/readiness.ts';
import { manyPagesSite } from '../tests/helpers/readiness-corpus.ts';
import type { BenchRow } from './types.ts';

const RUNS = 7;

export async function run(): Promise<BenchRow[]> {
  const key = await readerKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey);
  const site = await startFixture(agentReadySite);
  try {
    const once = () => measure(site.host, { key, agentOrigin: 'https://sinal.exemplo.com.br', allowLoopback: true, network: guardNetwork() });
    const warm = await once();
    if (warm.grau !== 'A+') throw new Error(`a fixture pronta deveria tirar A+ (tirou ${warm.grau})`);

    globalThis.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 2);

    const times: number[] = [];
    const before = site.requests.length;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await once();
      times.push(performance.now() - started);
    }
    clearInterval(sampler);
    const requests = (site.requests.length - before) / RUNS;
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(RUNS / 2)] as number;
    const max = times[RUNS - 1] as number;
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const large = await largeSite(key);
    return [
      ...large,
      { area: 'readiness', metric: 'medição da fixture pronta, p50', value: Math.round(p50), unit: 'ms', target: '≤ 3000 ms', ok: p50 <= 3000 },
      { area: 'readiness', metric: 'medição da fixture pronta, pior de 7', value: Math.round(max), unit: 'ms', target: '≤ 3000 ms', ok: max <= 3000 },
      { area: 'readiness', metric: 'requisições assinadas por medição', value: Math.round(requests), unit: 'req' },
      { area: 'readiness', metric: 'pico de RSS durante as medições (acima da base)', value: mb(peakRss - baseline.rss), unit: 'MB' },
      { area: 'readiness', metric: 'pico de heap usado durante as medições', value: mb(peakHeap), unit: 'MB' },
    ];
  } finally {
    await site.close();
  }
}

/** One measurement of a 60-page site with 100 ms per response: the 50-page sample within the 20 s budget. */
async function largeSite(key: Awaited<ReturnType<typeof readerKeyFrom>>): Promise<BenchRow[]> {
  const site = await startFixture(manyPagesSite({ pages: 60, delayMs: 100 }));
  try {
    const started = performance.now();
    const reading = await measure(site.host, { key, agentOrigin: 'https://sinal.exemplo.com.br', allowLoopback: true, network: guardNetwork() });
    const ms = performance.now() - started;
    const pages = reading.amostra?.paginas ?? 0;
    return [
      { area: 'readiness', metric: 'medição de um site de 60 páginas, 100 ms por resposta', value: Math.round(ms), unit: 'ms', target: '≤ 20000 ms', ok: ms <= 20_000 && reading.estado === 'registrada' },
      { area: 'readiness', metric: 'páginas da amostra lidas nessa medição (amostra não cortada)', value: pages, unit: 'páginas', target: '50', ok: pages === 50 && reading.amostra?.cortada === false },
      { area: 'readiness', metric: 'requisições assinadas nessa medição', value: site.requests.length, unit: 'req', target: '≤ 400', ok: site.requests.length <= 400 },
    ];
  } finally {
    await site.close();
  }
}

if (import.meta.main) console.table(await run());
