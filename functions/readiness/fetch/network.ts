/**
 * The two network steps of the reading agent, injectable so tests can prove what would be reached without
 * sending any traffic: `resolve` (DNS) and `connect` (TCP, then TLS for https). The default `connect`
 * dials exactly the address that was checked and verifies, once connected, that the socket's remote address
 * is that address (no resolution happens between the check and the connection: no DNS rebinding window).
 */
import { lookup } from 'node:dns/promises';
import { connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface ConnectTarget {
  /** The checked IP address to dial (never a name). */
  address: string;
  family: 4 | 6;
  port: number;
  /** The host name, for TLS SNI and certificate checks. */
  hostname: string;
  tls: boolean;
  signal: AbortSignal;
  /** Re-checks the address the socket actually reached. */
  allowed(address: string): boolean;
}

export interface NetworkHooks {
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  /** Resolves with a connected (and, for https, handshaken) duplex stream. */
  connect(target: ConnectTarget): Promise<Duplex>;
}

export class NetworkError extends Error {
  readonly code: 'dns' | 'connect' | 'tls' | 'refused_address';
  constructor(code: NetworkError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
    this.code = code;
  }
}

async function defaultResolve(hostname: string): Promise<ResolvedAddress[]> {
  try {
    const found = await lookup(hostname, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } catch (error) {
    throw new NetworkError('dns', `o nome ${hostname} não foi encontrado no DNS`, { cause: error });
  }
}

function defaultConnect(target: ConnectTarget): Promise<Duplex> {
  return new Promise<Duplex>((resolve, reject) => {
    let settled = false;
    const raw: Socket = netConnect({ host: target.address, port: target.port, family: target.family });
    let socket: Duplex = raw;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      target.signal.removeEventListener('abort', onAbort);
      socket.destroy();
      raw.destroy();
      reject(error);
    };
    const onAbort = () => fail(new NetworkError('connect', 'tempo esgotado ao conectar'));
    target.signal.addEventListener('abort', onAbort, { once: true });
    raw.once('error', (error) => fail(new NetworkError('connect', `conexão recusada ou interrompida (${(error as NodeJS.ErrnoException).code ?? error.message})`, { cause: error })));
    raw.once('connect', () => {
      // The address actually connected to must be the checked one, and still allowed.
      const remote = raw.remoteAddress ?? '';
      if (remote !== target.address || !target.allowed(remote)) {
        fail(new NetworkError('refused_address', `conexão a um endereço não permitido (${remote || 'desconhecido'})`));
        return;
      }
      if (!target.tls) {
        settled = true;
        target.signal.removeEventListener('abort', onAbort);
        resolve(raw);
        return;
      }
      const secure = tlsConnect({ socket: raw, servername: target.hostname, ALPNProtocols: ['http/1.1'] });
      socket = secure;
      secure.once('error', (error) => fail(new NetworkError('tls', `falha no TLS (${(error as NodeJS.ErrnoException).code ?? error.message})`, { cause: error })));
      secure.once('secureConnect', () => {
        if (settled) return;
        settled = true;
        target.signal.removeEventListener('abort', onAbort);
        resolve(secure);
      });
    });
  });
}

export const defaultNetwork: NetworkHooks = { resolve: defaultResolve, connect: defaultConnect };
