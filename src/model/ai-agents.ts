/**
 * Known AI crawlers and agents, declared once, by operator and by class: the one list used by our robots.txt
 * (rules), by the markdown negotiation (these user agents receive the markdown twin) and by the readiness
 * instrument (what a measured site's robots.txt lets each class read). Search-engine crawlers that render HTML
 * and feed classic search (Googlebot, Bingbot, Applebot) are deliberately not here: they get the same HTML as
 * people, and blocking them is not an AI decision.
 *
 * Classes, as the operators document them:
 * - `treinamento`: collects content to train models; blocking it keeps the site out of future training only;
 * - `busca`: indexes pages so an assistant can find and cite them in its answers;
 * - `usuario`: fetches a page when a person asks the assistant about it (user-initiated).
 *
 * Tokens checked (November 2026) against the operators' pages: OpenAI developers.openai.com/api/docs/bots,
 * Anthropic support.claude.com/en/articles/8896518, Perplexity docs.perplexity.ai/guides/bots, Google
 * developers.google.com/crawling/docs/crawlers-fetchers, Apple support.apple.com/en-us/HT212614 (Applebot), Amazon
 * developer.amazon.com/amazonbot, Meta developers.facebook.com/docs/sharing/webmasters/web-crawlers, Mistral
 * docs.mistral.ai/robots; the others (CCBot, Bytespider, Cohere, DuckAssistBot, YouBot, Diffbot) as the community
 * list github.com/ai-robots-txt/ai.robots.txt describes them.
 * Retired tokens (Anthropic's `anthropic-ai` and `Claude-Web`) are left out: no crawler reads them any more.
 */
/** The classes in report order (the answer engines first). */
export const AI_AGENT_KINDS = ['busca', 'usuario', 'treinamento'] as const;
export type AiAgentKind = (typeof AI_AGENT_KINDS)[number];

/** Classes whose block keeps a site out of AI answers (the robots-ia score and cap follow these). */
export const ANSWERING_KINDS: ReadonlySet<AiAgentKind> = new Set(['busca', 'usuario']);

export interface AiAgent {
  /** Product token as it appears in robots.txt (RFC 9309 §2.2.1) and, for most, in the User-Agent header. */
  token: string;
  operador: string;
  tipo: AiAgentKind;
  /** False for robots.txt-only tokens (Google-Extended, Applebot-Extended) that never appear in a User-Agent. */
  emUserAgent: boolean;
}

interface OperatorAgents {
  operador: string;
  /** Tokens per class; a `robotsOnly` token is a robots.txt control with no crawler of its own. */
  agentes: Partial<Record<AiAgentKind, readonly string[]>>;
  robotsOnly?: readonly string[];
}

const OPERATORS: readonly OperatorAgents[] = [
  { operador: 'OpenAI', agentes: { treinamento: ['GPTBot'], busca: ['OAI-SearchBot'], usuario: ['ChatGPT-User'] } },
  { operador: 'Anthropic', agentes: { treinamento: ['ClaudeBot'], busca: ['Claude-SearchBot'], usuario: ['Claude-User'] } },
  { operador: 'Perplexity', agentes: { busca: ['PerplexityBot'], usuario: ['Perplexity-User'] } },
  // Google-CloudVertexBot indexes a site for the Vertex AI agents built on it (retrieval, not training).
  { operador: 'Google', agentes: { treinamento: ['Google-Extended'], busca: ['Google-CloudVertexBot'] }, robotsOnly: ['Google-Extended'] },
  { operador: 'Apple', agentes: { treinamento: ['Applebot-Extended'] }, robotsOnly: ['Applebot-Extended'] },
  // Amazonbot's page says its crawl may train Amazon's models; Amzn-SearchBot (Alexa, Rufus) does not.
  { operador: 'Amazon', agentes: { treinamento: ['Amazonbot'], busca: ['Amzn-SearchBot'], usuario: ['Amzn-User'] } },
  { operador: 'Meta', agentes: { treinamento: ['meta-externalagent'], busca: ['meta-webindexer'], usuario: ['meta-externalfetcher'] } },
  { operador: 'Common Crawl', agentes: { treinamento: ['CCBot'] } },
  { operador: 'ByteDance', agentes: { treinamento: ['Bytespider'] } },
  { operador: 'Cohere', agentes: { treinamento: ['cohere-training-data-crawler'], usuario: ['cohere-ai'] } },
  { operador: 'DuckDuckGo', agentes: { usuario: ['DuckAssistBot'] } },
  { operador: 'Mistral', agentes: { usuario: ['MistralAI-User'] } },
  { operador: 'You.com', agentes: { busca: ['YouBot'] } },
  { operador: 'Diffbot', agentes: { treinamento: ['Diffbot'] } },
];

export const AI_AGENTS: readonly AiAgent[] = OPERATORS.flatMap(({ operador, agentes, robotsOnly = [] }) =>
  AI_AGENT_KINDS.flatMap((tipo) => (agentes[tipo] ?? []).map((token) => ({ token, operador, tipo, emUserAgent: !robotsOnly.includes(token) }))),
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const UA_PATTERN = new RegExp(
  `(?:^|[^a-z0-9-])(?:${AI_AGENTS.filter((a) => a.emUserAgent).map((a) => escape(a.token)).join('|')})(?:$|[^a-z0-9-])`,
  'i',
);

/** True when the User-Agent names a known AI crawler or agent. */
export const isAiAgent = (userAgent: string | null | undefined): boolean => !!userAgent && UA_PATTERN.test(userAgent);

/** Content Signals (contentsignals.org): declared with the aipref form in src/model/usage-preferences.ts. */
export { CONTENT_SIGNAL } from './usage-preferences.ts';
