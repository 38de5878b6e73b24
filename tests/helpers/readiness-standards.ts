/**
 * Fixture sites for the checks of the standards of late 2026 (issue 21), on top of the agent-ready fixture:
 * - `standardsSite('atual')`: ARD v0.91 (`/.well-known/ard.json`, `Link: rel="ard"`), NLWeb 0.55 named events on
 *   `/ask`, aipref `Content-Usage` saying what its `Content-Signal` says, a signed Web Bot Auth key directory served
 *   as `application/http-message-signatures-directory+json`;
 * - `standardsSite('legado')`: only the earlier forms: the catalog at `/.well-known/ai-catalog.json`, NLWeb 0.54
 *   unnamed events, `Content-Usage` with a label of an earlier vocabulary draft, the directory under the media type
 *   of the earlier drafts (no `+json`);
 * - `chargingSite`: answers the reader with HTTP 402 (pay-per-crawl's `crawler-price` on pages, x402 v2's
 *   `PAYMENT-REQUIRED` on llms.txt); `chargingHomeSite`: the home page itself answers 402.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { directoryBody, directoryResponseHeaders, type ReaderKey, readerKeyFrom } from '../../functions/readiness/agent/signing.ts';
import { agentReadySite, type FixtureHandler, fixtureArd } from './readiness.ts';

export type Era = 'atual' | 'legado';

let fixtureKey: Promise<ReaderKey> | undefined;
/** The key the fixtures' "own agents" sign with (their directory publishes it). */
export const fixtureAgentKey = (): Promise<ReaderKey> =>
  (fixtureKey ??= readerKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey));

const RESULTS = [
  { '@type': 'WebPage', url: '/sobre', name: 'Sobre a Fixture' },
  { '@type': 'WebPage', url: '/servicos', name: 'Serviços da Fixture' },
];

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

/** An NLWeb `/ask`: JSON on GET `streaming=false`; SSE in the era's dialect otherwise. */
function ask(req: IncomingMessage, res: ServerResponse, url: URL, era: Era): void {
  if (req.method === 'GET' && url.searchParams.get('streaming') === 'false') {
    return send(res, 200, 'application/json', JSON.stringify({ _meta: { response_type: 'Answer', version: '0.54' }, results: RESULTS }));
  }
  const event = (data: unknown, name?: string) => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
  const body =
    era === 'atual'
      ? event({ _meta: { version: '0.55', response_type: 'answer', mode: 'list' }, streaming: true }, 'start') +
        RESULTS.map((item, index) => event({ index, item }, 'result')).join('') +
        event({ _meta: { version: '0.55' } }, 'complete')
      : event({ _meta: { response_type: 'Answer', version: '0.54' } }) + event({ results: RESULTS });
  return send(res, 200, 'text/event-stream', body);
}

export function standardsSite(era: Era): FixtureHandler {
  return async (req, res, ctx) => {
    const url = new URL(req.url ?? '/', ctx.origin);
    switch (url.pathname) {
      case '/ask':
        return ask(req, res, url, era);
      case '/.well-known/ard.json':
        if (era === 'legado') return send(res, 404, 'text/html; charset=utf-8', '<!doctype html><title>Não encontrada</title><h1>Não encontrada</h1>');
        break;
      case '/.well-known/ai-catalog.json':
        if (era === 'legado') return send(res, 200, 'application/json', JSON.stringify(fixtureArd(ctx.origin)));
        break;
      case '/.well-known/http-message-signatures-directory': {
        const key = await fixtureAgentKey();
        const body = directoryBody(key);
        const headers = directoryResponseHeaders(key, ctx.origin, body);
        if (era === 'legado') headers['content-type'] = 'application/http-message-signatures-directory';
        return send(res, 200, headers['content-type'] as string, body, headers);
      }
    }
    // Every page states its usage preferences; the current site in aipref's vocabulary, the legacy one in a label
    // of an earlier draft (vocab-02/03's `train-genai`).
    res.setHeader('content-usage', era === 'atual' ? 'train-ai=n, search=y' : 'train-genai=n');
    return agentReadySite(req, res, ctx);
  };
}

/** Answers the reader with 402 on the sampled pages (pay-per-crawl) and on llms.txt (x402 v2). */
export const chargingSite: FixtureHandler = (req, res, ctx) => {
  const path = new URL(req.url ?? '/', ctx.origin).pathname;
  if (path === '/sobre' || path === '/servicos') {
    return send(res, 402, 'text/plain; charset=utf-8', 'Pagamento exigido', { 'crawler-price': 'USD 0.01' });
  }
  if (path === '/llms.txt') {
    const requirement = Buffer.from(JSON.stringify({ x402Version: 2, accepts: [{ scheme: 'exact', network: 'base', amount: '10000' }] })).toString('base64');
    return send(res, 402, 'application/json', '{}', { 'payment-required': requirement });
  }
  return agentReadySite(req, res, ctx);
};

/** The home page itself asks for payment (x402 v1, requirements in the body). */
export const chargingHomeSite: FixtureHandler = (req, res, ctx) => {
  if ((req.url ?? '/') === '/') return send(res, 402, 'application/json', JSON.stringify({ x402Version: 1, accepts: [{ scheme: 'exact', maxAmountRequired: '10000' }] }));
  return agentReadySite(req, res, ctx);
};
