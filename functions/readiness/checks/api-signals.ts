/** Whether the site shows signs of a public API (then API discovery checks apply). Shared by several checks. */
import { parseLinkHeader } from '../analysis/link-header.ts';
import { isObject, type MeasurementContext, ok200, parseJson } from '../context.ts';
import type { Evidence } from '../evidence.ts';
import { type CheckOutcome, failed, notApplicable } from './types.ts';

export async function apiSignals(ctx: MeasurementContext): Promise<string[]> {
  const signals: string[] = [];
  const rels = parseLinkHeader(ctx.home.headers.get('link')).flatMap((l) => l.rel);
  if (rels.includes('api-catalog')) signals.push('cabeçalho Link rel="api-catalog"');
  if (rels.includes('service-desc')) signals.push('cabeçalho Link rel="service-desc"');
  const [catalog, openapi, prm] = await Promise.all([ctx.apiCatalog(), ctx.openApi(), ctx.protectedResource()]);
  if (ok200(catalog.probe) && isObject(catalog.json)) signals.push('/.well-known/api-catalog');
  if (openapi) signals.push(`OpenAPI em ${new URL(openapi.url).pathname}`);
  if (ok200(prm.probe) && isObject(prm.json)) signals.push('/.well-known/oauth-protected-resource');
  return signals;
}

/** Security schemes of the OpenAPI document that imply OAuth / bearer protection. */
export async function openApiUsesOAuth(ctx: MeasurementContext): Promise<boolean> {
  const doc = (await ctx.openApi())?.json;
  if (!isObject(doc) || !isObject(doc.components) || !isObject(doc.components.securitySchemes)) return false;
  return Object.values(doc.components.securitySchemes).some(
    (s) => isObject(s) && (s.type === 'oauth2' || s.type === 'openIdConnect' || (s.type === 'http' && String(s.scheme).toLowerCase() === 'bearer')),
  );
}

/**
 * Checks of agent interfaces that a site only owes when it shows an API or an application (issue 14: a static
 * content site must be able to reach A). Without any interface signal, a check that finds nothing is not
 * applicable; what the site does publish still counts, flawed or not. Published on the method page (a test
 * keeps the list there equal to this one).
 */
export const INTERFACE_CHECKS = ['mcp-cartao', 'mcp-ao-vivo', 'mcp-revisao', 'a2a-cartao', 'agent-skills', 'webmcp', 'ard'] as const;

/**
 * Evidence that the site offers an API or an application to agents: the API signals, an MCP server card, an
 * A2A agent card. Forms are not a signal (issue 19): a search box or a contact form is furniture of every
 * content site (Docusaurus, MkDocs, Jekyll…), not an application that owes agents WebMCP tools.
 */
export async function interfaceSignals(ctx: MeasurementContext): Promise<string[]> {
  const [api, mcp, a2a] = await Promise.all([apiSignals(ctx), ctx.mcpCard(), agentCard(ctx)]);
  const signals = [...api];
  if (mcp) signals.push(`cartão MCP em ${new URL(mcp.url).pathname}`);
  if (a2a) signals.push(`cartão A2A em ${a2a}`);
  return signals;
}

/** Paths of an A2A agent card (shared with the a2a-cartao check: same fetches, memoized). */
export const AGENT_CARD_PATHS = ['/.well-known/agent-card.json', '/.well-known/agent.json'] as const;

async function agentCard(ctx: MeasurementContext): Promise<string | undefined> {
  for (const path of AGENT_CARD_PATHS) {
    const probe = await ctx.get(path, { accept: 'application/json' });
    if (ok200(probe) && isObject(parseJson(probe.body))) return path;
  }
  return undefined;
}

/**
 * The outcome of an interface check that found nothing: failed when the site shows an interface, else not
 * applicable. `evidencias`: the requests that found nothing.
 */
export async function missingInterface(ctx: MeasurementContext, detalhe: string, evidencias: Evidence[] = []): Promise<CheckOutcome> {
  const signals = await interfaceSignals(ctx);
  if (signals.length > 0) return failed(`${detalhe} O site mostra sinais de API ou aplicação (${signals.slice(0, 4).join(', ')}), então a verificação conta.`, { evidencias });
  return notApplicable(`${detalhe} O site não mostra sinais de API ou aplicação (OpenAPI, catálogo de APIs, OAuth, MCP, A2A): verificação não se aplica.`, { evidencias });
}
