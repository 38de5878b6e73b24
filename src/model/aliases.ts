/**
 * Alternative addresses of pages. The agent overview lives at /agentes and is also served at
 * /developers and /docs (and at /?mode=agent, handled by the markdown negotiation).
 * Used to generate the Netlify rewrites, by the local server and by the negotiation.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  '/developers': '/agentes',
  '/docs': '/agentes',
};

/** The page served for `/?mode=agent`. */
export const AGENT_MODE_PAGE = '/agentes';
