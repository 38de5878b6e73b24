/**
 * The process that runs `@netlify/dev` and its harness server for `startNetlifyDev` (tests/helpers/netlify-dev.ts),
 * started with `fork()`. Talks over IPC:
 *
 *   child → parent  { type: 'ready', url } once the emulator serves (or { type: 'error', error })
 *   parent → child  { type: 'close' }: stops the emulator, then the process exits
 */
import { serveNetlifyDev } from './netlify-dev.ts';

try {
  const server = await serveNetlifyDev();
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'close') void server.close().finally(() => process.exit(0));
  });
  process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
  process.send?.({ type: 'ready', url: server.url });
} catch (error) {
  process.send?.({ type: 'error', error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
