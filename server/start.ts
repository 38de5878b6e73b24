/** `npm start` / `npm run serve`: serves the built site, functions and negotiation on PORT (default 8888). */
import { startRetryTimer } from '../functions/contact/retry.ts';
import { startFollowTimer } from '../functions/follow/scheduler.ts';
import { createServices } from '../functions/services.ts';
import { describeStore, LOCAL_DATA_DIR, storeStartupNotice } from '../functions/store/index.ts';
import { startLocalServer } from './local.ts';

// The embedded store keeps its data in a file across restarts (leads, readings); tests use memory instead.
process.env.DATA_DIR ??= LOCAL_DATA_DIR;

// The process's services, built once from the environment. Configuration that would make routes fail is
// refused at start-up, with the variable and the remedy named (never its value): a weak secret, a storage
// variable that is set but unusable, a data folder that cannot hold the data.
const services = createServices(process.env);
const storage = storeStartupNotice(services.store);
for (const problem of [services.config.jwtSecretProblem, storage.problem]) {
  if (problem) {
    console.error(`\n  Não foi possível iniciar: ${problem}\n`);
    process.exit(1);
  }
}
if (storage.warning) console.warn(`\n  Aviso: ${storage.warning}\n`);

const port = Number.parseInt(process.env.PORT ?? '8888', 10);
const host = process.env.HOST ?? '0.0.0.0';
const server = await startLocalServer({ port, host, services });
// Contact leads whose webhook delivery failed are retried by this timer (on Netlify, a scheduled function).
startRetryTimer(services);
// Followed domains are measured again by this timer when their turn comes (on Netlify, a scheduled function).
startFollowTimer(services);
const { mail, mailProblem, followIntervalSeconds } = services.config;
console.log(
  mail
    ? `  Acompanhamento por e-mail: ativo (SMTP ${mail.host}:${mail.port}; medição a cada ${followIntervalSeconds} s)`
    : `  Acompanhamento por e-mail: desligado (${mailProblem ?? 'SMTP_URL não definido'})`,
);
console.log(`  Armazenamento: ${describeStore(services.store)}`);
console.log(`\n  Sinal Cognitivo rodando em http://localhost:${server.port}  (origem do serviço: ${services.config.origin})\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
