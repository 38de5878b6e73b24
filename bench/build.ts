/**
 * Build benchmark: wall time and peak memory of `astro build` for
 *   - the real site;
 *   - the project with 1,000 and 5,000 synthetic articles added (bench/generate-corpus.ts);
 *   - a bare Astro markdown build of the same 1,000 / 5,000 articles (the baseline: one collection with the
 *     glob loader and no schema, one page rendering each entry in a minimal HTML shell);
 * and, on the real site's output, an article page's weight (HTML + CSS, gzip) next to its markdown twin, and the
 * weight of the home and the measurement page (they carry diagrams).
 *
 * Every build runs in a throwaway copy in the OS temp dir (node_modules symlinked, its own Astro cacheDir,
 * so every build starts cold and nothing touches the working tree's dist/ or caches), one at a time; the copies
 * are removed together when the run ends (see `built`: removing them between builds slowed the next one).
 * Standalone: node bench/build.ts [--keep] [--repeat=N]   (--keep leaves the temp copies for inspection; --repeat
 * (or BENCH_BUILD_REPEAT, default 3) builds each case N times from cold. The time rows keep the fastest run. The
 * ratio to the baseline is the median over N pairs, each pair a bare build and ours one right after the other:
 * this VM's speed drifts by half within minutes (the same bare build took 11.9 and 19.0 s in one run), and a
 * pair sees one moment of it, where the fastest of each side may come from two different moments.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CORPUS_DIR, generateCorpus } from './generate-corpus.ts';
import { COPY_CONFIG, copyProject, tempProjectDir } from '../scripts/lib/project-copy.ts';
import type { BenchRow } from './types.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const AREA = 'build';
const GNU_TIME = '/usr/bin/time';
const SIZES = [1000, 5000] as const;
const FIRST_ROUND_TRIP = 14 * 1024;
/** The build's memory peak (the largest process's max RSS), 1.5 GB: issue 22. */
const MAX_PEAK_MB = 1536;
const keep = process.argv.includes('--keep');

export interface BuildMeasure {
  seconds: number;
  /** User + system CPU time of the build (NaN without GNU time). */
  cpuSeconds: number;
  peakMB: number;
  /** 1-minute load average when the build started (other work on the machine inflates wall time). */
  load: number;
  pages: number;
  output: string;
}

/** RSS (kB) of a process and all its descendants, from /proc. */
async function treeRssKb(pid: number): Promise<number> {
  let total = 0;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  for (const task of tasks) {
    const children = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const child of children.split(/\s+/).filter(Boolean)) total += await treeRssKb(Number(child));
  }
  return total;
}

/** Run `astro build` in `dir`; wall time, peak RSS of the build's process tree, pages built. */
export async function measureBuild(dir: string, config?: string): Promise<BuildMeasure> {
  const astro = [join(dir, 'node_modules/astro/bin/astro.mjs'), 'build', ...(config ? ['--config', config] : [])];
  const useTime = existsSync(GNU_TIME);
  const timeFile = join(dir, '.bench-time');
  const [command, args] = useTime
    ? [GNU_TIME, ['-f', '%M %U %S', '-o', timeFile, process.execPath, ...astro]]
    : [process.execPath, astro];
  const load = loadavg()[0] ?? Number.NaN;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: dir,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Without GNU time, poll /proc for the process tree's RSS (the high-water mark between samples).
  let polledKb = 0;
  const poller = useTime
    ? undefined
    : setInterval(() => {
        if (child.pid) void treeRssKb(child.pid).then((kb) => (polledKb = Math.max(polledKb, kb)));
      }, 50);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  if (poller) clearInterval(poller);
  if (code !== 0) throw new Error(`astro build falhou em ${dir} (código ${code}):\n${output.slice(-4000)}`);
  // GNU time's last line: max RSS (kB) of the largest process of the tree, user and system CPU seconds.
  const [peakKb = polledKb, user = Number.NaN, system = Number.NaN] = useTime
    ? ((await readFile(timeFile, 'utf8')).trim().split('\n').pop() ?? '').split(' ').map(Number)
    : [];
  const pages = Number(/(\d+) page\(s\) built/.exec(output)?.[1] ?? Number.NaN);
  return { seconds, cpuSeconds: user + system, peakMB: peakKb / 1024, load, pages, output };
}

const tempDir = (prefix: string): Promise<string> => tempProjectDir(`bench-${prefix}`);

/** A copy of this project, optionally with extra articles in content/blog/. */
const projectCopy = (articles?: string): Promise<string> => copyProject('bench-site', articles);

/** A bare Astro 7 markdown site over the same articles: the baseline. */
export async function bareProject(articles: string): Promise<string> {
  const dir = await tempDir('bare');
  await cp(articles, join(dir, 'content/blog'), { recursive: true });
  await mkdir(join(dir, 'src/pages'), { recursive: true });
  await writeFile(join(dir, 'package.json'), '{ "name": "bare-baseline", "private": true, "type": "module" }\n');
  // Same output format and no syntax highlighting, like the project: the difference is the project's own work.
  await writeFile(
    join(dir, 'astro.config.mjs'),
    "export default { output: 'static', build: { format: 'file' }, markdown: { syntaxHighlight: false }, cacheDir: './.astro-cache', vite: { cacheDir: './.vite-cache' } };\n",
  );
  await writeFile(
    join(dir, 'src/content.config.ts'),
    "import { defineCollection } from 'astro:content';\nimport { glob } from 'astro/loaders';\n\nexport const collections = { blog: defineCollection({ loader: glob({ pattern: '**/*.md', base: './content/blog' }) }) };\n",
  );
  await writeFile(
    join(dir, 'src/pages/[...slug].astro'),
    `---
import { getCollection, render } from 'astro:content';
export async function getStaticPaths() {
  return (await getCollection('blog')).map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const { Content } = await render(entry);
---
<!doctype html>
<html lang="pt-BR">
  <head><meta charset="utf-8" /><title>{entry.data.titulo}</title></head>
  <body><main><h1>{entry.data.titulo}</h1><Content /></main></body>
</html>
`,
  );
  return dir;
}

/**
 * The copies built so far, removed together when the run ends, not after each build. On a file system that
 * checks recently freed inodes before reusing them (ext4 without a journal, like this VM's: it skips inodes freed
 * in the last minute, five while their block is unwritten), a build that follows the removal of the previous
 * one's 10,000–20,000 files spends seconds of kernel time creating its own (perf: `recently_deleted`,
 * `find_inode_bit`): 17–19 s instead of 12.8 s for the same build, and more for the build that writes more files.
 */
const built: string[] = [];

async function cleanup(): Promise<void> {
  if (!keep) for (const dir of built.splice(0)) await rm(dir, { recursive: true, force: true });
}

const gz = (data: string | Buffer) => gzipSync(data).length;

/** A page of the output and the stylesheets it links (gzip). */
async function htmlAndCss(dist: string, file: string): Promise<{ html: string; cssGzip: number; cssFiles: number }> {
  const html = await readFile(join(dist, file), 'utf8');
  const cssHrefs = [...html.matchAll(/<link\b[^>]*\brel="?stylesheet"?[^>]*>/g)]
    .map((m) => /\bhref="?([^"\s>]+)"?/.exec(m[0])?.[1])
    .filter((h): h is string => !!h && h.startsWith('/'));
  let cssGzip = 0;
  for (const href of cssHrefs) cssGzip += gz(await readFile(join(dist, href.split(/[?#]/)[0] ?? href)));
  return { html, cssGzip, cssFiles: cssHrefs.length };
}

/** Pages with a diagram, whose first round trip is checked too: the home and the measurement page (its own CSS). */
const OTHER_PAGES = [
  ['página inicial', 'index.html'],
  ['página da medição', 'diagnostico-de-visibilidade-cognitiva.html'],
] as const;

/** Article pages of the real site: HTML + linked CSS (gzip) and the markdown twin beside it. */
async function pageWeight(dist: string): Promise<BenchRow[]> {
  const realArticles = (await readdir(join(ROOT, 'content/blog'))).filter((f) => /\.mdx?$/.test(f)).map((f) => f.replace(/\.mdx?$/, ''));
  const measured: { slug: string; htmlRaw: number; htmlGzip: number; cssGzip: number; cssFiles: number; twinRaw: number; twinGzip: number }[] = [];
  for (const slug of realArticles) {
    const { html, cssGzip, cssFiles } = await htmlAndCss(dist, `blog/${slug}.html`);
    const twin = await readFile(join(dist, 'blog', `${slug}.md`), 'utf8');
    measured.push({ slug, htmlRaw: Buffer.byteLength(html), htmlGzip: gz(html), cssGzip, cssFiles, twinRaw: Buffer.byteLength(twin), twinGzip: gz(twin) });
  }
  if (!measured.length) return [];
  const worst = measured.reduce((a, b) => (b.htmlGzip + b.cssGzip > a.htmlGzip + a.cssGzip ? b : a));
  const total = worst.htmlGzip + worst.cssGzip;
  const sum = (f: (m: (typeof measured)[number]) => number) => measured.reduce((acc, m) => acc + f(m), 0);
  return [
    {
      area: AREA,
      metric: `página de artigo, HTML + CSS (gzip), a maior de ${measured.length}: ${worst.slug}`,
      value: total / 1024,
      unit: 'KiB',
      target: '≤ 14 KiB (1ª ida e volta TCP)',
      ok: total <= FIRST_ROUND_TRIP,
    },
    { area: AREA, metric: `  dos quais HTML (gzip)`, value: worst.htmlGzip / 1024, unit: 'KiB' },
    { area: AREA, metric: `  dos quais CSS (gzip, ${worst.cssFiles} arquivo(s))`, value: worst.cssGzip / 1024, unit: 'KiB' },
    { area: AREA, metric: '  HTML do artigo (bruto)', value: worst.htmlRaw / 1024, unit: 'KiB' },
    { area: AREA, metric: '  gêmeo markdown do artigo (bruto)', value: worst.twinRaw / 1024, unit: 'KiB' },
    { area: AREA, metric: '  gêmeo markdown do artigo (gzip)', value: worst.twinGzip / 1024, unit: 'KiB' },
    { area: AREA, metric: '  gêmeo ÷ HTML (bruto)', value: worst.twinRaw / worst.htmlRaw, unit: '×' },
    { area: AREA, metric: '  gêmeo ÷ HTML + CSS (gzip)', value: worst.twinGzip / total, unit: '×' },
    {
      area: AREA,
      metric: `gêmeos ÷ HTML, todos os ${measured.length} artigos (bruto)`,
      value: sum((m) => m.twinRaw) / sum((m) => m.htmlRaw),
      unit: '×',
    },
    ...(await Promise.all(
      OTHER_PAGES.map(async ([what, file]): Promise<BenchRow> => {
        const { html, cssGzip } = await htmlAndCss(dist, file);
        const bytes = gz(html) + cssGzip;
        return { area: AREA, metric: `${what}, HTML + CSS (gzip)`, value: bytes / 1024, unit: 'KiB', target: '≤ 14 KiB (1ª ida e volta TCP)', ok: bytes <= FIRST_ROUND_TRIP };
      }),
    )),
  ];
}

const log = (message: string) => console.error(`   [build] ${message}`);
const describe = (m: BuildMeasure) =>
  `${m.seconds.toFixed(1)} s (CPU ${m.cpuSeconds.toFixed(1)} s), ${m.peakMB.toFixed(0)} MB, ${m.pages} páginas, carga ${m.load.toFixed(1)}`;

/** Build a fresh copy (cold caches) and measure it; `measured` may inspect the output before it is removed. */
async function measureOnce(label: string, make: () => Promise<string>, config: string | undefined, measured?: (dir: string) => Promise<void>) {
  const dir = await make();
  try {
    // Flush what the copy (and the previous build's removal) left to write, so the build starts on a quiet disk.
    spawnSync('sync');
    const m = await measureBuild(dir, config);
    log(`${label}: ${describe(m)}`);
    await measured?.(dir);
    return m;
  } finally {
    built.push(dir);
  }
}

/** Of several builds of one case: the fastest times, the highest peak and load. */
const best = (runs: BuildMeasure[]): BuildMeasure => ({
  ...runs[0]!,
  seconds: Math.min(...runs.map((r) => r.seconds)),
  cpuSeconds: Math.min(...runs.map((r) => r.cpuSeconds)),
  peakMB: Math.max(...runs.map((r) => r.peakMB)),
  load: Math.max(...runs.map((r) => r.load)),
});

const repeatOption = (): number => {
  const value = Number(/^--repeat=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--repeat=')) ?? '')?.[1] ?? process.env.BENCH_BUILD_REPEAT ?? 3);
  return Number.isInteger(value) && value > 0 ? value : 1;
};

export async function run(): Promise<BenchRow[]> {
  try {
    return await measureAll();
  } finally {
    await cleanup();
  }
}

async function measureAll(): Promise<BenchRow[]> {
  const repeat = repeatOption();
  const rows: BenchRow[] = [];
  const timeRows = (what: string, m: BuildMeasure): BenchRow[] => [
    { area: AREA, metric: `tempo: ${what} (${m.pages} páginas)`, value: m.seconds, unit: 's' },
    ...(Number.isNaN(m.cpuSeconds) ? [] : [{ area: AREA, metric: `  tempo de CPU: ${what}`, value: m.cpuSeconds, unit: 's' }]),
    { area: AREA, metric: `  pico de memória: ${what}`, value: m.peakMB, unit: 'MB', target: `< ${MAX_PEAK_MB} MB`, ok: m.peakMB < MAX_PEAK_MB },
  ];

  // The real site, and the weight of its article pages (measured on the first build's output).
  const realRuns: BuildMeasure[] = [];
  for (let i = 0; i < repeat; i++) {
    realRuns.push(
      await measureOnce('site real', () => projectCopy(), COPY_CONFIG, i ? undefined : async (dir) => void rows.push(...(await pageWeight(join(dir, 'dist'))))),
    );
  }
  const real = best(realRuns);
  rows.unshift(...timeRows('site real', real));

  const ours = new Map<number, BuildMeasure>();
  const bare = new Map<number, BuildMeasure>();
  /** Per size: ours ÷ bare of each interleaved pair (wall time, CPU time). */
  const pairs = new Map<number, { time: number[]; cpu: number[] }>();
  for (const n of SIZES) {
    const corpus = join(CORPUS_DIR, String(n));
    await generateCorpus(corpus, n);
    // Interleaved (bare, ours, bare, ours…) so that both see the same moments of a busy machine.
    const bareRuns: BuildMeasure[] = [];
    const ourRuns: BuildMeasure[] = [];
    for (let i = 0; i < repeat; i++) {
      bareRuns.push(await measureOnce(`Astro puro, ${n} artigos`, () => bareProject(corpus), undefined));
      ourRuns.push(await measureOnce(`nosso projeto + ${n} artigos`, () => projectCopy(corpus), COPY_CONFIG));
    }
    bare.set(n, best(bareRuns));
    ours.set(n, best(ourRuns));
    pairs.set(n, {
      time: ourRuns.map((o, i) => o.seconds / bareRuns[i]!.seconds),
      cpu: ourRuns.map((o, i) => o.cpuSeconds / bareRuns[i]!.cpuSeconds),
    });
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  for (const n of SIZES) {
    const o = ours.get(n)!;
    const b = bare.get(n)!;
    const { time, cpu } = pairs.get(n)!;
    const ratio = median(time);
    const what = `nosso ÷ Astro puro, ${n} artigos (tempo, mediana de ${time.length} par(es): ${time.map((r) => r.toFixed(2)).join(', ')})`;
    rows.push(
      ...timeRows(`Astro puro, ${n} artigos`, b),
      ...timeRows(`nosso projeto + ${n} artigos`, o),
      n === SIZES[SIZES.length - 1]
        ? { area: AREA, metric: what, value: ratio, unit: '×', target: '≤ 1,5×', ok: ratio <= 1.5 }
        : { area: AREA, metric: what, value: ratio, unit: '×' },
    );
    if (!cpu.some(Number.isNaN)) rows.push({ area: AREA, metric: `  nosso ÷ Astro puro, ${n} artigos (CPU, mediana; nosso build usa os 2 núcleos)`, value: median(cpu), unit: '×' });
  }
  const [small, large] = SIZES;
  const growth = ours.get(large)!.seconds / ours.get(small)!.seconds;
  const linear = large / small;
  rows.push(
    {
      area: AREA,
      metric: `crescimento ${small} → ${large} artigos, nosso projeto (tempo ${large} ÷ tempo ${small})`,
      value: growth,
      unit: '×',
      target: `≤ ${linear} (linear, +10% de tolerância: ${(linear * 1.1).toFixed(1)})`,
      ok: growth <= linear * 1.1,
    },
    { area: AREA, metric: `  crescimento ${small} → ${large} artigos, Astro puro`, value: bare.get(large)!.seconds / bare.get(small)!.seconds, unit: '×' },
  );
  const loads = [real, ...ours.values(), ...bare.values()].map((m) => m.load);
  rows.push({ area: AREA, metric: 'carga média da máquina no início dos builds (máx., 1 min)', value: Math.max(...loads), unit: 'processos' });
  return rows;
}

if (import.meta.main) {
  const rows = await run();
  const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
  console.log('| medida | valor | unidade | meta | ok |\n| --- | ---: | --- | --- | :---: |');
  for (const r of rows) console.log(`| ${r.metric} | ${fmt(r.value)} | ${r.unit} | ${r.target ?? ''} | ${r.ok === undefined ? '' : r.ok ? '✅' : '❌'} |`);
}
