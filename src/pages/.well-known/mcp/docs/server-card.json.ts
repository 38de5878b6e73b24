import type { APIRoute } from 'astro';
import { MCP_SERVERS } from '../../../../model/mcp.ts';
import { mcpServerCard } from '../../../../lib/agent-discovery.ts';
import { json } from '../../../../lib/responses.ts';

/** Server card of the documentation MCP server (`/mcp/docs`), generated from its tool registry. */
export const GET: APIRoute = () => json(mcpServerCard(MCP_SERVERS.docs));
