/**
 * The two MCP servers as they run: each server's identity and tool list from the catalogue (src/model/mcp.ts: the
 * same constants answer `server/discover` and `initialize` and fill the discovery cards), its tools bound to their
 * handlers, and its resources a `ResourceSet`.
 */
import { MCP_SERVERS, type McpServerId, type McpServerSpec } from '../../src/model/mcp.ts';
import { CONNECTOR_TOOLS } from './connector-tools.ts';
import { DOCS_TOOLS } from './docs-tools.ts';
import { PRODUCT_TOOLS } from './product-tools.ts';
import type { ToolDefinition } from './registry.ts';
import { DOC_RESOURCES, PAGE_RESOURCES, type ResourceSet } from './resources.ts';

export interface McpServer extends McpServerSpec {
  /** The catalogue's tools of this server, in its order, each with its handler. */
  tools: readonly ToolDefinition[];
  resources: ResourceSet;
}

const HANDLED: ReadonlyMap<string, ToolDefinition> = new Map([...PRODUCT_TOOLS, ...CONNECTOR_TOOLS, ...DOCS_TOOLS].map((t) => [t.name, t]));

/** A server of the catalogue with its handlers; a catalogue entry without one is a programming error. */
function bind(spec: McpServerSpec, resources: ResourceSet): McpServer {
  const tools = spec.tools.map((entry) => {
    const tool = HANDLED.get(entry.name);
    if (!tool) throw new Error(`[mcp] a ferramenta ${entry.name} do catálogo não tem handler`);
    return tool;
  });
  return { ...spec, tools, resources };
}

export const MCP_RUNTIME: Readonly<Record<McpServerId, McpServer>> = {
  product: bind(MCP_SERVERS.product, PAGE_RESOURCES),
  docs: bind(MCP_SERVERS.docs, DOC_RESOURCES),
};

/** The server at a path, if any. */
export const serverAt = (pathname: string): McpServer | undefined =>
  Object.values(MCP_RUNTIME).find((s) => s.path === pathname || `${s.path}/` === pathname);
