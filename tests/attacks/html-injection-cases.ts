/**
 * Hostile text for the HTML pages the functions render in the site's layout (functions/html/shell.ts) and the
 * measurement result (functions/readiness/result-page.ts), kept as data. Every value must come out as the same
 * text, never as markup: run by tests/unit/page-shell.test.ts at every place a value is inserted (title,
 * description, the measured domain, what a measured site said in a check's detail, a gap's text).
 */
import { SHELL_SLOTS } from '../../src/model/page-shell.ts';

export interface HtmlInjectionCase {
  name: string;
  value: string;
}

export const HTML_INJECTION_CASES: readonly HtmlInjectionCase[] = [
  { name: 'script element', value: '<script>alert(1)</script>' },
  { name: 'closing the title', value: '</title><script src="https://mal.example/x.js"></script>' },
  { name: 'breaking out of an attribute (double quote)', value: '" onfocus="alert(1)" autofocus="' },
  { name: 'breaking out of an attribute (single quote)', value: "' onmouseover='alert(1)" },
  { name: 'event handler on an image', value: '<img src=x onerror=alert(1)>' },
  { name: 'svg with script', value: '<svg><script>alert(1)</script></svg>' },
  { name: 'comment and CDATA', value: '<!-- --><![CDATA[ x ]]>' },
  { name: 'entity that is already escaped', value: '&lt;script&gt; &amp;amp;' },
  { name: 'placeholder of the shell (never filled twice)', value: `${SHELL_SLOTS.principal}${SHELL_SLOTS.titulo}` },
  { name: 'replacement patterns of String.replace', value: "$& $' $` $1" },
];
