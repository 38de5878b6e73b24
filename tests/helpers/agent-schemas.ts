/**
 * Schemas of the agent discovery documents, written from the standards (../shared/reference/standards.md):
 * the MCP server card (SEP-2127 draft, plus the SEP-1649 members scanners still read), the A2A v1.0 agent
 * card and the agent skills discovery index v0.2.0. Used by the tests to validate what the site serves.
 */
import { z } from 'zod';

const url = z.url({ protocol: /^https?$/ });

const jsonSchemaObject = z.looseObject({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()).optional() });

export const mcpToolSchema = z.looseObject({
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/),
  title: z.string().min(1).optional(),
  description: z.string().min(1),
  inputSchema: jsonSchemaObject,
  outputSchema: jsonSchemaObject.optional(),
  annotations: z.looseObject({ readOnlyHint: z.boolean().optional(), openWorldHint: z.boolean().optional() }).optional(),
});

/** SEP-2127 (`experimental-ext-server-card` schema.ts): open object; required `$schema`, `name`, `version`, `description`. */
export const serverCardSep2127Schema = z.looseObject({
  $schema: z.literal('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'),
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  version: z.string().min(1).refine((v) => !/[\s^~<>=*|]/.test(v) && v !== 'latest', 'versão exata, sem faixas'),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  websiteUrl: url.optional(),
  repository: z.looseObject({ url: url, source: z.string() }).optional(),
  icons: z.array(z.looseObject({ src: url })).optional(),
  remotes: z
    .array(
      z.looseObject({
        type: z.enum(['streamable-http', 'sse']),
        url,
        headers: z.array(z.unknown()).optional(),
        supportedProtocolVersions: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).optional(),
      }),
    )
    .optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});

/** The SEP-1649 members the isitagentready scanner checks (`serverInfo`, `transport`, `capabilities`) and our tool list. */
export const serverCardLegacySchema = z.looseObject({
  serverInfo: z.looseObject({ name: z.string().min(1), version: z.string().min(1), title: z.string().optional() }),
  transport: z.looseObject({ type: z.literal('streamable-http'), endpoint: z.string().min(1) }),
  capabilities: z.looseObject({ tools: z.looseObject({}) }),
  tools: z.array(mcpToolSchema).min(1),
});

export const serverCardSchema = serverCardSep2127Schema.and(serverCardLegacySchema);

/** A2A v1.0 AgentCard (a2a.proto / specification §8.5): required members and their shapes, camelCase. */
export const a2aAgentCardSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().min(1),
  supportedInterfaces: z
    .array(
      z.looseObject({
        url,
        // The three bindings of A2A v1.0 (a2a.proto `AgentInterface`); the version is `major.minor`.
        protocolBinding: z.enum(['JSONRPC', 'GRPC', 'HTTP+JSON']),
        protocolVersion: z.string().regex(/^\d+\.\d+$/),
        tenant: z.string().optional(),
      }),
    )
    .min(1),
  provider: z.object({ organization: z.string().min(1), url }).optional(),
  version: z.string().min(1),
  documentationUrl: url.optional(),
  iconUrl: url.optional(),
  capabilities: z.looseObject({
    streaming: z.boolean().optional(),
    pushNotifications: z.boolean().optional(),
    extensions: z.array(z.unknown()).optional(),
    extendedAgentCard: z.boolean().optional(),
  }),
  defaultInputModes: z.array(z.string().min(1)).min(1),
  defaultOutputModes: z.array(z.string().min(1)).min(1),
  skills: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        name: z.string().min(1),
        description: z.string().min(1),
        tags: z.array(z.string().min(1)),
        examples: z.array(z.string()).optional(),
        inputModes: z.array(z.string()).optional(),
        outputModes: z.array(z.string()).optional(),
      }),
    )
    .min(1),
  securitySchemes: z.record(z.string(), z.unknown()).optional(),
  signatures: z.array(z.unknown()).optional(),
});

const skillName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'minúsculas, dígitos e hífens simples, sem hífen nas pontas');

/** Agent Skills Discovery v0.2.0 index. */
export const skillsIndexSchema = z.looseObject({
  $schema: z.literal('https://schemas.agentskills.io/discovery/0.2.0/schema.json'),
  skills: z
    .array(
      z.looseObject({
        name: skillName,
        type: z.enum(['skill-md', 'archive']),
        description: z.string().min(1).max(1024),
        url: z.string().min(1),
        digest: z.string().regex(/^sha256:[a-f0-9]{64}$/),
      }),
    )
    .min(1),
});

/** The YAML frontmatter of a SKILL.md (the subset we emit: `key: value` lines, JSON-quoted strings, one nested map). */
export function skillFrontmatter(text: string): Record<string, string> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error('SKILL.md sem frontmatter YAML');
  const out: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const m = /^([a-z_]+):\s*(.*)$/.exec(line);
    if (!m || m[2] === '') continue;
    out[m[1]!] = m[2]!.startsWith('"') ? (JSON.parse(m[2]!) as string) : m[2]!;
  }
  return out;
}
