/**
 * A real webhook receiver on loopback for the contact form's delivery tests: records every JSON body it
 * accepts (and the headers it came with), can answer errors (`failNext(n)`: the next n calls get a 500), answer
 * late (`answerAfter(ms)`: it records the delivery when it arrives and answers 200 only `ms` later, like an
 * automation that does its work before answering), and can go down (`down()`: the port refuses connections)
 * and come back on the same port (`up()`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookReceiver {
  url: string;
  /** Bodies of the deliveries answered 2xx (or, with `answerAfter`, accepted and still to be answered), in order. */
  received: Record<string, unknown>[];
  /** The request headers of each entry of `received`. */
  headers: Record<string, string | string[] | undefined>[];
  /** Every call, answered or failed. */
  calls(): number;
  failNext(count: number): void;
  /** From now on, answer every delivery `ms` later (0: at once). */
  answerAfter(ms: number): void;
  down(): Promise<void>;
  up(): Promise<void>;
  /** Resolves when `count` deliveries have been received (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Record<string, unknown>[] = [];
  const headers: Record<string, string | string[] | undefined>[] = [];
  let calls = 0;
  let failures = 0;
  let delayMs = 0;
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        calls++;
        if (failures > 0) {
          failures--;
          res.writeHead(500).end('falha simulada');
          return;
        }
        try {
          received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
          headers.push({ ...req.headers });
        } catch {
          res.writeHead(400).end('json inválido');
          return;
        }
        const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  };
  const stop = async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  };
  await listen();
  return {
    url: `http://127.0.0.1:${port}/gancho`,
    received,
    headers,
    calls: () => calls,
    failNext: (count) => {
      failures = count;
    },
    answerAfter: (ms) => {
      delayMs = ms;
    },
    down: stop,
    up: listen,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`o receptor recebeu ${received.length} de ${count} entrega(s) em ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: stop,
  };
}
