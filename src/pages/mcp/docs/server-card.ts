import type { APIRoute } from 'astro';
import { MCP_SERVERS } from '../../../model/mcp.ts';
import { SERVER_CARD_TYPE, mcpServerCard } from '../../../lib/agent-discovery.ts';
import { text } from '../../../lib/responses.ts';

/** SEP-2127 location of the documentation server's card; media type from TYPES_BY_PATH. */
export const GET: APIRoute = () => text(`${JSON.stringify(mcpServerCard(MCP_SERVERS.docs), null, 2)}\n`, SERVER_CARD_TYPE);
