/**
 * A real `redis-server` on a free port plus a small Upstash REST bridge in front of it, so the real
 * `@upstash/redis` client can run against real Redis in tests (no local Upstash server exists).
 *
 * Bridge protocol (what @upstash/redis speaks): `Authorization: Bearer <token>`; `POST /` with a JSON command
 * array → `{ result }` or `{ error }` (400); `POST /pipeline` and `POST /multi-exec` with an array of commands
 * → an array of `{ result }` / `{ error }`. With `Upstash-Encoding: base64`, string replies are base64 (except
 * the status `OK`), recursively inside arrays, as Upstash does.
 *
 * `pauseRedis()` freezes the Redis process (SIGSTOP) to simulate a dead backend: commands hang and the
 * client's timeout has to fire. `resumeRedis()` sends SIGCONT.
 *
 * `elapse(ms)` lets time pass for the data without waiting: every key that expires is given an expiry `ms`
 * earlier (PEXPIRETIME, then PEXPIREAT), so Redis itself expires what would have expired by then.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { createClient } from 'redis';
import { requireSystem } from './system.ts';

export interface RedisBridge {
  /** Upstash REST URL of the bridge (UPSTASH_REDIS_REST_URL). */
  url: string;
  /** Bearer token the bridge requires (UPSTASH_REDIS_REST_TOKEN). */
  token: string;
  redisPort: number;
  /** Number of REST requests the bridge received. */
  requests(): number;
  /** Runs one command on Redis directly, behind the store's back (to damage a record, to set `maxmemory`). */
  command(args: string[]): Promise<unknown>;
  pauseRedis(): void;
  resumeRedis(): void;
  /** Resolves once Redis has answered every command the bridge passed on before (one connection, in order). */
  drain(): Promise<void>;
  /** As if `ms` had passed: every key with an expiry expires `ms` earlier (Redis drops those now due). */
  elapse(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/** `false` when redis-server is available; a skip reason outside CI; throws under CI (see tests/helpers/system.ts). */
export const redisUnavailable = (): false | string => requireSystem('redis-server', 'redis-server');

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type RedisClient = ReturnType<typeof createClient>;
type Reply = { result: unknown } | { error: string };

const encode = (value: unknown): unknown => {
  if (typeof value === 'string') return value === 'OK' ? value : Buffer.from(value, 'utf8').toString('base64');
  if (Array.isArray(value)) return value.map(encode);
  return value;
};

const toArgs = (command: unknown): string[] => {
  if (!Array.isArray(command) || command.length === 0) throw new Error('ERR command must be a non-empty array');
  return command.map((part) => (typeof part === 'string' ? part : JSON.stringify(part)));
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function runOne(client: RedisClient, command: unknown, base64: boolean): Promise<Reply> {
  try {
    const result = await client.sendCommand(toArgs(command));
    return { result: base64 ? encode(result) : result };
  } catch (error) {
    return { error: errorText(error) };
  }
}

export async function startRedisBridge(): Promise<RedisBridge> {
  const redisPort = await freePort();
  const redis: ChildProcess = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => redis.once('exit', () => resolve()));
  let paused = false;

  const client: RedisClient = createClient({ socket: { host: '127.0.0.1', port: redisPort, reconnectStrategy: 100 }, RESP: 2 });
  client.on('error', () => {}); // reconnection noise while starting or after a pause
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await client.connect();
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        redis.kill('SIGKILL');
        throw new Error(`redis-server não respondeu na porta ${redisPort}: ${errorText(error)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const token = randomBytes(16).toString('hex');
  let count = 0;
  const bridge = createServer(async (req, res) => {
    count++;
    if (req.method !== 'POST') return send(res, 405, { error: 'ERR only POST' });
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { error: 'Unauthorized' });
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return send(res, 400, { error: 'ERR invalid JSON' });
    }
    try {
      const path = new URL(req.url ?? '/', 'http://bridge').pathname;
      if (path === '/') {
        const reply = await runOne(client, body, base64);
        return send(res, 'error' in reply ? 400 : 200, reply);
      }
      if (!Array.isArray(body)) return send(res, 400, { error: 'ERR body must be an array of commands' });
      if (path === '/pipeline') {
        return send(res, 200, await Promise.all(body.map((command) => runOne(client, command, base64))));
      }
      if (path === '/multi-exec') {
        const multi = client.multi();
        for (const command of body) multi.addCommand(toArgs(command));
        let replies: unknown[];
        try {
          replies = (await multi.exec()) as unknown[];
        } catch (error) {
          return send(res, 400, { error: errorText(error) });
        }
        return send(
          res,
          200,
          replies.map((r) => (r instanceof Error ? { error: r.message } : { result: base64 ? encode(r) : r })),
        );
      }
      return send(res, 404, { error: 'ERR unknown path' });
    } catch (error) {
      if (!res.headersSent) send(res, 500, { error: errorText(error) });
    }
  });
  await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}`;

  return {
    url,
    token,
    redisPort,
    requests: () => count,
    command: (args) => client.sendCommand(args),
    pauseRedis() {
      if (!paused) redis.kill('SIGSTOP');
      paused = true;
    },
    resumeRedis() {
      if (paused) redis.kill('SIGCONT');
      paused = false;
    },
    async drain() {
      await client.sendCommand(['PING']);
    },
    async elapse(ms) {
      for (const key of (await client.sendCommand(['KEYS', '*'])) as string[]) {
        const at = Number(await client.sendCommand(['PEXPIRETIME', key]));
        // -1: no expiry; -2: gone meanwhile. An expiry in the past deletes the key, as its expiry would have.
        if (at > 0) await client.sendCommand(['PEXPIREAT', key, String(at - ms)]);
      }
    },
    async stop() {
      if (paused) redis.kill('SIGCONT');
      bridge.closeAllConnections();
      await new Promise<void>((resolve) => bridge.close(() => resolve()));
      client.destroy();
      redis.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000))]);
      if (redis.exitCode === null && redis.signalCode === null) redis.kill('SIGKILL');
    },
  };
}
