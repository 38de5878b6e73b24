/**
 * Shared-cache poisoning of the negotiated page routes, as data: the clients that reach a page route, with
 * the variant each must get (HTML or the markdown twin) and a weight for a realistic mix of traffic. Run by
 * tests/unit/negotiation-cache.test.ts (edge core, and the cost simulation) and
 * tests/integration/negotiation-cache.test.ts (local server, and the headers of dist/_headers), with a real
 * cache (http-cache-semantics): a response stored for one client must never be reused for a client that
 * gets the other variant.
 */

export type Variant = 'html' | 'markdown';

export interface ClientProfile {
  name: string;
  userAgent: string;
  accept: string;
  variant: Variant;
  /** Share of the traffic of a page (relative weight), for the cost simulation. */
  weight: number;
}

const CHROME_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const FIREFOX_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SAFARI_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const browsers: ClientProfile[] = [];
// Chrome and Edge send reduced user agents (one string per platform and major version).
for (const [platform, share] of [
  ['Windows NT 10.0; Win64; x64', 14],
  ['Macintosh; Intel Mac OS X 10_15_7', 5],
  ['Linux; Android 10; K', 22],
  ['X11; Linux x86_64', 1],
] as const) {
  for (const [version, split] of [[140, 0.5], [139, 0.3], [138, 0.2]] as const) {
    const mobile = platform.includes('Android') ? ' Mobile' : '';
    browsers.push({
      name: `Chrome ${version} (${platform})`,
      userAgent: `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0${mobile} Safari/537.36`,
      accept: CHROME_ACCEPT,
      variant: 'html',
      weight: share * split,
    });
  }
}
for (const [version, share] of [['18_6', 9], ['18_5', 4], ['17_7', 2], ['26_0', 3]] as const) {
  browsers.push({
    name: `Safari iOS ${version}`,
    userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS ${version} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version.split('_')[0]}.${version.split('_')[1]} Mobile/15E148 Safari/604.1`,
    accept: SAFARI_ACCEPT,
    variant: 'html',
    weight: share,
  });
}
browsers.push(
  {
    name: 'Safari macOS',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15',
    accept: SAFARI_ACCEPT,
    variant: 'html',
    weight: 3,
  },
  {
    name: 'Edge 140 (Windows)',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
    accept: CHROME_ACCEPT,
    variant: 'html',
    weight: 4,
  },
  {
    name: 'Samsung Internet',
    userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
    accept: CHROME_ACCEPT,
    variant: 'html',
    weight: 2,
  },
  {
    name: 'Firefox 143 (Windows)',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:143.0) Gecko/20100101 Firefox/143.0',
    accept: FIREFOX_ACCEPT,
    variant: 'html',
    weight: 2,
  },
);

const searchEngines: ClientProfile[] = [
  {
    name: 'Googlebot (smartphone)',
    userAgent:
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    accept: '*/*',
    variant: 'html',
    weight: 4,
  },
  { name: 'bingbot', userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', accept: '*/*', variant: 'html', weight: 2 },
  // curl-like clients and monitors: `*/*` and no AI token, so HTML.
  { name: 'curl', userAgent: 'curl/8.5.0', accept: '*/*', variant: 'html', weight: 1 },
];

const aiCrawlers: ClientProfile[] = [
  { name: 'GPTBot', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', accept: '*/*', variant: 'markdown', weight: 2 },
  { name: 'ClaudeBot', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', accept: '*/*', variant: 'markdown', weight: 2 },
  { name: 'PerplexityBot', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', accept: '*/*', variant: 'markdown', weight: 1 },
  { name: 'CCBot', userAgent: 'CCBot/2.0 (https://commoncrawl.org/faq/)', accept: '*/*', variant: 'markdown', weight: 1 },
  // Agents acting for a user send a browser's Accept: with `Vary: Accept` alone, their markdown went to Chrome.
  {
    name: 'ChatGPT-User',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    accept: CHROME_ACCEPT,
    variant: 'markdown',
    weight: 2,
  },
  { name: 'Claude-User', userAgent: 'Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)', accept: FIREFOX_ACCEPT, variant: 'markdown', weight: 1 },
];

/** Coding agents that ask for markdown by `Accept` (any user agent). */
const markdownAgents: ClientProfile[] = [
  { name: 'agente com Accept: text/markdown', userAgent: 'axios/1.12.0', accept: 'text/markdown, text/html;q=0.9, */*;q=0.1', variant: 'markdown', weight: 1.5 },
  { name: 'agente de linha de comando', userAgent: 'node', accept: 'text/markdown, text/html', variant: 'markdown', weight: 1 },
  // An AI crawler that refuses markdown gets HTML: the user agent does not decide alone.
  { name: 'GPTBot pedindo HTML', userAgent: 'GPTBot/1.2', accept: 'text/html, text/markdown;q=0', variant: 'html', weight: 0.2 },
];

export const CLIENT_PROFILES: readonly ClientProfile[] = [...browsers, ...searchEngines, ...aiCrawlers, ...markdownAgents];

/**
 * Pairs that a cache keyed on `Accept` alone confuses: same `Accept`, different variant. Each must stay
 * apart in a cache that follows our `Vary`.
 */
export const CONFUSABLE_PAIRS: readonly [ClientProfile, ClientProfile][] = CLIENT_PROFILES.flatMap((a) =>
  CLIENT_PROFILES.filter((b) => a.variant === 'markdown' && b.variant === 'html' && a.accept === b.accept).map((b) => [a, b] as [ClientProfile, ClientProfile]),
);
