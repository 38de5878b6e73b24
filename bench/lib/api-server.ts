/**
 * Child process of bench/api.ts: the local server (server/local.ts) on a free port, with the quotas raised
 * by environment (RATE_LIMIT_V1, RATE_LIMIT_PUBLIC, set by the parent). Sends its URL to the parent over IPC.
 */
import { startLocalServer } from '../../server/local.ts';

const server = await startLocalServer({ port: 0 });
process.send?.({ url: server.url });
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
