/**
 * The site's policy on how its content may be used, declared once and written in the two vocabularies that
 * carry it (src/model/agent-standards.ts):
 * - Content Signals (contentsignals.org): `search`, `ai-input` (context of AI answers, summaries included),
 *   `ai-train`, with `yes`/`no`;
 * - IETF aipref (draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-07): a Structured Fields dictionary with
 *   `train-ai` and `search` (search with a link to the asset; it excludes generated summaries), with `y`/`n`.
 *   aipref has no term for `ai-input`, so that use is stated only by Content-Signal.
 * Both go in robots.txt (Content-Usage as a comment: docs/DECISIONS.md) and in the `Content-Signal` and
 * `Content-Usage` headers of every page and markdown twin (`USAGE_HEADERS`: the build's `_headers` and the edge
 * negotiation).
 */

export interface UsagePolicy {
  /** Listed in search results with a link (aipref `search`, Content Signals `search`). */
  search: boolean;
  /** Used as the context of AI answers, summaries included (Content Signals `ai-input`; no aipref term). */
  aiInput: boolean;
  /** Used to train AI models (aipref `train-ai`, Content Signals `ai-train`). */
  aiTrain: boolean;
}

export const USAGE_POLICY: UsagePolicy = { search: true, aiInput: true, aiTrain: true };

const yesNo = (allowed: boolean) => (allowed ? 'yes' : 'no');
const yN = (allowed: boolean) => (allowed ? 'y' : 'n');

export const contentSignalOf = (policy: UsagePolicy): string =>
  `search=${yesNo(policy.search)}, ai-input=${yesNo(policy.aiInput)}, ai-train=${yesNo(policy.aiTrain)}`;

export const contentUsageOf = (policy: UsagePolicy): string => `train-ai=${yN(policy.aiTrain)}, search=${yN(policy.search)}`;

/** Content Signals the site publishes in robots.txt and on its responses. */
export const CONTENT_SIGNAL = contentSignalOf(USAGE_POLICY);

/** The same policy in aipref's vocabulary (`Content-Usage`). */
export const CONTENT_USAGE = contentUsageOf(USAGE_POLICY);

/** The response headers that state the policy, on pages and twins alike. */
export const USAGE_HEADERS: Readonly<Record<'Content-Signal' | 'Content-Usage', string>> = {
  'Content-Signal': CONTENT_SIGNAL,
  'Content-Usage': CONTENT_USAGE,
};
