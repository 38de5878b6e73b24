/**
 * The content checks of the build, in process: reads content/ as Astro's glob loader does (front matter with
 * js-yaml, the library Astro's own parser uses; id = path without extension), validates each entry with its
 * collection's schema and the pt-BR messages, then assembles the site model with the build's own code
 * (src/lib/site-model.ts). A content error test runs in milliseconds instead of a build.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import yaml from 'js-yaml';
import { COLLECTION_SCHEMAS, empresaSchema, precosSchema } from '../../src/model/content.ts';
import { frontMatterOf, impossibleDates, parseOrThrow, withContentMessages } from '../../src/model/validation.ts';
import { assembleSite, type SiteEntries, type SiteModel } from '../../src/lib/site-model.ts';

/** The content files by path relative to the project root (`content/blog/x.md` → text). */
export type ContentFiles = Map<string, string>;

export async function readContentFiles(root: string): Promise<ContentFiles> {
  const files: ContentFiles = new Map();
  for (const entry of await readdir(join(root, 'content'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name)).split('\\').join('/');
    files.set(path, await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

const FRONT_MATTER = /^\uFEFF?---\n([\s\S]*?\n)---\n?/;

/** What the build says of `files`: `undefined` when it builds, else the message naming each file and field. */
export function checkContent(files: ContentFiles): { model?: SiteModel; error?: string } {
  const problems: string[] = [];
  const entries = Object.fromEntries(Object.keys(COLLECTION_SCHEMAS).map((c) => [c, [] as unknown[]])) as Record<keyof typeof COLLECTION_SCHEMAS, unknown[]>;
  for (const [path, text] of files) {
    const match = /^content\/([^/]+)\/(.+)\.mdx?$/.exec(path);
    if (!match) continue;
    const collection = match[1] as keyof typeof COLLECTION_SCHEMAS;
    const schema = COLLECTION_SCHEMAS[collection];
    if (!schema) continue;
    const front = FRONT_MATTER.exec(text);
    const dates = impossibleDates(frontMatterOf(text));
    if (dates.length) {
      problems.push(`${path}\n${dates.map((d) => `  ${d}`).join('\n')}`);
      continue;
    }
    const data = front ? yaml.load(front[1]!) : {};
    const result = withContentMessages(schema).safeParse(data ?? {});
    if (!result.success) {
      problems.push(`${path}\n${result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
      continue;
    }
    entries[collection].push({ id: match[2], collection, data: result.data, body: front ? text.slice(front[0].length) : text, filePath: path });
  }
  try {
    const prices = parseOrThrow(precosSchema, JSON.parse(files.get('content/precos.json') ?? '{}'), 'content/precos.json');
    parseOrThrow(empresaSchema, JSON.parse(files.get('content/empresa.json') ?? '{}'), 'content/empresa.json');
    if (problems.length) return { error: problems.join('\n') };
    return { model: assembleSite(entries as unknown as SiteEntries, prices) };
  } catch (error) {
    // Astro prints an AstroError's hint under its message.
    const { message, hint } = error as Error & { hint?: string };
    return { error: [...problems, message, ...(hint ? [hint] : [])].join('\n') };
  }
}
