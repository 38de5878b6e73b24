/**
 * The site under Netlify's own local emulator, `@netlify/dev`: static files of dist/ with `_headers` and
 * `_redirects`, the functions from netlify/functions/*.mts (generated from functions/routes.ts, bundled by
 * Netlify's tooling) and the edge function netlify/edge-functions/markdown.ts in Deno. `startNetlifyDev` runs all
 * of it in a child process (tests/helpers/netlify-dev-process.ts) and hands the test its address.
 *
 * A plain Node http server plays Netlify's CDN: every request goes through `handleAndIntrospectNodeRequest`,
 * and the server's own origin is the emulator's `serverAddress`, where the edge function's `context.next()`
 * and its `fetch` of twins arrive. What the emulator leaves to its caller is done as Netlify does it: a
 * request nothing matches gets the site's `/404.html`, with its headers, and status 404.
 *
 * One thing the emulator gets wrong is set right here: its edge invoker (@netlify/edge-functions-dev 2.0.1,
 * dist/node/main.js) gets the edge function's answer from its Deno server with `fetch(url, request)`, `request`
 * being the client's request rebuilt by `@netlify/dev` with fetch's default redirect mode, `follow`. A redirect
 * that the edge function answers (`?site=` on the measurement page: 302 to the result page) is then followed
 * inside the emulator, which hands the client the target's answer (there, the result page's 404) instead of the
 * 302. Netlify hands the client the edge function's `Response` as it is (Edge Functions API: "the HTTP response
 * to be delivered to the client"; redirecting is one of the documented uses), so `deliverEdgeRedirects` makes
 * that one fetch with `redirect: 'manual'` while the emulator runs (it runs in this process).
 *
 * One thing is done faster than the emulator does it, with the same result: `@netlify/dev` bundles a function
 * again for every request (zip-it-and-ship-it and esbuild into a fresh temporary folder, seconds each here),
 * although its functions registry has already bundled each function once when it registered it (and bundles it
 * again when one of its files changes). `reuseRegisteredBundles` makes every request use that bundle: the code
 * that answers is the same bundle of the same sources, built once.
 *
 * The edge function needs Deno on PATH: the npm package `deno` (devDependency, 2.8.x: 2.9 rejects the flags
 * the emulator passes) puts it in node_modules/.bin. When the emulator cannot start Deno it silently serves
 * without edge functions, so `startNetlifyDev` asserts that the edge function answered before returning.
 */
import { fork, spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteOrigin } from '../../src/config/site.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = fileURLToPath(new URL('../../node_modules/.bin', import.meta.url));

export interface NetlifyDevServer {
  url: string;
  close(): Promise<void>;
}

const ci = () => process.env.CI === 'true' || process.env.CI === '1';

/**
 * `false` when Deno runs; otherwise a skip reason outside CI (with a loud message), and a thrown error under
 * CI, where no suite may skip itself.
 */
export function requireDeno(): false | string {
  if (!process.env.PATH?.split(delimiter).includes(bin)) process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ''}`;
  const run = spawnSync('deno', ['--version'], { encoding: 'utf8' });
  if (run.status === 0 && /^deno 2\.8\./m.test(run.stdout)) return false;
  const message = `Deno 2.8 não roda (${run.error?.message ?? (run.stdout || run.stderr).split('\n')[0]}): rode \`npm install\` (devDependency deno@~2.8) para a suíte de paridade com a Netlify`;
  if (ci()) throw new Error(`${message} (em CI nenhuma suíte pode ser pulada)`);
  console.warn(`\n!!! SUÍTE PULADA: ${message}\n`);
  return message;
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(body);
}

/** The header the emulator's edge invoker sets on its request to the Deno server (the functions to run). */
const EDGE_FUNCTIONS_HEADER = 'x-nf-edge-functions';

/** What `@netlify/functions-dev` keeps that the harness reads: its registry's functions and their bundling. */
interface FunctionsHandlerInternals {
  globalBuildDirectory?: string;
  scan: Promise<void>;
  registry: { functions: Map<string, { getBuildData(): Promise<unknown> }> };
}

/**
 * Makes the emulator's functions handler invoke the bundle its registry built when it registered the function
 * (awaited if still building) instead of bundling the function again into the request's own temporary folder:
 * `NetlifyFunction.invoke` builds only when it is given a build folder, and the handler hands it the request's
 * (or, without one, its global folder). `bundled()` resolves once every registered function is bundled. `undo`
 * restores the handler.
 */
async function reuseRegisteredBundles(): Promise<{ bundled(): Promise<void>; undo(): void }> {
  const { FunctionsHandler } = await import('@netlify/functions-dev');
  type Invoke = (this: FunctionsHandlerInternals, request: Request, route: unknown, func: unknown, buildDirectory?: string) => Promise<Response>;
  type Match = (this: FunctionsHandlerInternals, request: Request, buildDirectory?: string) => Promise<unknown>;
  const prototype = FunctionsHandler.prototype as unknown as { invoke: Invoke; match: Match };
  const { invoke, match } = prototype;
  const handlers = new Set<FunctionsHandlerInternals>();
  prototype.invoke = function (request, route, func) {
    this.globalBuildDirectory = undefined;
    return invoke.call(this, request, route, func, undefined);
  };
  prototype.match = function (request, buildDirectory) {
    handlers.add(this);
    return match.call(this, request, buildDirectory);
  };
  return {
    async bundled() {
      if (!handlers.size) throw new Error('o emulador não consultou as funções: o pacote de cada uma não pôde ser aguardado');
      for (const handler of handlers) {
        await handler.scan;
        await Promise.all([...handler.registry.functions.values()].map((func) => func.getBuildData()));
      }
    },
    undo() {
      prototype.invoke = invoke;
      prototype.match = match;
    },
  };
}

/**
 * Makes the emulator's request to its edge runtime return the edge function's redirects instead of following
 * them (see the top of this file); every other `fetch` of this process is left as it is. Returns the undo.
 */
function deliverEdgeRedirects(): () => void {
  const original = globalThis.fetch;
  const patched: typeof fetch = (input, init) => {
    if (init instanceof Request && init.headers.has(EDGE_FUNCTIONS_HEADER) && init.redirect !== 'manual') {
      const { method, headers, body, signal } = init;
      return original(input, { method, headers, body, signal, redirect: 'manual', duplex: 'half' } as RequestInit);
    }
    return original(input, init);
  };
  globalThis.fetch = patched;
  return () => {
    if (globalThis.fetch === patched) globalThis.fetch = original;
  };
}

/**
 * The emulator behind its harness server, in a process of its own (tests/helpers/netlify-dev-process.ts): the same
 * emulator costs this process three times the CPU inside a node:test test (its bundling and its request chain) as
 * in a plain Node process. The test talks to it over HTTP only.
 */
export async function startNetlifyDev(): Promise<NetlifyDevServer> {
  if (requireDeno()) throw new Error('Deno indisponível');
  const child = fork(fileURLToPath(new URL('./netlify-dev-process.ts', import.meta.url)), [], {
    env: { ...process.env, SITE_URL: process.env.SITE_URL ?? siteOrigin() },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`o processo do @netlify/dev saiu (${code}) antes de servir`)));
    child.on('message', (message: { type?: string; url?: string; error?: string }) => {
      if (message.type === 'ready' && message.url) resolve(message.url);
      if (message.type === 'error') reject(new Error(message.error));
    });
  });
  return {
    url,
    async close() {
      child.send({ type: 'close' });
      await exited;
    },
  };
}

/** The emulator and its harness server in this process (the body of tests/helpers/netlify-dev-process.ts). */
export async function serveNetlifyDev(): Promise<NetlifyDevServer> {
  if (requireDeno()) throw new Error('Deno indisponível');
  // Functions run in this process: pin the service origin to the one the build used (SITE_URL, or the
  // default), so that the emulator's own variables (URL, CONTEXT) do not change what the functions answer.
  process.env.SITE_URL ??= siteOrigin();
  const { NetlifyDev } = await import('@netlify/dev');

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const quiet = (...args: unknown[]) => {
    if (process.env.NETLIFY_DEV_VERBOSE) console.log(...args);
  };
  const dev = new NetlifyDev({
    projectRoot: root,
    serverAddress: url,
    logger: { log: quiet, warn: quiet, error: (...args: unknown[]) => console.error('[@netlify/dev]', ...args) },
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });

  // Netlify's answer when nothing matches: the site's 404 page, with the headers of its rules. Fetched as the
  // origin request the edge function's `context.next()` makes (the emulator's passthrough header), since the
  // edge function has already run for the request that is being answered.
  const notFound = async (): Promise<Response> => {
    const page = await dev.handle(new Request(new URL('/404.html', url), { headers: { 'x-nf-passthrough': 'passthrough' } }));
    if (!page) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    return new Response(page.body, { status: 404, headers: page.headers });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    (async () => {
      const result = await dev.handleAndIntrospectNodeRequest(req);
      await send(res, result?.response ?? (await notFound()));
    })().catch((error: unknown) => {
      console.error('[netlify-dev harness]', error);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('harness error');
    });
  });

  const restoreFetch = deliverEdgeRedirects();
  const bundles = await reuseRegisteredBundles();
  const close = async () => {
    await dev.stop();
    restoreFetch();
    bundles.undo();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  try {
    await dev.start();
    // Warm-up outside any edge invocation: the emulator builds every function before it can match a path
    // (tens of seconds on a loaded machine), and an edge invocation waiting on that would hit the edge
    // runtime's request timeout (36 s).
    await (await dev.handle(new Request(new URL('/', url), { headers: { 'x-nf-passthrough': 'passthrough' } })))?.arrayBuffer();
    // Every function bundled before the first request that may need one (from inside an edge invocation too).
    await bundles.bundled();
    // The edge function must have answered (the emulator skips edge functions when Deno fails to start).
    const probe = await fetch(new URL('/', url));
    await probe.arrayBuffer();
    if (!(probe.headers.get('x-nf-edge-functions') ?? '').split(',').includes('markdown')) {
      throw new Error(`a edge function "markdown" não rodou sob @netlify/dev (status ${probe.status}); veja se o Deno inicia`);
    }
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return { url, close };
}
