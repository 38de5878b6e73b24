/**
 * HTTP 402 and the schemes that put a price on a response, as a site answers the reader:
 * - Cloudflare pay-per-crawl: `402` with `crawler-price: USD 0.01` (the crawler retries with `crawler-exact-price`
 *   or `crawler-max-price` and gets `crawler-charged`), errors in `crawler-error`;
 * - x402 v2: `402` with a base64 JSON `PAYMENT-REQUIRED` header (then `PAYMENT-SIGNATURE` / `PAYMENT-RESPONSE`);
 * - x402 v1 (legacy): `402` with the payment requirements in a JSON body (`x402Version: 1`, `accepts`).
 * A bare 402 is reported as a charge of an unknown scheme.
 */
import { isObject, parseJson } from '../context.ts';
import type { FetchedResponse } from '../fetch/safe-fetch.ts';

export type PaymentScheme = 'pay-per-crawl' | 'x402-v2' | 'x402-v1' | 'desconhecido';

export interface PaymentSignal {
  url: string;
  status: number;
  scheme: PaymentScheme;
  /** The price as stated (`crawler-price`), cut to 40 characters. */
  price?: string;
}

/** What scheme a response that asks for payment uses; undefined when it asks for none. */
export function paymentSignalOf(response: FetchedResponse): PaymentSignal | undefined {
  const price = response.headers.get('crawler-price');
  const base = { url: response.finalUrl, status: response.status };
  if (price !== null) return { ...base, scheme: 'pay-per-crawl', price: price.trim().slice(0, 40) };
  if (response.headers.get('payment-required') !== null) return { ...base, scheme: 'x402-v2' };
  if (response.status !== 402) return undefined;
  const json = response.body.length <= 64 * 1024 ? parseJson(response.body) : undefined;
  if (isObject(json) && json.x402Version === 1 && Array.isArray(json.accepts)) return { ...base, scheme: 'x402-v1' };
  if (isObject(json) && typeof json.x402Version === 'number' && Array.isArray(json.accepts)) return { ...base, scheme: 'x402-v2' };
  return { ...base, scheme: 'desconhecido' };
}

export const SCHEME_NAMES: Record<PaymentScheme, string> = {
  'pay-per-crawl': 'pay-per-crawl (crawler-price)',
  'x402-v2': 'x402 v2 (PAYMENT-REQUIRED)',
  'x402-v1': 'x402 v1 (exigência no corpo JSON)',
  desconhecido: 'HTTP 402 sem esquema de pagamento reconhecido',
};
