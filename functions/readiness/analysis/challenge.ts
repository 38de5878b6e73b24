/**
 * Recognizes bot challenges and WAF block pages, so a measurement that met one is reported as not scored
 * instead of getting a confident wrong grade (the failure users report about other scanners).
 */
import type { FetchedResponse } from '../fetch/safe-fetch.ts';

export interface Interference {
  /** Who answered, when recognizable. */
  vendor: string;
  kind: 'desafio' | 'bloqueio';
}

/** Markers that only challenge pages carry (safe on any status). */
const CHALLENGE_ONLY: [RegExp, string][] = [
  [/cf_chl_opt|window\._cf_chl/i, 'Cloudflare'],
  [/<title>\s*(?:Just a moment\.\.\.|Attention Required! \| Cloudflare)/i, 'Cloudflare'],
  [/<title>[^<]*Vercel Security Checkpoint/i, 'Vercel'],
  [/geo\.captcha-delivery\.com|ct\.captcha-delivery\.com/i, 'DataDome'],
  [/px-captcha|_pxCaptcha/i, 'HUMAN (PerimeterX)'],
  [/Checking your browser before accessing/i, 'proteção anti-robô'],
];

/** Markers of a vendor that also appear on normal pages (e.g. Cloudflare's injected scripts): only on error statuses. */
const STRONG: [RegExp, string][] = [
  [/\/cdn-cgi\/challenge-platform\/|cf-chl-/i, 'Cloudflare'],
  [/<title>\s*(?:Just a moment\.\.\.|Attention Required! \| Cloudflare)/i, 'Cloudflare'],
  [/Vercel Security Checkpoint/i, 'Vercel'],
  [/_Incapsula_Resource|Incapsula incident ID/i, 'Imperva'],
  [/Sucuri WebSite Firewall|Access Denied - Sucuri/i, 'Sucuri'],
  [/geo\.captcha-delivery\.com|ct\.captcha-delivery\.com/i, 'DataDome'],
  [/px-captcha|_pxCaptcha|perimeterx/i, 'HUMAN (PerimeterX)'],
  [/ddos-guard|DDoS protection by/i, 'DDoS-Guard'],
  [/awswaf|AwsWafIntegration|aws-waf-token/i, 'AWS WAF'],
  [/errors\.edgesuite\.net|Reference&#32;&#35;|Reference #\d+\.[0-9a-f]+/i, 'Akamai'],
  [/Checking your browser before accessing/i, 'proteção anti-robô'],
];

const WEAK = /captcha|are you a robot|verify you are (?:a )?human|verifique que você é humano|not a robot|bot detection|access denied|request blocked|forbidden/i;

export function detectInterference(response: Pick<FetchedResponse, 'status' | 'headers' | 'body'>): Interference | undefined {
  const h = response.headers;
  if ((h.get('cf-mitigated') ?? '').toLowerCase() === 'challenge') return { vendor: 'Cloudflare', kind: 'desafio' };
  if ((h.get('x-vercel-mitigated') ?? '').toLowerCase() === 'challenge') return { vendor: 'Vercel', kind: 'desafio' };
  if (h.has('x-amzn-waf-action')) return { vendor: 'AWS WAF', kind: 'desafio' };
  if (h.has('x-datadome') && response.status >= 400) return { vendor: 'DataDome', kind: 'desafio' };
  const head = response.body.slice(0, 64 * 1024);
  for (const [re, vendor] of CHALLENGE_ONLY) if (re.test(head)) return { vendor, kind: 'desafio' };
  if (response.status >= 400) for (const [re, vendor] of STRONG) if (re.test(head)) return { vendor, kind: 'bloqueio' };
  if ((response.status === 403 || response.status === 429 || response.status === 503) && WEAK.test(head)) {
    return { vendor: 'proteção anti-robô', kind: response.status === 403 ? 'bloqueio' : 'desafio' };
  }
  return undefined;
}
