/**
 * Child process of bench/api.ts: the ceiling baseline, a bare node:http server answering one fixed JSON body
 * (read from the file named by argv[2]) with its Content-Type, or, given argv[3] (a JSON file of header lines), with
 * exactly those header lines. Sends its URL to the parent over IPC.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = readFileSync(process.argv[2]!);
const lines: string[] | undefined = process.argv[3] ? JSON.parse(readFileSync(process.argv[3], 'utf8')) : undefined;
const server = createServer((_req, res) => {
  res.writeHead(200, lines ?? { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
