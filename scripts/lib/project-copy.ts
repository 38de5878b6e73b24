/**
 * A throwaway copy of this project in the OS temp dir (sources and content copied, node_modules symlinked),
 * with its own Astro and Vite caches (the defaults live in node_modules and would be shared through the
 * symlink). Used by the content-error tests and the build benchmark. Build it with `--config COPY_CONFIG`.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const COPY_CONFIG = 'astro.copy.config.mjs';
const COPIED = ['src', 'functions', 'content', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json'];

/** An empty temp dir with node_modules linked to this project's. */
export async function tempProjectDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** A copy of the project (optionally with extra articles copied into content/blog/). */
export async function copyProject(prefix: string, extraArticles?: string): Promise<string> {
  const dir = await tempProjectDir(prefix);
  for (const name of COPIED) await cp(join(PROJECT_ROOT, name), join(dir, name), { recursive: true }).catch(() => undefined);
  if (extraArticles) await cp(extraArticles, join(dir, 'content/blog'), { recursive: true });
  await writeFile(
    join(dir, COPY_CONFIG),
    "import config from './astro.config.mjs';\nexport default { ...config, cacheDir: './.astro-cache', vite: { ...config.vite, cacheDir: './.vite-cache' } };\n",
  );
  return dir;
}

export interface CopyBuild {
  /** Exit status of `astro build` (null when it was killed). */
  code: number | null;
  /** What it printed (standard output and error, in order). */
  output: string;
}

/**
 * Runs `astro build` in a copy made by `copyProject`, with the process's environment plus `env` (colours off);
 * killed after `timeoutMs`.
 */
export function buildProjectCopy(dir: string, env: Record<string, string> = {}, timeoutMs = 120_000): Promise<CopyBuild> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, 'node_modules/astro/bin/astro.mjs'), 'build', '--config', COPY_CONFIG], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
