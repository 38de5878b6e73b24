import type { APIRoute } from 'astro';
import { agentCard } from '../../../functions/a2a/card.ts';
import { json } from '../../lib/responses.ts';

/** A2A v1.0 agent card: the agent at /a2a (JSON-RPC) and its skills, then the MCP tools (same registries as the servers). */
export const GET: APIRoute = () => json(agentCard());
