/**
 * `GET /.well-known/http-message-signatures-directory`: the reading agent's key directory (JWKS), signed per the Web
 * Bot Auth draft (a static file cannot carry the per-request signature headers).
 */
import { methods } from '../../http/steps.ts';
import { route, type RouteExchange } from '../../route.ts';
import { errorResponse } from '../../http/errors.ts';
import { withCors } from '../../http/cors.ts';
import { currentReaderKey, directoryBody, directoryResponseHeaders } from '../agent/signing.ts';
import { PAUSED_RETRY_AFTER_SECONDS } from '../gate.ts';

const DIRECTORY_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** What a browser may read of the key directory's response: its signature. */
const DIRECTORY_EXPOSED_HEADERS = ['Signature', 'Signature-Input', 'Content-Digest'] as const;

// Key directory

/** The signed directory of the reader's current key; no key configured → 503 with `Retry-After`. */
async function keyDirectory(_input: unknown, x: RouteExchange): Promise<Response> {
  const { config } = x.context;
  const key = await currentReaderKey(config);
  if (!key) {
    return errorResponse('temporarily_unavailable', 'O agente de leitura não tem chave configurada (READER_SIGNING_KEY).', {
      headers: { 'Retry-After': String(PAUSED_RETRY_AFTER_SECONDS) },
    });
  }
  const body = directoryBody(key);
  const headers = new Headers(directoryResponseHeaders(key, config.origin, body));
  // Ephemeral keys (local start) change on restart: keep caches short then.
  headers.set('cache-control', config.readerSigningKeyEphemeral ? 'no-cache' : 'public, max-age=3600');
  headers.set('content-length', String(Buffer.byteLength(body)));
  return withCors(new Response(x.method === 'HEAD' ? null : body, { status: 200, headers }), DIRECTORY_EXPOSED_HEADERS);
}

export const keyDirectoryRoute = route({
  name: 'readiness.key-directory',
  steps: [methods({ methods: DIRECTORY_METHODS, cors: {}, notAllowed: () => 'Use GET para ler o diretório de chaves.' })],
  handle: keyDirectory,
});
