/**
 * The local adapter: one Node http server over the same app as Netlify (functions/app.ts: the route table, one
 * pipeline per route), the same edge negotiation, and the static output with Netlify's `_headers`/`_redirects`.
 * Used by `npm start`, the integration tests and the benchmarks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { LRUCache } from 'lru-cache';
import { negotiateMarkdown, negotiationOf } from '../functions/edge/negotiate.ts';
import { app } from '../functions/app.ts';
import type { Services } from '../functions/context.ts';
import { ifNoneMatchNames, strongEtag } from '../functions/http/conditional.ts';
import { errorResponse } from '../functions/http/errors.ts';
import { knownBody } from '../functions/http/known-body.ts';
import { isEdgeExcluded, matchFunctionRoute } from '../functions/routes.ts';
import { createServices, requestContext } from '../functions/services.ts';
import { DATA_SECURITY_HEADERS, withSecurityHeaders } from '../src/model/security-headers.ts';
import { bodylessRequest, hostOrigin } from './lazy-request.ts';
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

/** A static answer made once and kept: its status, header lines (name, value, name, value…), body and validator. */
interface StaticEntry {
  status: number;
  headers: string[];
  body: Buffer;
  /** The header lines of its 304 (the validator and caching fields, no content fields); for a 200 only. */
  notModified?: string[];
  etag?: string;
}

/** A response's header fields as the line list `writeHead` takes (name, value, name, value…), but those in `except`. */
function headerLines(headers: Headers, except: readonly string[] = []): string[] {
  const lines: string[] = [];
  for (const [name, value] of headers) if (!except.includes(name)) lines.push(name, value);
  return lines;
}

/** Bytes and header lines of an answer, with its length and, for a 200, a strong validator made from its bytes. */
async function staticEntry(response: Response): Promise<StaticEntry> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = headerLines(response.headers, ['content-length']);
  headers.push('content-length', String(body.length));
  if (response.status !== 200 || response.headers.has('etag')) return { status: response.status, headers, body };
  const etag = strongEtag(body);
  headers.push('etag', etag);
  const notModified: string[] = [];
  for (let i = 0; i < headers.length; i += 2) if (headers[i] !== 'content-length' && headers[i] !== 'content-type') notModified.push(headers[i]!, headers[i + 1]!);
  return { status: 200, headers, body, etag, notModified };
}

/** Writes a kept answer: 304 when the client's validator matches, the headers only for HEAD. */
function writeEntry(req: IncomingMessage, res: ServerResponse, entry: StaticEntry): void {
  if (entry.etag && entry.notModified && ifNoneMatchNames(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, entry.notModified);
    res.end();
    return;
  }
  res.writeHead(entry.status, entry.headers);
  res.end(req.method === 'HEAD' ? undefined : entry.body);
}

/** A response the app made from bytes it holds, written to the socket as they are (no stream read back). */
function writeKnown(res: ServerResponse, response: Response, body: Uint8Array | string): void {
  const headers = headerLines(response.headers);
  if (!response.headers.has('content-length') && response.status !== 204 && response.status !== 304) headers.push('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * A response the bridge did not make from known bytes (an event stream, a page read from a stream): its body read
 * and written as it comes, with back-pressure; the reading stops when the client goes away.
 */
async function writeStream(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, headerLines(response.headers));
  const body = response.body;
  if (!body || req.method === 'HEAD') {
    await body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = body.getReader();
  const gone = () => void reader.cancel().catch(() => {});
  res.once('close', gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((resolve) => (res.writableEnded || res.destroyed ? resolve(undefined) : res.once('drain', resolve).once('close', resolve)));
      if (res.destroyed) return;
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    res.off('close', gone);
  }
}

/**
 * A request that announces no body (no Transfer-Encoding, no Content-Length but 0): only these take the paths that
 * answer at once from memory. A GET or HEAD that sends a body anyway (chunked, say) goes through the bridge, which
 * answers after it: answered before its body arrived, the body's rest would reach the connection after the answer,
 * and the connection (kept alive for the client's next request) was reset.
 */
const bodyless = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');

/** What @hono/node-server takes for an answer already written (no body to read, nothing more to send). */
const ALREADY_SENT = new Response(null, { headers: { 'x-hono-already-sent': 'true' } });

/**
 * A request target whose path the URL parser would leave as it is (no dot segments, no percent-encoding, no
 * backslash or empty segment): the static fast path keys it by its raw path; anything else takes the bridge.
 * Segments are separated by exactly one slash, so the pattern is unambiguous and runs in linear time on any target
 * (a nested `(segment/?)*` form backtracked exponentially on a long target it rejects).
 */
const PLAIN_PATH = /^\/(?:(?:[A-Za-z0-9_~!$&'()*+,;=:@-][A-Za-z0-9._~!$&'()*+,;=:@-]*|\.well-known)(?:\/(?:[A-Za-z0-9_~!$&'()*+,;=:@-][A-Za-z0-9._~!$&'()*+,;=:@-]*|\.well-known))*\/?)?$/;

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const distDir = options.distDir ?? fileURLToPath(new URL('../dist/', import.meta.url));
  const site = await createStaticSite(distDir);
  const host = options.host ?? '127.0.0.1';
  const services = options.services ?? createServices(process.env);

  /**
   * The static answers, made once per path and variant and served from memory with their header lines and ETag: a
   * GET or HEAD of a plain path that no function serves is keyed by its path and by what the negotiation decides for
   * it (`negotiationOf`: the file as it is, the page with its twin's `Link`, or the twin itself), and answered before
   * any Request object is made. Answers found are kept (bounded by the site); the others (404s) in a bounded LRU.
   */
  const kept = new Map<string, StaticEntry>();
  const misses = new LRUCache<string, StaticEntry>({ max: 1_000 });
  const functionPaths = new LRUCache<string, boolean>({ max: 10_000 });
  const servedByFunction = (pathname: string): boolean => {
    let served = functionPaths.get(pathname);
    if (served === undefined) functionPaths.set(pathname, (served = matchFunctionRoute(pathname) !== undefined));
    return served;
  };
  /** The key of a static request's answer (undefined: not one to keep, e.g. a redirect). */
  const staticKey = (pathname: string, query: string, accept: string | null, userAgent: string | null): string | undefined => {
    if (isEdgeExcluded(pathname)) return `arquivo ${pathname}`;
    const decision = negotiationOf(pathname, new URLSearchParams(query), 'GET', accept, userAgent);
    if (decision.kind === 'redirect' || decision.kind === 'pass') return undefined;
    return `${decision.kind} ${pathname}${'twin' in decision ? ` ${decision.twin}` : ''}`;
  };
  const keptEntry = (key: string): StaticEntry | undefined => kept.get(key) ?? misses.get(key);
  const keep = (key: string, entry: StaticEntry): void => {
    if (entry.status === 200) kept.set(key, entry);
    else misses.set(key, entry);
  };
  /**
   * The static answer of a GET/HEAD of the plain path `pathname` no function serves, from memory when it is kept;
   * false when the request must take the bridge (which makes and keeps it).
   */
  const serveKept = (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    const q = req.url!.indexOf('?');
    const key = staticKey(pathname, q === -1 ? '' : req.url!.slice(q + 1), req.headers.accept ?? null, req.headers['user-agent'] ?? null);
    const entry = key === undefined ? undefined : keptEntry(key);
    if (!entry) return false;
    writeEntry(req, res, entry);
    return true;
  };

  /** The app's answer to a request from `socket`; an exception becomes the contract's 500, logged, never a stack. */
  const answer = async (request: Request, socket: Socket): Promise<Response> => {
    try {
      return await app.fetch(request, requestContext(services, socket.remoteAddress ?? '0.0.0.0'));
    } catch (error) {
      console.error(error);
      return withSecurityHeadersOn(errorResponse('server_error', 'Erro interno inesperado.', { status: 500 }));
    }
  };

  /**
   * A GET or HEAD for a function, near the metal: no request body to stream, so the bridge is skipped; the Request
   * (lazy where it can be: ./lazy-request.ts) is made from the raw header lines on the origin the Host named, and a
   * response the app made from known bytes is written as it is.
   */
  const serveFunction = async (req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> => {
    let request: Request;
    try {
      const pairs: [string, string][] = [];
      const raw = req.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
      request = bodylessRequest(req.method!, origin, req.url!, new Headers(pairs));
    } catch {
      sendJsonError(res, 400, 'invalid_request', 'Requisição HTTP malformada (Host ou alvo da requisição inválido).');
      return;
    }
    const response = await answer(request, req.socket);
    const body = knownBody(response);
    if (body !== undefined) writeKnown(res, response, body);
    else await writeStream(req, res, response);
  };

  /**
   * The Node ↔ Fetch bridge is @hono/node-server's (lazy request headers and URL, bodies streamed both ways,
   * unread request bodies drained after the response). Globals stay the platform's own `Request`/`Response`
   * (`overrideGlobalObjects: false`): handlers build the same objects here as on Netlify.
   */
  const listener = getRequestListener(
    async (request: Request, bindings: HttpBindings | Http2Bindings) => {
      const { incoming, outgoing } = bindings as HttpBindings;
      try {
        // The path as the URL parser makes it; a plain target is already that (no second parse on the hot path).
        const target = (incoming.url ?? '/').split('?', 1)[0]!;
        const pathname = PLAIN_PATH.test(target) ? target : new URL(request.url).pathname;
        if (servedByFunction(pathname)) {
          const response = await answer(request, incoming.socket);
          const body = knownBody(response);
          if (body === undefined || outgoing.headersSent) return response;
          writeKnown(outgoing, response, body);
          return ALREADY_SENT;
        }
        const method = request.method.toUpperCase();
        const key =
          (method === 'GET' || method === 'HEAD') && pathname === target && bodyless(incoming)
            ? staticKey(pathname, new URL(request.url).search.slice(1), request.headers.get('accept'), request.headers.get('user-agent'))
            : undefined;
        const read = (m: string) =>
          isEdgeExcluded(pathname)
            ? site.serve(pathname, m)
            : negotiateMarkdown(new Request(request.url, { method: m, headers: request.headers }), {
                next: () => site.serve(pathname, m),
                fetchPath: (path) => site.serve(path, 'GET'),
              });
        if (key === undefined) return await read(method);
        // Made once from the GET answer (HEAD sends its headers), then served from memory.
        let entry = keptEntry(key);
        if (!entry) keep(key, (entry = await staticEntry(await read('GET'))));
        writeEntry(incoming, outgoing, entry);
        return ALREADY_SENT;
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
    const origin = hostOrigin(req.headers.host);
    try {
      if (origin === undefined) throw new TypeError('Host inválido');
      req.url = requestPath(req.url ?? '/');
    } catch {
      sendJsonError(res, 400, 'invalid_request', 'Requisição HTTP malformada (Host ou alvo da requisição inválido).');
      return;
    }
    // An Upgrade request we answer normally: Node stops parsing that connection after it (the next request
    // on it would hang), so it is closed after this response.
    if (req.headers.upgrade !== undefined) res.shouldKeepAlive = false;
    else if ((req.method === 'GET' || req.method === 'HEAD') && bodyless(req)) {
      const target = req.url!.split('?', 1)[0]!;
      if (PLAIN_PATH.test(target)) {
        if (servedByFunction(target)) {
          void serveFunction(req, res, origin!);
          return;
        }
        if (serveKept(req, res, target)) return;
      }
    }
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
