/**
 * The local server in a child process, for the load suite (tests/integration/load.test.ts): the server's
 * memory can then be sampled on its own, apart from the load generator. Started with `fork()` and
 * `--expose-gc`; talks over IPC:
 *
 *   child → parent  { type: 'ready', port }
 *   parent → child  { type: 'memory', gc?: boolean }  →  { type: 'memory', rss, heapUsed, external, connections }
 *
 * Configuration comes from the environment as for `npm start` (the contract's default quotas unless
 * RATE_LIMIT_V1 / RATE_LIMIT_PUBLIC say otherwise; the embedded in-memory store).
 */
import { startLocalServer } from '../../server/local.ts';

const server = await startLocalServer({ port: 0 });

process.on('message', (message: { type?: string; gc?: boolean }) => {
  if (message?.type !== 'memory') return;
  // The sockets still open (the load's keep-alive clients until the server has closed them).
  server.server.getConnections((_error, connections) => {
    if (message.gc && typeof globalThis.gc === 'function') globalThis.gc();
    const { rss, heapUsed, external } = process.memoryUsage();
    process.send?.({ type: 'memory', rss, heapUsed, external, connections });
  });
});
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
process.send?.({ type: 'ready', port: server.port });
