/**
 * Issue 19 (evidence in every verdict, titles true to the outcome, llms.txt links judged by what they answer,
 * false failures) and issue 18 item 1 (site text inert), at the unit level: the curl reproductions are safe to
 * paste, the twin's markdown survives a standard renderer inert, the scorer gives partial results their own
 * title, the llms.txt link rules, the llms-full.txt and schema.org readings of real generators' output.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import type { LlmsLink } from '../../../functions/readiness/analysis/llms.ts';
import { CHECKS } from '../../../functions/readiness/checks/index.ts';
import { opensWithTitle } from '../../../functions/readiness/checks/llms-full-txt.ts';
import { linkWorks } from '../../../functions/readiness/checks/llms-txt-links.ts';
import { answersMarkdown } from '../../../functions/readiness/checks/llms-txt-markdown.ts';
import { jsonLdNodes } from '../../../functions/readiness/checks/schema-organizacao.ts';
import type { CheckDefinition, CheckOutcome } from '../../../functions/readiness/checks/types.ts';
import type { LlmsLinkProbe } from '../../../functions/readiness/context.ts';
import { type Evidence, curlCommand, shellQuote, siteSegments, siteText } from '../../../functions/readiness/evidence.ts';
import type { FetchedResponse } from '../../../functions/readiness/fetch/safe-fetch.ts';
import { codeBlock, codeSpan, escapeProse, inertSentence } from '../../../functions/readiness/inert-markdown.ts';
import { score } from '../../../functions/readiness/scoring.ts';
import { ATTACKER_HOST, MARKDOWN_INJECTION_CASES } from '../../attacks/markdown-injection-cases.ts';

const root = new URL('../../../', import.meta.url);
const AGENT = 'SinalCognitivoLeitor/1.0 (+https://sinal.exemplo.com.br/agentes)';

/** The markdown as a standard renderer shows it: CommonMark + GFM (autolink literals, tables), raw HTML allowed. */
const render = (markdown: string): string => micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

/** The arguments a POSIX shell gives curl for a command line (curl replaced by a function that prints them). */
function shellArgs(command: string): string[] {
  const out = execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }; ${command}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('reproductions are safe to paste (issue 19: "safely quoted for a shell")', () => {
  const hostile = [
    "https://exemplo.com.br/a'b",
    'https://exemplo.com.br/$(touch%20PWNED)/`touch PWNED`/;touch PWNED;',
    "https://exemplo.com.br/'; touch PWNED; echo '",
    'https://exemplo.com.br/docs/ $HOME && touch PWNED | cat',
  ];
  test('every value comes back as one argument, and nothing runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reproducao-'));
    try {
      for (const url of hostile) {
        const evidence: Evidence = { pedido: { metodo: 'GET', url, agente: AGENT, accept: "text/html; q='1'" }, resposta: { status: 404 }, em: 'status' };
        const command = curlCommand(evidence);
        assert.ok(command.startsWith('curl '), command);
        const args = execFileSync('bash', ['-c', `cd ${shellQuote(dir)} && curl() { printf '%s\\0' "$@"; }; ${command}`], { encoding: 'utf8' }).split('\0').slice(0, -1);
        assert.deepEqual(args, ['-sS', '-o', '/dev/null', '-D', '-', '-A', AGENT, '-H', "Accept: text/html; q='1'", url]);
        assert.equal(existsSync(join(dir, 'PWNED')), false, `nothing ran: ${command}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('the command follows what the reader did: HEAD, body, redirects, a POST body', () => {
    const base: Evidence['pedido'] = { metodo: 'GET', url: 'https://exemplo.com.br/docs/x', agente: AGENT };
    assert.deepEqual(shellArgs(curlCommand({ pedido: { ...base, metodo: 'HEAD' }, resposta: { status: 200 }, em: 'cabecalho' })), ['-sS', '-I', '-A', AGENT, base.url]);
    assert.deepEqual(shellArgs(curlCommand({ pedido: base, resposta: { status: 200 }, em: 'corpo' })), ['-sS', '-A', AGENT, base.url]);
    assert.deepEqual(shellArgs(curlCommand({ pedido: base, resposta: { status: 200, url: `${base.url}/`, redirecionamentos: [`301 ${base.url}/`] }, em: 'status' })), [
      '-sS', '-o', '/dev/null', '-D', '-', '-L', '-A', AGENT, base.url,
    ]);
    const body = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"x":"it\'s"}}';
    assert.deepEqual(shellArgs(curlCommand({ pedido: { ...base, metodo: 'POST', accept: 'application/json', corpo: body }, resposta: { status: 405 }, em: 'status' })), [
      '-sS', '-o', '/dev/null', '-D', '-', '-X', 'POST', '-A', AGENT, '-H', 'Accept: application/json', '-H', 'Content-Type: application/json', '--data-raw', body, base.url,
    ]);
  });
});

describe('site text in our sentences', () => {
  test('quoted with typographic marks it cannot close early, without controls, cut', () => {
    assert.equal(siteText('a ” b “ c\u202e\n'), '“a " b " c”');
    assert.equal(siteText('x'.repeat(400)).length, 162);
    assert.deepEqual(siteSegments(`Título ${siteText('[x](y)')} e ${siteText('z')}.`), [
      { site: false, text: 'Título ' },
      { site: true, text: '[x](y)' },
      { site: false, text: ' e ' },
      { site: true, text: 'z' },
      { site: false, text: '.' },
    ]);
    assert.deepEqual(siteSegments('cortado “no meio'), [{ site: false, text: 'cortado ' }, { site: true, text: 'no meio' }]);
  });
});

describe('the twin is inert (issue 18, item 1; tests/attacks/markdown-injection-cases.ts)', () => {
  for (const { name, value } of MARKDOWN_INJECTION_CASES) {
    test(name, () => {
      const sentence = `O site declara ${siteText(value, 500)} na página inicial.`;
      for (const markdown of [inertSentence(sentence), `- passou: ${inertSentence(sentence)}`, escapeProse(value), codeSpan(value), codeBlock(`curl -sS ${shellQuote(value)}`)]) {
        const html = render(markdown);
        assert.doesNotMatch(html, /<(?:a|img|script|h1|table|del|strong|em)\b/i, `${markdown}\n→ ${html}`);
        assert.ok(!html.includes(`href="https://${ATTACKER_HOST}`) && !html.includes(`src="https://${ATTACKER_HOST}`), html);
      }
      // Quoted site text is shown as code: visibly text read from the site.
      assert.match(render(inertSentence(sentence)), /<code>/);
    });
  }
  test('our prose renders as the same words, only escaped', () => {
    const prose = 'Publique <link rel="alternate"> e o arquivo /llms.txt em https://seu-dominio/ (www.exemplo.com.br, a@b.c) *agora* | [x]';
    assert.equal(render(escapeProse(prose)).replace(/<\/?p>\n?/g, ''), prose.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
  });
});

const check = (partial?: string): CheckDefinition => ({
  id: 'exemplo',
  nome: 'Exemplo',
  camada: 'conteudo',
  severidade: 'alta',
  titulo: 'As páginas não têm versão em markdown',
  ...(partial ? { tituloParcial: partial } : {}),
  porque: 'Porque importa.',
  comoCorrigir: 'Como corrigir.',
  run: async () => ({ status: 'passou', detalhe: '' }),
});

describe('titles true to the outcome and the evidence of a lacuna (issue 19, items 2 and 3)', () => {
  const evidence: Evidence = { pedido: { metodo: 'GET', url: 'https://exemplo.com.br/x.md', agente: AGENT, accept: 'text/markdown' }, resposta: { status: 404, tipo: 'text/html' }, decisivo: 'HTTP 404', em: 'status' };
  const partialOutcome: CheckOutcome = { status: 'parcial', credito: 12 / 13, detalhe: '12 de 13 página(s) amostrada(s) têm versão em markdown; falta: “/x”.', evidencias: [evidence, evidence, evidence, evidence] };
  test('a partial result has its own title, the measured sentence and a reproduction from its first evidence', () => {
    const [lacuna] = score([{ check: check('Parte das páginas não tem versão em markdown'), outcome: partialOutcome }]).lacunas;
    assert.equal(lacuna?.titulo, 'Parte das páginas não tem versão em markdown');
    assert.equal(lacuna?.constatacao, partialOutcome.detalhe);
    assert.equal(lacuna?.reproducao, `curl -sS -o /dev/null -D - -A '${AGENT}' -H 'Accept: text/markdown' 'https://exemplo.com.br/x.md'`);
  });
  test("an outcome's own title wins; a failure keeps the failure title", () => {
    assert.equal(score([{ check: check('Parcial'), outcome: { ...partialOutcome, titulo: 'Título do caso' } }]).lacunas[0]?.titulo, 'Título do caso');
    assert.equal(score([{ check: check('Parcial'), outcome: { status: 'falhou', detalhe: 'nada' } }]).lacunas[0]?.titulo, 'As páginas não têm versão em markdown');
  });
  test('a lacuna keeps up to 3 evidence items, a verdict that costs nothing keeps one', () => {
    const lacuna = score([{ check: check('Parcial'), outcome: partialOutcome }]).camadas.flatMap((c) => c.verificacoes)[0];
    assert.equal(lacuna?.evidencias?.length, 3);
    const passed = score([{ check: check('Parcial'), outcome: { status: 'passou', detalhe: 'ok', evidencias: [evidence, evidence] } }]).camadas.flatMap((c) => c.verificacoes)[0];
    assert.equal(passed?.evidencias?.length, 1);
  });
  test('every check that can pass in part has a partial title of its own', () => {
    const dir = fileURLToPath(new URL('functions/readiness/checks/', root));
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      // Partial by `partial(…)`, by a verdict that can be `legado` (`withVerdict`), or by a status written out.
      if (!/\bpartial\(|\bwithVerdict\(|status: 'parcial'/.test(source) || !/: CheckDefinition = \{/.test(source)) continue;
      const id = file.slice(0, -3);
      const definition = CHECKS.find((c) => c.id === id);
      assert.ok(definition?.tituloParcial, `${id} sem tituloParcial`);
      assert.notEqual(definition.tituloParcial, definition.titulo, id);
    }
  });
});

const response = (status: number, contentType: string, body: string, finalUrl = 'https://exemplo.com.br/x', redirects: FetchedResponse['redirects'] = []): FetchedResponse => ({
  url: 'https://exemplo.com.br/x',
  finalUrl,
  status,
  headers: new Headers({ 'content-type': contentType }),
  contentType,
  body,
  bytes: body.length,
  truncated: false,
  skippedBody: false,
  redirects,
  ttfbMs: 1,
  durationMs: 1,
});
const link = (url: string, section = 'Docs'): LlmsLink => ({ title: 'x', url, section });
const probe = (url: string, answer: FetchedResponse, endpoint = false, section = 'Docs'): LlmsLinkProbe => ({ url, link: link(url, section), endpoint, probe: answer });

describe('llms.txt links judged by what they answer (issue 19, item 4)', () => {
  const markdown = '# Página\n\nTexto da página em markdown, longo o bastante.';
  test('404, 405 and 5xx outside ## Optional are broken; inside it, 405 shows the endpoint exists', () => {
    assert.equal(linkWorks(probe('https://exemplo.com.br/x.md', response(404, 'text/html', '<html>'))), false);
    assert.equal(linkWorks(probe('https://exemplo.com.br/mcp', response(405, 'application/json', '{}'), true)), false);
    assert.equal(linkWorks(probe('https://exemplo.com.br/api/x.json', response(503, 'text/plain', 'x'), true)), false);
    assert.equal(linkWorks(probe('https://exemplo.com.br/mcp', response(405, 'application/json', '{}'), true, 'Optional')), true);
    assert.equal(linkWorks(probe('https://exemplo.com.br/api/itens', response(401, 'application/json', '{}'), true)), true);
  });
  test('a same-host redirect is followed and not broken (Docusaurus /docs/x → /docs/x/)', () => {
    const followed = response(200, 'text/html', '<html>', 'https://exemplo.com.br/docs/x/', [{ from: 'https://exemplo.com.br/docs/x', status: 301, to: 'https://exemplo.com.br/docs/x/' }]);
    assert.equal(linkWorks(probe('https://exemplo.com.br/docs/x', followed)), true);
  });
  test('a .md link must answer markdown', () => {
    assert.equal(answersMarkdown(probe('https://exemplo.com.br/x.md', response(404, 'text/plain', 'não encontrado'))), false);
    assert.equal(answersMarkdown(probe('https://exemplo.com.br/x.md', response(200, 'text/html', '<!doctype html><html>'))), false);
    assert.equal(answersMarkdown(probe('https://exemplo.com.br/x.md', response(200, 'text/markdown', markdown, 'https://exemplo.com.br/x.md'))), true);
    // A plain static host sends .md as application/octet-stream: the content decides.
    assert.equal(answersMarkdown(probe('https://exemplo.com.br/x.md', response(200, 'application/octet-stream', markdown, 'https://exemplo.com.br/x.md'))), true);
    assert.equal(answersMarkdown(probe('https://exemplo.com.br/x', response(200, 'text/markdown', markdown))), true);
  });
});

const generators = new URL('tests/fixtures/readiness-generators/', root);

describe('false failures closed on real generators\' output (issue 19, item 5)', () => {
  test("VitePress' llms-full.txt (YAML front matter per page) and Starlight's preamble open with a title", () => {
    const vitepress = readFileSync(new URL('vitepress-llms/llms-full.txt', generators), 'utf8');
    assert.ok(vitepress.startsWith('---\nurl: '), 'the fixture is the plugin output');
    assert.equal(opensWithTitle(vitepress), true);
    assert.equal(opensWithTitle('<SYSTEM>Documentação</SYSTEM>\n\n# Título\n'), true);
    assert.equal(opensWithTitle('Texto solto antes\n# Título'), false);
    assert.equal(opensWithTitle('---\nurl: x\n---\nTexto solto\n# Título'), false);
  });
  test('nested publisher and author nodes are found (jekyll-seo-tag, Eleventy)', () => {
    const jsonLd = (file: string) => JSON.parse(/<script type="application\/ld\+json">\s*([\s\S]*?)<\/script>/.exec(readFileSync(new URL(file, generators), 'utf8'))?.[1] ?? 'null') as unknown;
    const jekyll = jsonLdNodes(jsonLd('jekyll-minima/index.html'));
    assert.ok(jekyll.some((n) => n.via === 'author' && n.node['@type'] === 'Person'));
    const eleventy = jsonLdNodes(jsonLd('eleventy-pessoa/index.html'));
    assert.ok(eleventy.some((n) => n.via === 'publisher' && n.node['@type'] === 'Person' && n.parent?.['@type'] === 'WebSite'));
  });
});
