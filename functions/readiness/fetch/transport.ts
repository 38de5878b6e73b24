/**
 * The reading agent's transport: one HTTP/1.1 exchange over a socket that is already connected to the checked
 * address (./network.ts dials it; ./policy.ts decided it may be). It writes the request, reads the status and
 * headers, and reads the body only when the policy says it is worth reading, decompressed (gzip, deflate, br) and
 * cut at `maxBytes` decoded bytes (marked `truncated`). The time limit is the caller's signal.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchError } from './policy.ts';

/** One response as the transport read it (a redirect hop or the final answer). */
export interface Hop {
  status: number;
  headers: Headers;
  body: Buffer;
  truncated: boolean;
  skippedBody: boolean;
  ttfbMs: number;
}

export interface Exchange {
  socket: Duplex;
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Whether the body of a response of this media type is read (the policy's textual types). */
  readBody(mediaType: string): boolean;
  maxBytes: number;
  signal: AbortSignal;
  /** The error an abort of `signal` is reported as (a time limit, or the measurement's budget). */
  aborted(): FetchError;
  /** When the exchange started (for the time to first byte). */
  started: number;
}

/** `text/html; charset=utf-8` → `text/html`. */
export const mediaType = (header: string | null): string => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** A response body as text, in the charset its Content-Type names (UTF-8 by default; a leading BOM is dropped). */
export function decodeText(body: Buffer, contentType: string | null): string {
  if (body.length === 0) return '';
  const charset = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Sends one request on `exchange.socket` and reads its response; the socket is closed either way. */
export function exchangeOnce(exchange: Exchange): Promise<Hop> {
  const { socket, url, method, signal, maxBytes } = exchange;
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    let response: IncomingMessage | undefined;
    let stream: Readable | undefined;
    const finish = (error: Error | undefined, hop?: Hop) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        stream?.destroy();
        response?.destroy();
        req.destroy();
        socket.destroy();
        reject(error);
      } else {
        socket.destroy();
        resolve(hop as Hop);
      }
    };
    const onAbort = () => finish(exchange.aborted());
    signal.addEventListener('abort', onAbort, { once: true });

    const req = httpRequest({
      method,
      path: `${url.pathname}${url.search}`,
      headers: exchange.headers,
      createConnection: () => socket as never,
      setHost: false,
    });
    req.on('error', (error) => finish(new FetchError('protocol', url.href, `resposta HTTP inválida (${error.message})`, { cause: error })));
    req.on('response', (res) => {
      response = res;
      const ttfbMs = performance.now() - exchange.started;
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) {
          try {
            responseHeaders.append(name, v);
          } catch {
            // invalid header value: ignored
          }
        }
      }
      const status = res.statusCode ?? 0;
      const type = mediaType(responseHeaders.get('content-type'));
      const wantBody = method !== 'HEAD' && status !== 204 && status !== 304 && !(status >= 300 && status < 400);
      const textual = exchange.readBody(type);
      if (!wantBody || !textual) {
        res.resume();
        finish(undefined, { status, headers: responseHeaders, body: Buffer.alloc(0), truncated: false, skippedBody: wantBody && !textual, ttfbMs });
        return;
      }
      const encoding = (responseHeaders.get('content-encoding') ?? 'identity').trim().toLowerCase();
      let decoder: Readable = res;
      if (encoding === 'gzip' || encoding === 'x-gzip') decoder = res.pipe(createGunzip());
      else if (encoding === 'deflate') decoder = res.pipe(createInflate());
      else if (encoding === 'br') decoder = res.pipe(createBrotliDecompress());
      else if (encoding !== 'identity' && encoding !== '') {
        res.resume();
        finish(undefined, { status, headers: responseHeaders, body: Buffer.alloc(0), truncated: false, skippedBody: true, ttfbMs });
        return;
      }
      stream = decoder;
      const chunks: Buffer[] = [];
      let size = 0;
      decoder.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = maxBytes - size;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, Math.max(0, room)));
          size += Math.max(0, room);
          finish(undefined, { status, headers: responseHeaders, body: Buffer.concat(chunks), truncated: true, skippedBody: false, ttfbMs });
          decoder.destroy();
          res.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      decoder.on('end', () => finish(undefined, { status, headers: responseHeaders, body: Buffer.concat(chunks), truncated: false, skippedBody: false, ttfbMs }));
      decoder.on('error', (error) => finish(new FetchError('protocol', url.href, `corpo da resposta inválido (${error.message})`, { cause: error })));
      res.on('aborted', () => finish(new FetchError('protocol', url.href, 'a resposta foi interrompida')));
    });
    if (exchange.body !== undefined) req.end(exchange.body);
    else req.end();
  });
}
