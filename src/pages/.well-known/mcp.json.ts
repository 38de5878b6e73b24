import type { APIRoute } from 'astro';
import { mcpDiscovery } from '../../lib/agent-discovery.ts';
import { json } from '../../lib/responses.ts';

/** MCP discovery: the product server's card plus both servers (also served at `/.well-known/mcp`, a rewrite). */
export const GET: APIRoute = () => json(mcpDiscovery());
