/** A strict llms.txt validator (llmstxt.org): H1, blockquote, free text, then H2 sections of link lists. */
const ITEM = /^- \[[^\]]+\]\([^)\s]+\)(: .+)?$/;

export function validateLlmsTxt(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  const nonEmpty = lines.filter((l) => l.trim());
  if (!/^# \S/.test(nonEmpty[0] ?? '')) problems.push('a primeira linha deve ser um título H1');
  if (!/^> \S/.test(nonEmpty[1] ?? '')) problems.push('o segundo bloco deve ser um resumo em blockquote');
  let section: string | undefined;
  let items = 0;
  const close = () => {
    if (section && !items) problems.push(`seção vazia: ${section}`);
  };
  for (const line of nonEmpty.slice(2)) {
    if (line.startsWith('## ')) {
      close();
      section = line;
      items = 0;
    } else if (line.startsWith('#')) {
      problems.push(`cabeçalho inesperado: ${line}`);
    } else if (section) {
      if (ITEM.test(line)) items++;
      else problems.push(`item fora do formato em ${section}: ${line}`);
    }
  }
  close();
  return problems;
}

export const llmsLinks = (text: string): string[] => [...text.matchAll(/^- \[[^\]]+\]\(([^)\s]+)\)/gm)].map((m) => m[1]!);
