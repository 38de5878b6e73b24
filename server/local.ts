/**
 * The local adapter: one Node http server over the same route table and function cores as Netlify, the
 * same edge negotiation, and the static output with Netlify's `_headers`/`_redirects`. Used by `npm start`,
 * the integration tests and the benchmarks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { negotiateMarkdown } from '../functions/edge/negotiate.ts';
import { runHandler } from '../functions/http/run.ts';
import type { Handler } from '../functions/http/types.ts';
import { EDGE_EXCLUDED_PATHS, type FunctionRoute, matchFunctionRoute } from '../functions/routes.ts';
import { createStaticSite } from './static.ts';

export interface LocalServerOptions {
  /** Static output folder (default: dist/ of this project). */
  distDir?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
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

const edgeExcluded = EDGE_EXCLUDED_PATHS.map((pathname) => new URLPattern({ pathname }));

/**
 * The request body as a web stream. Not `Readable.toWeb(req)`: when a handler cancels that stream (a body
 * over its size limit), Node keeps delivering buffered chunks into the closed controller and the process
 * dies with ERR_INVALID_STATE. Here a cancel stops delivery and discards the rest of the upload.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>({
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
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    // @ts-expect-error Node's fetch needs `duplex` for streamed request bodies.
    duplex: hasBody ? 'half' : undefined,
  });
}

async function writeResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (head || !response.body) {
    res.end();
    await response.body?.cancel().catch(() => {});
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
    }
  } finally {
    res.end();
  }
}

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const distDir = options.distDir ?? fileURLToPath(new URL('../dist/', import.meta.url));
  const site = await createStaticSite(distDir);
  const host = options.host ?? '127.0.0.1';

  const server = createServer(async (req, res) => {
    const origin = `http://${req.headers.host ?? `${host}:${(server.address() as AddressInfo).port}`}`;
    try {
      let request: Request;
      try {
        request = toRequest(req, origin);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'invalid_request', error_description: 'Requisição HTTP malformada.' }));
        return;
      }
      const { pathname } = new URL(request.url);
      const route = matchFunctionRoute(pathname);
      let response: Response;
      if (route) {
        response = await runHandler(await loadHandler(route), request, { clientAddress: req.socket.remoteAddress ?? '0.0.0.0' });
      } else if (edgeExcluded.some((p) => p.test({ pathname }))) {
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
    }
  });
  server.keepAliveTimeout = 65_000;

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
