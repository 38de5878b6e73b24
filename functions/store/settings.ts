/**
 * The Upstash variables read and checked (by `loadConfig`): both set and usable, both unset (another store),
 * or a pt-BR `problem` naming the variable and the expected form. The values themselves never go into a
 * message: a `redis://` URL carries the database password, and the token is a secret.
 *
 * The expected form is the REST API's (Upstash console, the database's "REST API" section):
 * `UPSTASH_REDIS_REST_URL=https://<nome>.upstash.io` and `UPSTASH_REDIS_REST_TOKEN=<token>`.
 */
export type UpstashSettings = { upstash: { url: string; token: string } | undefined; problem?: undefined } | { upstash: undefined; problem: string };

const FORM = 'no formato https://<nome>.upstash.io (console do Upstash, seção REST API do banco)';

/** Why UPSTASH_REDIS_REST_URL cannot be used as the REST address, or undefined when it can. */
function urlProblem(raw: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme === 'redis' || scheme === 'rediss') {
    return `UPSTASH_REDIS_REST_URL está no formato ${scheme}:// (o endereço do protocolo Redis, que leva a senha do banco). Use a URL REST, ${FORM}, e o token REST em UPSTASH_REDIS_REST_TOKEN.`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `UPSTASH_REDIS_REST_URL não é uma URL. Use a URL REST do banco, ${FORM}.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `UPSTASH_REDIS_REST_URL usa o esquema ${url.protocol.slice(0, 20)}; use a URL REST do banco, ${FORM}.`;
  }
  if (url.username || url.password) {
    return `UPSTASH_REDIS_REST_URL traz usuário ou senha dentro da URL; a URL REST não leva credenciais: use ${FORM}, e o token em UPSTASH_REDIS_REST_TOKEN.`;
  }
  return undefined;
}

/** Reads UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN (already trimmed; undefined when unset or blank). */
export function upstashSettings(url: string | undefined, token: string | undefined): UpstashSettings {
  if (url === undefined && token === undefined) return { upstash: undefined };
  if (url === undefined) {
    return { upstash: undefined, problem: `UPSTASH_REDIS_REST_TOKEN está definido, mas UPSTASH_REDIS_REST_URL não: defina a URL REST do banco, ${FORM}.` };
  }
  const problem = urlProblem(url);
  if (problem) return { upstash: undefined, problem };
  if (token === undefined) {
    return {
      upstash: undefined,
      problem: 'UPSTASH_REDIS_REST_URL está definida, mas UPSTASH_REDIS_REST_TOKEN não: copie o token REST do banco (console do Upstash, seção REST API) para UPSTASH_REDIS_REST_TOKEN.',
    };
  }
  if (/\s/.test(token)) {
    return { upstash: undefined, problem: 'UPSTASH_REDIS_REST_TOKEN tem espaços ou quebras de linha no meio: copie o token REST de novo, numa linha só.' };
  }
  return { upstash: { url, token } };
}
