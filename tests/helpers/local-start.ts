/**
 * `npm start` and `npm run contatos` as a person runs them (server/start.ts in a child process, no build), for tests of what happens at
 * start-up and across restarts: the configuration it refuses, the warnings it prints, a data folder it keeps.
 *
 * - `startServer(env)` waits for "rodando em http://localhost:<porta>" and gives the URL, the output so far and
 *   `stop()` (SIGTERM); it rejects with the output when the process exits first.
 * - `runStart(env)` runs it to its exit (a refused configuration) and gives the exit code and the output.
 *
 * - `runContatos(env, args)` runs `npm run contatos` (scripts/contatos.ts) to its exit.
 *
 * `shell` runs the start through `bash -c` with a prefix (e.g. `ulimit -f 5120;` to give the process a full
 * disk); `user` runs it as another user (root ignores file permissions, so a read-only folder needs one).
 */
import { spawn } from 'node:child_process';
import { chmodSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Lets another user reach the checkout: adds the others' search bit (x, never read) to each folder above it that
 * lacks it, and returns what undoes that. A checkout under `mktemp -d` (mode 700) is closed to everyone but its owner,
 * and a process started as another `user` could not even load Node from it (EACCES).
 */
export function openPathToCheckout(): () => void {
  const changed: [string, number][] = [];
  for (let dir = root.replace(/\/$/, ''); dir !== dirname(dir); dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001);
      changed.push([dir, mode]);
    }
  }
  return () => {
    for (const [dir, mode] of changed.reverse()) chmodSync(dir, mode);
  };
}

export interface StartOptions {
  /** Shell commands run before `exec node server/start.ts` (bash). */
  shell?: string;
  /** uid/gid to run as. */
  user?: { uid: number; gid: number };
}

/** The variables of a plain local start: no Netlify, no Upstash, no webhook, a free port on loopback. */
export const LOCAL_START_ENV: Record<string, string> = {
  NETLIFY: '',
  PORT: '0',
  HOST: '127.0.0.1',
  UPSTASH_REDIS_REST_URL: '',
  UPSTASH_REDIS_REST_TOKEN: '',
  CONTACT_WEBHOOK_URL: '',
};

function launch(env: Record<string, string>, options: StartOptions) {
  const script = join(root, 'server/start.ts');
  const [command, args] = options.shell
    ? ['bash', ['-c', `${options.shell} exec "${process.execPath}" "${script}"`]]
    : [process.execPath, [script]];
  const child = spawn(command, args as string[], {
    env: { ...process.env, ...LOCAL_START_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: root,
    ...(options.user ?? {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

export interface StartedServer {
  url: string;
  out(): string;
  err(): string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>, options: StartOptions = {}, timeoutMs = 20_000): Promise<StartedServer> {
  const run = launch(env, options);
  const started = /rodando em http:\/\/localhost:(\d+)/;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  while (!started.test(run.out())) {
    if (exitCode !== undefined) throw new Error(`o servidor saiu com ${exitCode} antes de iniciar:\n${run.out()}\n${run.err()}`);
    if (Date.now() > deadline) {
      run.child.kill('SIGKILL');
      throw new Error(`o servidor não iniciou em ${timeoutMs} ms:\n${run.out()}\n${run.err()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url: `http://127.0.0.1:${started.exec(run.out())![1]}`,
    out: run.out,
    err: run.err,
    stop: async () => {
      if (exitCode === undefined) run.child.kill('SIGTERM');
      await run.exited;
    },
  };
}

export async function runStart(env: Record<string, string>, options: StartOptions = {}, timeoutMs = 20_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = launch(env, options);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), timeoutMs);
  const code = await run.exited;
  clearTimeout(timer);
  return { code, stdout: run.out(), stderr: run.err() };
}

/** `npm run contatos` with `env` (over the plain local start's variables), to its exit. */
export function runContatos(env: Record<string, string>, args: string[] = [], options: Pick<StartOptions, 'user'> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'scripts/contatos.ts'), ...args], {
    env: { ...process.env, ...LOCAL_START_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.user ?? {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
