/**
 * One MCP server instance (the official SDK's low-level `Server`) for a spec and a context. Stateless: the
 * handler builds a new one per request.
 *
 * Not the SDK's `McpServer`: it declares `tools.listChanged: true`, a notification a stateless server (no
 * session, no stream) can never send. `tools/list` answers the registry's own listing (`toolListing`, the same
 * JSON Schemas the cards announce); `tools/call` runs the same tool handlers, so invalid arguments get pt-BR
 * tool errors (`isError: true`) and a handler that throws becomes a tool error, never a 5xx. An unknown tool
 * is a JSON-RPC error (-32602, invalid params), as the MCP specification's tools page shows.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import ptBR from 'zod/v4/locales/pt-BR.js';
import { type ToolSources, type ToolDefinition, type ToolResult, toolError, toolListing } from './registry.ts';
import type { McpServerSpec } from './servers.ts';

const ptBRErrors = ptBR().localeError;

/**
 * The SDK's `Server` validates elicitation answers with a JSON Schema validator and, by default, builds a new
 * Ajv instance (with formats) for every server, so for every request here. These servers never ask the client
 * anything (no elicitation), so they get one shared validator that refuses instead.
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'Este servidor não solicita dados ao cliente (sem elicitação).' }),
};

/** Runs a tool with raw arguments: validates them (pt-BR messages), runs the handler, catches failures. */
export async function callTool(tool: ToolDefinition, args: unknown, context: ToolSources): Promise<ToolResult> {
  const parsed = tool.inputSchema.safeParse(args ?? {}, { error: ptBRErrors });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    return toolError(`Argumentos inválidos para ${tool.name}: ${problems.join('; ')}.`);
  }
  try {
    return await tool.handler(parsed.data, context);
  } catch (error) {
    console.error(`[mcp] ${tool.name}`, error);
    return toolError(`Falha inesperada ao executar ${tool.name}. Tente de novo em instantes.`);
  }
}

/** Listings per spec, built once (zod → JSON Schema is not free). */
const listings = new WeakMap<McpServerSpec, ReturnType<typeof toolListing>[]>();

export function createMcpServer(spec: McpServerSpec, context: ToolSources): Server {
  const server = new Server(
    { name: spec.name, version: spec.version, title: spec.title },
    { capabilities: { tools: {} }, instructions: spec.instructions, jsonSchemaValidator: NO_ELICITATION },
  );
  const byName = new Map<string, ToolDefinition>(spec.tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => {
    let tools = listings.get(spec);
    if (!tools) listings.set(spec, (tools = spec.tools.map(toolListing)));
    return { tools };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(ErrorCode.InvalidParams, `Ferramenta desconhecida: "${request.params.name}". Ferramentas deste servidor: ${[...byName.keys()].join(', ')}.`);
    }
    return callTool(tool, request.params.arguments, context);
  });
  return server;
}
