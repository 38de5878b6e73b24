import type { APIRoute } from 'astro';
import { MCP_SERVERS } from '../../../model/mcp.ts';
import { mcpServerCard } from '../../../lib/agent-discovery.ts';
import { json } from '../../../lib/responses.ts';

/** Server card of the product MCP server (`/mcp`), generated from its tool registry. */
export const GET: APIRoute = () => json(mcpServerCard(MCP_SERVERS.product));
