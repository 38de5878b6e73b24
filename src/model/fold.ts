/**
 * Folding text for comparison and addresses: lower case without diacritics (`Migração` → `migracao`). One rule for the
 * search engine's terms (functions/search/analyze.ts), the MCP tools' lenient matching (functions/mcp/registry.ts)
 * and the blog's theme addresses (./blog.ts). Pure.
 */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // ASCII text (most tokens) skips the normalization.
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u007f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}+/gu, '') : lower;
}
