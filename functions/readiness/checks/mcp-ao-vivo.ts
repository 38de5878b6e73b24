import { isObject, isResponse, type MeasurementContext, parseJson, type Probe } from '../context.ts';
import { sitePath, siteText } from '../evidence.ts';
import { missingInterface } from './api-signals.ts';
import { mcpEndpoint } from './mcp-cartao.ts';
import { type CheckDefinition, notApplicable, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const MCP_PROTOCOL_VERSION = '2025-06-18';

/** The JSON-RPC message with `id` in a JSON or SSE (`data:` lines) response body. */
export function jsonRpcResult(body: string, id: number): Record<string, unknown> | undefined {
  const direct = parseJson(body);
  const candidates: unknown[] = direct !== undefined ? (Array.isArray(direct) ? direct : [direct]) : [];
  if (direct === undefined) {
    for (const event of body.split(/\r?\n\r?\n/)) {
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (data) candidates.push(parseJson(data));
    }
  }
  return candidates.find((m): m is Record<string, unknown> => isObject(m) && m.id === id);
}

/** How the reading agent names itself to an MCP server (`clientInfo`). */
export const READER_CLIENT_INFO = { name: 'SinalCognitivoLeitor', version: '1.0' } as const;

/** One JSON-RPC request POSTed to an MCP endpoint (memoized by the context like every fetch). */
export async function rpc(ctx: MeasurementContext, url: string, id: number, method: string, params: unknown, extra: Record<string, string> = {}): Promise<Probe> {
  return ctx.get(url, {
    method: 'POST',
    accept: 'application/json, text/event-stream',
    headers: { 'content-type': 'application/json', ...extra },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    maxBytes: 1024 * 1024,
  });
}

export const mcpAoVivo: CheckDefinition = {
  id: 'mcp-ao-vivo',
  nome: 'Servidor MCP responde',
  camada: 'agentes',
  severidade: 'alta',
  titulo: 'Não há servidor MCP funcionando',
  tituloParcial: 'O servidor MCP responde, mas não lista ferramentas',
  porque:
    'Um servidor MCP deixa assistentes (Claude, ChatGPT, Cursor…) consultarem o site como ferramenta: buscar conteúdo, ler páginas e obter preços com respostas estruturadas, em vez de raspar HTML.',
  comoCorrigir:
    'Publique um servidor MCP por Streamable HTTP (por exemplo em /mcp) que responda a initialize com serverInfo e a tools/list com pelo menos uma ferramenta somente leitura (busca, leitura de página), e anuncie-o no cartão /.well-known/mcp/server-card.json.',
  referencia: 'https://modelcontextprotocol.io/specification/2025-06-18/basic/transports',
  async run(ctx) {
    const { url, fromCard } = await mcpEndpoint(ctx);
    // The reading agent contacts only the measured origin (issue 18, item 13): a card that points the server
    // elsewhere is reported, never followed (a hostile card once made the signed reader POST to another site).
    if (!ctx.onMeasuredOrigin(url)) {
      const card = await ctx.mcpCard();
      return notApplicable(
        `O cartão MCP aponta o servidor para ${siteText(url)}, fora da origem medida (${ctx.origin}): o leitor só contata o site medido e não o chamou. O servidor não foi verificado.`,
        { evidencias: card ? [ctx.evidence(card.probe, { em: 'corpo', decisivo: `servidor: ${url}` })] : [], titulo: 'O cartão MCP aponta o servidor para outro site' },
      );
    }
    const where = sitePath(url);
    const init = await rpc(ctx, url, 1, 'initialize', {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: READER_CLIENT_INFO,
    });
    if (!isResponse(init)) return missingInterface(ctx, `initialize em ${where} falhou: ${init.message}.`, [ctx.evidence(init)]);
    if (init.status !== 200) {
      return missingInterface(ctx, `initialize em ${where} respondeu ${init.status}${init.redirectRefused ? ` (redireciona para outra origem, não seguida: ${siteText(init.redirectRefused)})` : ''}${fromCard ? '' : ' (nenhum cartão MCP indica outro endereço)'}.`, [
        ctx.evidence(init, init.redirectRefused ? { em: 'cabecalho', decisivo: `Location: ${init.redirectRefused}` } : { em: 'status', decisivo: `HTTP ${init.status}` }),
      ]);
    }
    const message = jsonRpcResult(init.body, 1);
    const result = isObject(message?.result) ? message.result : undefined;
    const serverName = isObject(result?.serverInfo) && typeof result.serverInfo.name === 'string' ? result.serverInfo.name : undefined;
    const initEvidence = ctx.evidence(init, { em: 'corpo', decisivo: serverName ? `serverInfo.name: ${serverName}` : message?.error ? 'erro JSON-RPC' : 'sem serverInfo.name' });
    if (!result || !serverName) return missingInterface(ctx, `initialize em ${where} não devolveu serverInfo.name (${message?.error ? 'erro JSON-RPC' : 'resposta não reconhecida'}).`, [initEvidence]);
    const version = typeof result.protocolVersion === 'string' ? result.protocolVersion : MCP_PROTOCOL_VERSION;
    const session = init.headers.get('mcp-session-id');
    const headers: Record<string, string> = { 'mcp-protocol-version': version, ...(session ? { 'mcp-session-id': session } : {}) };
    await ctx.get(url, {
      method: 'POST',
      accept: 'application/json, text/event-stream',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      maxBytes: 64 * 1024,
    });
    const list = await rpc(ctx, url, 2, 'tools/list', {}, headers);
    if (!isResponse(list) || list.status !== 200) {
      return partial(0.5, `${siteText(serverName)} respondeu a initialize em ${where}, mas tools/list falhou (${isResponse(list) ? list.status : list.message}).`, {
        evidencias: [ctx.evidence(list, isResponse(list) ? { em: 'status', decisivo: `HTTP ${list.status}` } : {}), initEvidence],
      });
    }
    const listed = jsonRpcResult(list.body, 2);
    const tools = isObject(listed?.result) && Array.isArray(listed.result.tools) ? listed.result.tools : [];
    const listEvidence = ctx.evidence(list, { em: 'corpo', decisivo: `${plural(tools.length, 'ferramenta', 'ferramentas')} em tools/list` });
    if (tools.length === 0) return partial(0.5, `${siteText(serverName)} respondeu a initialize em ${where}, mas tools/list não lista ferramentas.`, { evidencias: [listEvidence, initEvidence] });
    const names = tools.filter(isObject).map((t) => String(t.name)).slice(0, 5);
    return passed(`${siteText(serverName)} (protocolo ${siteText(version)}) em ${where} com ${plural(tools.length, 'ferramenta', 'ferramentas')}: ${siteText(`${names.join(', ')}${tools.length > 5 ? '…' : ''}`)}.`, { evidencias: [initEvidence, listEvidence] });
  },
};
