/**
 * A YAML front matter block (`---` line, fields, `---` line) at the top of a markdown text: SKILL.md files
 * open with one, and so does each page of VitePress' llms-full.txt (vitepress-plugin-llms writes `url:` and
 * `description:` before the page's title). Read with indexOf (no regular expression over the whole text: a
 * lazy `[\s\S]*?` pattern is quadratic on hostile files), within the first `max` characters.
 */
export function splitFrontMatter(text: string, max = 64 * 1024): { fields?: string; rest: string } {
  const start = text.replace(/^\uFEFF/, '');
  const head = start.slice(0, max);
  const firstBreak = head.indexOf('\n');
  if (!head.startsWith('---') || firstBreak < 0 || head.slice(3, firstBreak).trim() !== '') return { rest: start };
  const end = head.indexOf('\n---', firstBreak - 1);
  if (end < 0) return { rest: start };
  const afterClose = head.indexOf('\n', end + 4);
  if (afterClose >= 0 && head.slice(end + 4, afterClose).trim() !== '') return { rest: start };
  return { fields: head.slice(firstBreak + 1, end + 1), rest: afterClose < 0 ? '' : start.slice(afterClose + 1) };
}
