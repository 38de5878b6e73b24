/**
 * One MCP server instance (the official SDK's `McpServer`) for a spec and a context. Stateless: the handler
 * builds a new one per request.
 *
 * `tools/list` is the SDK's own (JSON Schema from the zod schemas). `tools/call` is answered here with the
 * same tool handlers, so that an unknown tool and invalid arguments get pt-BR tool errors (`isError: true`)
 * instead of the SDK's English messages; a handler that throws also becomes a tool error, never a 5xx.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import ptBR from 'zod/v4/locales/pt-BR.js';
import { type ToolContext, type ToolDefinition, type ToolResult, toolError } from './registry.ts';
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
export async function callTool(tool: ToolDefinition, args: unknown, context: ToolContext): Promise<ToolResult> {
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

export function createMcpServer(spec: McpServerSpec, context: ToolContext): McpServer {
  const server = new McpServer({ name: spec.name, version: spec.version, title: spec.title }, { instructions: spec.instructions, jsonSchemaValidator: NO_ELICITATION });
  const byName = new Map<string, ToolDefinition>();
  for (const tool of spec.tools) {
    byName.set(tool.name, tool);
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: tool.annotations },
      (args: unknown) => callTool(tool, args, context),
    );
  }
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      return toolError(`Ferramenta desconhecida: "${request.params.name}". Ferramentas deste servidor: ${[...byName.keys()].join(', ')}.`);
    }
    return callTool(tool, request.params.arguments, context);
  });
  return server;
}
