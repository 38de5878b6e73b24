/**
 * One Chromium per test run, shared by the browser files. `npm test` (scripts/test.ts) starts it once
 * (`startSharedChromium`: Playwright's browser server over Debian's Chromium, plus a DevTools port for Lighthouse)
 * and hands its addresses to every test file in the environment; each file connects (`connectBrowser`) instead of
 * launching its own. A file run on its own (`node --test tests/browser/x.test.ts`) launches a private Chromium
 * with the same arguments, so it behaves the same either way.
 *
 * Isolation stays per test: a file opens its own browser contexts (cookies, storage, permissions, viewport are
 * per context) and closing its `Browser` closes every context it opened, leaving the shared Chromium running.
 */
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './system.ts';

/** Playwright's WebSocket endpoint of the shared browser server. */
export const BROWSER_WS_ENV = 'TEST_CHROMIUM_WS';
/** The shared Chromium's DevTools port (Lighthouse speaks the DevTools protocol itself). */
export const BROWSER_CDP_PORT_ENV = 'TEST_CHROMIUM_CDP_PORT';

export interface SharedChromium {
  wsEndpoint: string;
  cdpPort: number;
  /** The variables a test process needs to connect. */
  env: Record<string, string>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the run's Chromium (Playwright's headless defaults, the project's arguments, a DevTools port on loopback). */
export async function startSharedChromium(): Promise<SharedChromium> {
  const { chromium } = await import('playwright-core');
  const cdpPort = await freePort();
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--remote-debugging-address=127.0.0.1', `--remote-debugging-port=${cdpPort}`],
  });
  const wsEndpoint = server.wsEndpoint();
  return {
    wsEndpoint,
    cdpPort,
    env: { [BROWSER_WS_ENV]: wsEndpoint, [BROWSER_CDP_PORT_ENV]: String(cdpPort) },
    close: () => server.close(),
  };
}

/**
 * The browser of a test file: a connection to the run's shared Chromium when there is one, otherwise a Chromium
 * of its own. `browser.close()` is right in both cases (a connection closes its contexts and disconnects).
 */
export async function connectBrowser(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const ws = process.env[BROWSER_WS_ENV];
  if (ws) return chromium.connect(ws);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** The shared Chromium's DevTools port, when the run has one (Lighthouse then drives it instead of launching). */
export const sharedDevToolsPort = (): number | undefined => {
  const port = Number(process.env[BROWSER_CDP_PORT_ENV]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
};

/**
 * How many tests of a browser file run at once (`describe(…, { concurrency: BROWSER_CONCURRENCY })`), each in
 * contexts of its own: pages wait on the server and the renderer most of the time, so a few at once keep both
 * cores busy.
 */
export const BROWSER_CONCURRENCY = 3;

/** Runs `work` on every item, at most `limit` at a time; the results keep the items' order. */
export async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
