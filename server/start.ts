/** `npm start` / `npm run serve`: serves the built site, functions and negotiation on PORT (default 8888). */
import { siteOrigin } from '../src/config/site.ts';
import { startLocalServer } from './local.ts';

const port = Number.parseInt(process.env.PORT ?? '8888', 10);
const host = process.env.HOST ?? '0.0.0.0';
const server = await startLocalServer({ port, host });
console.log(`\n  Sinal Cognitivo rodando em http://localhost:${server.port}  (origem do serviço: ${siteOrigin()})\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
