import { isObject, type MeasurementContext } from '../context.ts';
import { sitePath, siteText } from '../evidence.ts';
import { missingInterface } from './api-signals.ts';
import { type CheckDefinition, partial, passed } from './types.ts';

/** The MCP endpoint a card points to (legacy `transport.endpoint`, SEP-2127 `remotes[].url`, or `endpoint`/`url`). */
export function mcpEndpointOf(card: unknown): string | undefined {
  if (!isObject(card)) return undefined;
  if (isObject(card.transport) && typeof card.transport.endpoint === 'string') return card.transport.endpoint;
  if (Array.isArray(card.remotes)) {
    const remote = card.remotes.find((r) => isObject(r) && typeof r.url === 'string' && (r.type === undefined || r.type === 'streamable-http'));
    if (isObject(remote)) return remote.url as string;
  }
  if (typeof card.endpoint === 'string') return card.endpoint;
  if (typeof card.url === 'string') return card.url;
  return undefined;
}

/** The card's server name and version (legacy `serverInfo` or SEP-2127 top-level fields). */
export function mcpIdentityOf(card: Record<string, unknown>): { name?: string; version?: string } {
  const info = isObject(card.serverInfo) ? card.serverInfo : card;
  return {
    name: typeof info.name === 'string' ? info.name : undefined,
    version: typeof info.version === 'string' ? info.version : undefined,
  };
}

export async function mcpEndpoint(ctx: MeasurementContext): Promise<{ url: string; fromCard: boolean }> {
  const card = await ctx.mcpCard();
  const endpoint = card ? mcpEndpointOf(card.json) : undefined;
  if (endpoint) {
    try {
      return { url: new URL(endpoint, card?.url).href, fromCard: true };
    } catch {
      // fall through to the conventional path
    }
  }
  return { url: ctx.url('/mcp'), fromCard: false };
}

export const mcpCartao: CheckDefinition = {
  id: 'mcp-cartao',
  nome: 'Cartão do servidor MCP',
  camada: 'agentes',
  severidade: 'media',
  titulo: 'Não há cartão de servidor MCP para descoberta',
  tituloParcial: 'O cartão do servidor MCP está incompleto',
  porque: 'O cartão do servidor MCP (server card) permite que um agente descubra, sem configuração manual, que o site oferece um servidor MCP, onde ele está e o que ele faz.',
  comoCorrigir:
    'Publique /.well-known/mcp/server-card.json (e /.well-known/mcp.json) com name, version, description, o endereço do servidor (remotes: [{ type: "streamable-http", url }] e transport.endpoint) e as capacidades.',
  referencia: 'https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1649',
  async run(ctx) {
    const card = await ctx.mcpCard();
    if (!card) {
      const first = await ctx.get('/.well-known/mcp/server-card.json', { accept: 'application/mcp-server-card+json, application/json;q=0.9' });
      return missingInterface(ctx, 'Nenhum cartão MCP em /.well-known/mcp/server-card.json, /.well-known/mcp.json nem /mcp/server-card.', [ctx.evidence(first, { em: 'status' })]);
    }
    const json = card.json as Record<string, unknown>;
    const { name, version } = mcpIdentityOf(json);
    const endpoint = mcpEndpointOf(json);
    const where = sitePath(card.url);
    const missing = [!name && 'nome', !version && 'versão', !endpoint && 'endereço do servidor'].filter(Boolean);
    const evidencias = [ctx.evidence(card.probe, { em: 'corpo', decisivo: missing.length ? `sem ${missing.join(', ')}` : `servidor: ${endpoint}` })];
    if (missing.length === 0) return passed(`Cartão em ${where}: ${siteText(`${name} ${version}`)}, servidor em ${siteText(endpoint as string)}.`, { evidencias });
    return partial(1 - missing.length / 4, `Cartão em ${where} sem ${missing.join(', ')}.`, { evidencias });
  },
};
