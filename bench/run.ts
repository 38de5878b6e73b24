/**
 * `npm run bench [-- area…] [--write]`: runs every bench/<area>.ts (each exports `run(): Promise<BenchRow[]>`)
 * one after the other, prints one table with the machine noted, and with `--write` stores it in
 * BENCHMARKS.md between the markers (naming areas, only their rows are replaced). Build the site first (`npm run build`): the API and agent benches
 * serve the built output.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import type { BenchRow } from './types.ts';

const here = new URL('./', import.meta.url);
const NOT_AREAS = new Set(['run.ts', 'types.ts', 'generate-corpus.ts']);
const args = process.argv.slice(2);
const write = args.includes('--write');
const only = args.filter((a) => !a.startsWith('--'));

const files = (await readdir(here)).filter((f) => f.endsWith('.ts') && !NOT_AREAS.has(f) && !f.startsWith('_')).sort();
const rows: BenchRow[] = [];
for (const file of files) {
  const area = file.replace(/\.ts$/, '');
  if (only.length && !only.includes(area)) continue;
  console.error(`→ ${area}…`);
  const started = performance.now();
  try {
    const mod = (await import(new URL(file, here).href)) as { run?: () => Promise<BenchRow[]> };
    if (typeof mod.run !== 'function') continue;
    rows.push(...(await mod.run()));
  } catch (error) {
    console.error(`   ${area} falhou:`, error);
    rows.push({ area, metric: 'falhou', value: Number.NaN, unit: String((error as Error).message ?? error).slice(0, 60), ok: false });
  }
  console.error(`   ${area}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
const fmt = (v: number) => (Number.isNaN(v) ? '—' : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
const HEADER = ['| área | medida | valor | unidade | meta | ok |', '| --- | --- | ---: | --- | --- | :---: |'];
const rowLines = rows.map((r) => `| ${r.area} | ${r.metric} | ${fmt(r.value)} | ${r.unit} | ${r.target ?? ''} | ${r.ok === undefined ? '' : r.ok ? '✅' : '❌'} |`);
const table = [`Máquina: ${machine}`, '', ...HEADER, ...rowLines].join('\n');
console.log(table);

if (write) {
  const path = new URL('../BENCHMARKS.md', import.meta.url);
  const current = await readFile(path, 'utf8').catch(() => '');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const previous = new RegExp(`${start}\\n([\\s\\S]*)\\n${end}`).exec(current)?.[1];
  let stored = table;
  if (only.length && previous) {
    // Some areas only: their rows replace the stored ones, the other areas' rows stay, in area order.
    const areaOf = (line: string) => /^\| ([^|]+?) \|/.exec(line)?.[1];
    const kept = previous.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| área') && !line.startsWith('| ---') && !only.includes(areaOf(line) ?? ''));
    const merged = [...kept, ...rowLines].sort((a, b) => files.indexOf(`${areaOf(a)}.ts`) - files.indexOf(`${areaOf(b)}.ts`));
    const earlier = /^Máquina: .*?(\d{4}-\d{2}-\d{2})/m.exec(previous)?.[1];
    stored = [`Máquina: ${machine} (${only.join(', ')} nesta execução; demais áreas: execução anterior${earlier ? `, de ${earlier}` : ''})`, '', ...HEADER, ...merged].join('\n');
  }
  const block = `${start}\n${stored}\n${end}`;
  const next = current.includes(start) ? current.replace(new RegExp(`${start}[\\s\\S]*${end}`), block) : `${current}\n${block}\n`;
  await writeFile(path, next);
  console.error('BENCHMARKS.md atualizado.');
}
const failed = rows.filter((r) => r.ok === false).length;
if (failed) console.error(`${failed} meta(s) não atingida(s).`);
