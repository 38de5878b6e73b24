/**
 * Known AI crawlers and agents: the one list used by robots.txt (rules) and by the markdown negotiation
 * (these user agents receive the markdown twin). Search-engine crawlers that render HTML (Googlebot,
 * Bingbot) are deliberately not here: they get the same HTML as people.
 */
export type AiAgentKind = 'treinamento' | 'busca' | 'usuario';

export interface AiAgent {
  /** Product token as it appears in robots.txt and in the User-Agent header. */
  token: string;
  operador: string;
  tipo: AiAgentKind;
  /** False for robots.txt-only tokens (e.g. Google-Extended) that never appear in a User-Agent. */
  emUserAgent: boolean;
}

export const AI_AGENTS: readonly AiAgent[] = [
  { token: 'GPTBot', operador: 'OpenAI', tipo: 'treinamento', emUserAgent: true },
  { token: 'OAI-SearchBot', operador: 'OpenAI', tipo: 'busca', emUserAgent: true },
  { token: 'ChatGPT-User', operador: 'OpenAI', tipo: 'usuario', emUserAgent: true },
  { token: 'ClaudeBot', operador: 'Anthropic', tipo: 'treinamento', emUserAgent: true },
  { token: 'Claude-SearchBot', operador: 'Anthropic', tipo: 'busca', emUserAgent: true },
  { token: 'Claude-User', operador: 'Anthropic', tipo: 'usuario', emUserAgent: true },
  { token: 'anthropic-ai', operador: 'Anthropic', tipo: 'treinamento', emUserAgent: true },
  { token: 'PerplexityBot', operador: 'Perplexity', tipo: 'busca', emUserAgent: true },
  { token: 'Perplexity-User', operador: 'Perplexity', tipo: 'usuario', emUserAgent: true },
  { token: 'Google-Extended', operador: 'Google', tipo: 'treinamento', emUserAgent: false },
  { token: 'Google-CloudVertexBot', operador: 'Google', tipo: 'usuario', emUserAgent: true },
  { token: 'Applebot-Extended', operador: 'Apple', tipo: 'treinamento', emUserAgent: false },
  { token: 'Amazonbot', operador: 'Amazon', tipo: 'busca', emUserAgent: true },
  { token: 'meta-externalagent', operador: 'Meta', tipo: 'treinamento', emUserAgent: true },
  { token: 'Meta-ExternalFetcher', operador: 'Meta', tipo: 'usuario', emUserAgent: true },
  { token: 'CCBot', operador: 'Common Crawl', tipo: 'treinamento', emUserAgent: true },
  { token: 'Bytespider', operador: 'ByteDance', tipo: 'treinamento', emUserAgent: true },
  { token: 'cohere-ai', operador: 'Cohere', tipo: 'usuario', emUserAgent: true },
  { token: 'DuckAssistBot', operador: 'DuckDuckGo', tipo: 'usuario', emUserAgent: true },
  { token: 'MistralAI-User', operador: 'Mistral', tipo: 'usuario', emUserAgent: true },
  { token: 'YouBot', operador: 'You.com', tipo: 'busca', emUserAgent: true },
  { token: 'Diffbot', operador: 'Diffbot', tipo: 'treinamento', emUserAgent: true },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const UA_PATTERN = new RegExp(
  `(?:^|[^a-z0-9-])(?:${AI_AGENTS.filter((a) => a.emUserAgent).map((a) => escape(a.token)).join('|')})(?:$|[^a-z0-9-])`,
  'i',
);

/** True when the User-Agent names a known AI crawler or agent. */
export const isAiAgent = (userAgent: string | null | undefined): boolean => !!userAgent && UA_PATTERN.test(userAgent);

/** Content Signals (contentsignals.org): declared with the aipref form in src/model/usage-preferences.ts. */
export { CONTENT_SIGNAL } from './usage-preferences.ts';
