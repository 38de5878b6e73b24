/**
 * Requests the local server refuses itself, before any route runs (issue 18, item 14): a missing Host, the
 * methods the WHATWG `Request` cannot carry, a request-target that is neither a path nor an absolute URL, a
 * Host that is more than an authority, and what Node's HTTP parser rejects (oversized heads, bytes outside the
 * grammar, broken chunking). Kept as data; each row is the exact bytes sent over a bare socket and the status
 * the server answers. Run by tests/integration/security-headers.test.ts: every one of these answers carries the
 * same security headers as any function response (they once came without CSP, HSTS, Referrer-Policy and
 * X-Frame-Options).
 */
export interface ProtocolRefusalCase {
  name: string;
  /** The whole request, as bytes in a latin1 string (`{host}` stands for the server's own `host:port`). */
  raw: string;
  status: 400 | 405 | 431;
}

const CRLF = '\r\n';
const request = (lines: string[]) => `${lines.join(CRLF)}${CRLF}${CRLF}`;

export const PROTOCOL_REFUSAL_CASES: readonly ProtocolRefusalCase[] = [
  { name: 'HTTP/1.1 sem Host', raw: request(['GET / HTTP/1.1']), status: 400 },
  { name: 'TRACE', raw: request(['TRACE / HTTP/1.1', 'Host: {host}']), status: 405 },
  { name: 'TRACK (método que o analisador do Node recusa)', raw: request(['TRACK / HTTP/1.1', 'Host: {host}']), status: 400 },
  { name: 'CONNECT (túnel)', raw: request(['CONNECT example.com:443 HTTP/1.1', 'Host: example.com:443']), status: 405 },
  { name: 'alvo asterisco', raw: request(['OPTIONS * HTTP/1.1', 'Host: {host}']), status: 400 },
  { name: 'Host com credenciais', raw: request(['GET / HTTP/1.1', 'Host: user@evil.test']), status: 400 },
  { name: 'Host com caminho', raw: request(['GET / HTTP/1.1', 'Host: evil.test/x']), status: 400 },
  { name: 'cabeçalhos acima de 16 KB', raw: request(['GET / HTTP/1.1', 'Host: {host}', `X-Grande: ${'a'.repeat(20_000)}`]), status: 431 },
  { name: 'linha de requisição malformada', raw: request(['GET /a b c HTTP/1.1', 'Host: {host}']), status: 400 },
  { name: 'caractere de controle num cabeçalho', raw: request(['GET / HTTP/1.1', 'Host: {host}', 'X-A: a\u0001b']), status: 400 },
  { name: 'chunk malformado', raw: `${request(['POST /ask HTTP/1.1', 'Host: {host}', 'Transfer-Encoding: chunked', 'Content-Type: application/json'])}zz${CRLF}{}${CRLF}0${CRLF}${CRLF}`, status: 400 },
  { name: 'Content-Length e Transfer-Encoding juntos', raw: `${request(['POST /ask HTTP/1.1', 'Host: {host}', 'Content-Length: 2', 'Transfer-Encoding: chunked'])}2${CRLF}{}${CRLF}0${CRLF}${CRLF}`, status: 400 },
];
