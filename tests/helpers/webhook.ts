/**
 * A real webhook receiver on loopback for the contact form's delivery tests: records every JSON body it
 * accepts, can answer errors (`failNext(n)`: the next n calls get a 500) and can go down (`down()`: the port
 * refuses connections) and come back on the same port (`up()`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookReceiver {
  url: string;
  /** Bodies of the deliveries answered 2xx, in order. */
  received: Record<string, unknown>[];
  /** Every call, answered or failed. */
  calls(): number;
  failNext(count: number): void;
  down(): Promise<void>;
  up(): Promise<void>;
  /** Resolves when `count` deliveries have been received (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Record<string, unknown>[] = [];
  let calls = 0;
  let failures = 0;
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
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        } catch {
          res.writeHead(400).end('json inválido');
        }
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
    calls: () => calls,
    failNext: (count) => {
      failures = count;
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
