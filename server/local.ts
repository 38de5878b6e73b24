/**
 * The local adapter: one Node http server over the same route table and function cores as Netlify, the
 * same edge negotiation, and the static output with Netlify's `_headers`/`_redirects`. Used by `npm start`,
 * the integration tests and the benchmarks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { negotiateMarkdown } from '../functions/edge/negotiate.ts';
import { runHandler } from '../functions/http/run.ts';
import { createServices, requestContext } from '../functions/http/services.ts';
import type { Handler, Services } from '../functions/http/types.ts';
import { type FunctionRoute, isEdgeExcluded, matchFunctionRoute } from '../functions/routes.ts';
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

const functionsDir = new URL('../functions/', import.meta.url);
const handlers = new Map<string, Promise<Handler>>();
const loadHandler = (route: FunctionRoute): Promise<Handler> => {
  let handler = handlers.get(route.module);
  if (!handler) {
    handler = import(new URL(route.module, functionsDir).href).then((m: { default: Handler }) => m.default);
    handlers.set(route.module, handler);
  }
  return handler;
};

/**
 * The request body as a web stream. Not `Readable.toWeb(req)`: when a handler cancels that stream (a body
 * over its size limit), Node keeps delivering buffered chunks into the closed controller and the process
 * dies with ERR_INVALID_STATE. Here a cancel stops delivery and discards the rest of the upload.
 */
function bodyStream(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; discard(): void } {
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once('end', () => {
        if (done) return;
        done = true;
        controller.close();
      });
      req.once('error', (error) => {
        if (done) return;
        done = true;
        controller.error(error);
      });
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      done = true;
      req.resume();
    },
  });
  /**
   * Called once the response is written: a body the handler never read (a 405, a static page, an early 4xx)
   * is read off the wire and dropped. Left paused, it would stall the keep-alive connection and the next
   * request on it would hang (Node does not dump it itself once a 'data' listener was attached).
   */
  const discard = () => {
    if (req.complete) return;
    done = true;
    req.resume();
  };
  return { stream, discard };
}

/**
 * The request-target as a path and query, never as an authority: `//evil.test/mcp` is the path
 * `//evil.test/mcp` (resolving it as a relative URL would make it host `evil.test`, path `/mcp`). The
 * absolute form (`http://host/path`, which proxies send) keeps only its path and query; anything else (the
 * asterisk form) is refused with a 400.
 */
function requestPath(target: string): string {
  if (target.startsWith('/')) return target;
  if (/^https?:\/\//i.test(target)) {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  }
  throw new TypeError('alvo de requisição fora das formas de origem e absoluta');
}

function toRequest(req: IncomingMessage, origin: string): { request: Request; discardBody(): void } {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const base = new URL(origin);
  // The Host header names an authority and nothing else (no path, query or credentials hidden in it).
  if (base.href !== `${base.origin}/`) throw new TypeError('Host inválido');
  const url = new URL(`${base.origin}${requestPath(req.url ?? '/')}`);
  const body = hasBody ? bodyStream(req) : undefined;
  try {
    const request = new Request(url, {
      method,
      headers,
      body: body?.stream,
      // @ts-expect-error Node's fetch needs `duplex` for streamed request bodies.
      duplex: hasBody ? 'half' : undefined,
    });
    return { request, discardBody: () => body?.discard() };
  } catch (error) {
    body?.discard();
    throw error;
  }
}

/** Methods the WHATWG `Request` constructor refuses (it throws): answered here, before any route. */
const UNSUPPORTED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** A contract error answered by the adapter itself (the request never reaches a route); the connection is closed. */
function sendJsonError(res: ServerResponse, status: number, error: string, description: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ error, error_description: description });
  res.shouldKeepAlive = false;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

/** An error response written straight to the socket (no request object exists), then the connection closed. */
function writeRawError(socket: Socket, status: number, error: string, description: string, options: { head?: boolean; headers?: string[] } = {}): void {
  const body = JSON.stringify({ error, error_description: description });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
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

/**
 * Writes a web Response to Node's response. A body with a Content-Length is written in one go. A body
 * without one is streamed as it comes (an NDJSON measurement's progress, an event stream), unless it is
 * already complete one turn of the event loop after its first chunk (a JSON body built from a string): that
 * one is written with a Content-Length, as before.
 */
async function writeResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  // One pass over the headers (undici sorts the list on every iteration): collect them and note the length.
  const raw: string[] = [];
  let hasLength = false;
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    if (name === 'content-length') hasLength = true;
    raw.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) raw.push('set-cookie', cookie);
  const body = response.body;
  if (head || !body) {
    res.writeHead(response.status, response.statusText || undefined, raw);
    res.end();
    await body?.cancel().catch(() => {});
    return;
  }
  if (hasLength) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    res.writeHead(response.status, response.statusText || undefined, raw);
    res.end(bytes);
    return;
  }
  const reader = body.getReader();
  const first = await reader.read();
  let next: Promise<ReadableStreamReadResult<Uint8Array>> | undefined = first.done ? undefined : reader.read();
  const settled = next && (await Promise.race([next.then(() => true), new Promise<false>((resolve) => setImmediate(resolve, false))]));
  if (first.done || (settled && (await next!).done)) {
    const bytes = first.value ?? new Uint8Array(0);
    raw.push('content-length', String(bytes.byteLength));
    res.writeHead(response.status, response.statusText || undefined, raw);
    res.end(bytes);
    return;
  }
  res.writeHead(response.status, response.statusText || undefined, raw);
  res.flushHeaders();
  // The client going away cancels the body: its producer stops (a measurement stops sending progress), and
  // a pending read ends the loop below.
  const stop = () => void reader.cancel().catch(() => {});
  res.once('close', stop);
  try {
    let chunk: ReadableStreamReadResult<Uint8Array> = first;
    while (!chunk.done && !res.destroyed) {
      if (!res.write(chunk.value)) await drained(res);
      chunk = await (next ?? reader.read());
      next = undefined;
    }
  } catch (error) {
    // A body that fails midway: the status is already sent, so the response is cut short.
    console.error('[local] corpo interrompido:', error);
    res.destroy();
    return;
  } finally {
    res.off('close', stop);
    reader.releaseLock();
  }
  res.end();
}

/** Resolves when the response can take more data, or is closed. */
function drained(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const distDir = options.distDir ?? fileURLToPath(new URL('../dist/', import.meta.url));
  const site = await createStaticSite(distDir);
  const host = options.host ?? '127.0.0.1';
  const services = options.services ?? createServices(process.env);

  // requireHostHeader: false so that the missing-Host 400 below carries the contract's JSON body.
  const server = createServer({ requireHostHeader: false }, async (req, res) => {
    if (req.headers.host === undefined && req.httpVersionMinor >= 1) {
      sendJsonError(res, 400, 'invalid_request', 'Cabeçalho Host ausente: obrigatório em HTTP/1.1.');
      return;
    }
    if (UNSUPPORTED_METHODS.has(req.method ?? '')) {
      // The WHATWG Request refuses these methods; no route accepts them anyway.
      sendJsonError(res, 405, 'method_not_allowed', `O método ${req.method} não é aceito.`, { allow: 'GET, HEAD, POST, OPTIONS' });
      return;
    }
    const origin = `http://${req.headers.host ?? `${host}:${(server.address() as AddressInfo).port}`}`;
    // An Upgrade request we answer normally: Node stops parsing that connection after it (the next request
    // on it would hang), so it is closed after this response.
    if (req.headers.upgrade !== undefined) res.shouldKeepAlive = false;
    let discardBody = () => {};
    try {
      let request: Request;
      try {
        ({ request, discardBody } = toRequest(req, origin));
      } catch {
        sendJsonError(res, 400, 'invalid_request', 'Requisição HTTP malformada (Host ou alvo da requisição inválido).');
        return;
      }
      const { pathname } = new URL(request.url);
      const route = matchFunctionRoute(pathname);
      let response: Response;
      if (route) {
        response = await runHandler(await loadHandler(route), request, requestContext(services, req.socket.remoteAddress ?? '0.0.0.0'));
      } else if (isEdgeExcluded(pathname)) {
        response = await site.serve(pathname, request.method);
      } else {
        response = await negotiateMarkdown(request, {
          next: () => site.serve(pathname, request.method),
          fetchPath: (path) => site.serve(path, 'GET'),
        });
      }
      await writeResponse(res, response, request.method === 'HEAD');
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(res.headersSent ? undefined : JSON.stringify({ error: 'server_error', error_description: 'Erro interno inesperado.' }));
    } finally {
      discardBody();
    }
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
