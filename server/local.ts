/**
 * The local adapter: one Node http server over the same app as Netlify (functions/app.ts: the route table, one
 * pipeline per route), the same edge negotiation, and the static output with Netlify's `_headers`/`_redirects`.
 * Used by `npm start`, the integration tests and the benchmarks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { negotiateMarkdown } from '../functions/edge/negotiate.ts';
import { app } from '../functions/app.ts';
import type { Services } from '../functions/context.ts';
import { errorResponse } from '../functions/http/errors.ts';
import { isEdgeExcluded, matchFunctionRoute } from '../functions/routes.ts';
import { createServices, requestContext } from '../functions/services.ts';
import { DATA_SECURITY_HEADERS, withSecurityHeaders } from '../src/model/security-headers.ts';
import { createStaticSite } from './static.ts';

export interface LocalServerOptions {
  /** Static output folder (default: dist/ of this project). */
  distDir?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /**
   * The services every request context carries (configuration, store, clock, network); built from
   * process.env when absent. Read per request: a test may swap a member between requests.
   */
  services?: Services;
}

export interface LocalServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * The request-target as a path and query, never as an authority: `//evil.test/mcp` is the path
 * `//evil.test/mcp` (resolving it as a relative URL would make it host `evil.test`, path `/mcp`). The
 * absolute form (`http://host/path`, which proxies send) keeps only its path and query: the authority is
 * always the Host header's. Anything else (the asterisk form) is refused with a 400.
 */
function requestPath(target: string): string {
  if (target.startsWith('/')) return target;
  if (/^https?:\/\//i.test(target)) {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  }
  throw new TypeError('alvo de requisição fora das formas de origem e absoluta');
}

/** The Host header names an authority and nothing else (no path, query or credentials hidden in it). */
function validHost(host: string): boolean {
  try {
    const base = new URL(`http://${host}`);
    return base.href === `${base.origin}/`;
  } catch {
    return false;
  }
}

/** A response the adapter built itself (no handler ran) with the security headers every function response has. */
const withSecurityHeadersOn = (response: Response): Response => {
  withSecurityHeaders(response.headers);
  return response;
};

/** Methods the WHATWG `Request` constructor refuses (it throws): answered here, before any route. */
const UNSUPPORTED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/**
 * The header lines of an error the adapter answers itself (no route ran, so the pipeline's guard adds nothing): the
 * contract's JSON error, never stored, with the security headers of every data response.
 */
const ADAPTER_ERROR_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  ...DATA_SECURITY_HEADERS,
};

/** A contract error answered by the adapter itself (the request never reaches a route); the connection is closed. */
function sendJsonError(res: ServerResponse, status: number, error: string, description: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ error, error_description: description });
  res.shouldKeepAlive = false;
  res.writeHead(status, { ...ADAPTER_ERROR_HEADERS, 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** An error response written straight to the socket (no request object exists), then the connection closed. */
function writeRawError(socket: Socket, status: number, error: string, description: string, options: { head?: boolean; headers?: string[] } = {}): void {
  const body = JSON.stringify({ error, error_description: description });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...Object.entries(ADAPTER_ERROR_HEADERS).map(([name, value]) => `${name}: ${value}`),
    ...(options.headers ?? []),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${options.head ? '' : body}`, () => socket.destroy());
}

/**
 * Requests Node's HTTP parser refuses before any handler runs (bytes outside the URL grammar, control
 * characters in header values, headers over the size limit, bad chunking…): the same statuses Node would
 * send (400, 431, 408), but with the contract's JSON error body instead of an empty one.
 */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || (inFlight && inFlight.headersSent)) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const description =
    status === 431
      ? 'Cabeçalhos grandes demais: o limite é de 16 KB para a linha de requisição e os cabeçalhos juntos.'
      : status === 408
        ? 'A requisição não chegou completa a tempo.'
        : 'Requisição HTTP malformada (linha de requisição, cabeçalhos ou corpo fora da sintaxe do HTTP/1.1).';
  // A HEAD request gets the headers only (its client would read a body as the start of the next response).
  writeRawError(socket, status, 'invalid_request', description, { head: error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ' });
}

/** CONNECT (Node hands it over as a tunnel request; without an answer the client just sees a closed socket). */
function answerConnect(_req: IncomingMessage, socket: Socket): void {
  socket.on('error', () => {});
  writeRawError(socket, 405, 'method_not_allowed', 'O método CONNECT não é aceito: este servidor não é um proxy.', { headers: ['Allow: GET, HEAD, POST, OPTIONS'] });
}

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const distDir = options.distDir ?? fileURLToPath(new URL('../dist/', import.meta.url));
  const site = await createStaticSite(distDir);
  const host = options.host ?? '127.0.0.1';
  const services = options.services ?? createServices(process.env);

  /**
   * The Node ↔ Fetch bridge is @hono/node-server's (lazy request headers and URL, bodies streamed both ways,
   * unread request bodies drained after the response). Globals stay the platform's own `Request`/`Response`
   * (`overrideGlobalObjects: false`): handlers build the same objects here as on Netlify.
   */
  const listener = getRequestListener(
    async (request: Request, bindings: HttpBindings | Http2Bindings) => {
      const { incoming } = bindings as HttpBindings;
      try {
        const { pathname } = new URL(request.url);
        if (matchFunctionRoute(pathname)) return await app.fetch(request, requestContext(services, incoming.socket.remoteAddress ?? '0.0.0.0'));
        if (isEdgeExcluded(pathname)) return await site.serve(pathname, request.method);
        return await negotiateMarkdown(request, {
          next: () => site.serve(pathname, request.method),
          fetchPath: (path) => site.serve(path, 'GET'),
        });
      } catch (error) {
        console.error(error);
        return withSecurityHeadersOn(errorResponse('server_error', 'Erro interno inesperado.', { status: 500 }));
      }
    },
    {
      overrideGlobalObjects: false,
      // The bridge could not make a Request of what came (a Host it refuses, a malformed target).
      // Like the refusals in front of the bridge (sendJsonError), the connection is closed after it.
      errorHandler: () =>
        withSecurityHeadersOn(errorResponse('invalid_request', 'Requisição HTTP malformada (Host ou alvo da requisição inválido).', { status: 400, headers: { connection: 'close' } })),
    },
  );

  // requireHostHeader: false so that the missing-Host 400 below carries the contract's JSON body.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    if (req.headers.host === undefined && req.httpVersionMinor >= 1) {
      sendJsonError(res, 400, 'invalid_request', 'Cabeçalho Host ausente: obrigatório em HTTP/1.1.');
      return;
    }
    if (UNSUPPORTED_METHODS.has(req.method ?? '')) {
      // The WHATWG Request refuses these methods; no route accepts them anyway.
      sendJsonError(res, 405, 'method_not_allowed', `O método ${req.method} não é aceito.`, { allow: 'GET, HEAD, POST, OPTIONS' });
      return;
    }
    req.headers.host ??= `${host}:${(server.address() as AddressInfo).port}`;
    try {
      if (!validHost(req.headers.host)) throw new TypeError('Host inválido');
      req.url = requestPath(req.url ?? '/');
    } catch {
      sendJsonError(res, 400, 'invalid_request', 'Requisição HTTP malformada (Host ou alvo da requisição inválido).');
      return;
    }
    // An Upgrade request we answer normally: Node stops parsing that connection after it (the next request
    // on it would hang), so it is closed after this response.
    if (req.headers.upgrade !== undefined) res.shouldKeepAlive = false;
    void listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
