/**
 * Google's robots.txt test cases as an oracle for our RFC 9309 parser and matcher (issue 19).
 *
 * Source: github.com/google/robotstxt, `robots_test.cc` at commit 22b355f (the library Googlebot uses, whose
 * tests follow RFC 9309 and mark Google's own extensions `GoogleOnly_`). Every assertion of that file is a row
 * here, rewritten as data: the 145 `IsUserAgentAllowed` expectations (`MATCH_CASES`), and the expectations on
 * its helpers: valid product tokens (`PRODUCT_TOKEN_CASES`), path extraction (`PATH_CASES`), pattern escaping
 * (`ESCAPE_CASES`) and the parse report (line endings, byte order marks, Sitemap lines: `PARSE_CASES`).
 *
 * `google` is Google's answer. A row where we answer differently on purpose has `nosso` (our answer) and
 * `motivo` (why, in one sentence); docs/readiness.md lists the same differences. The test asserts that every
 * other row agrees, and the count of agreements, so a new difference cannot slip in silently.
 */

export interface Difference {
  /** Our answer. */
  nosso: boolean | string;
  /** Why we differ from Google on purpose. */
  motivo: string;
}

export interface MatchCase {
  /** The Google test the case comes from. */
  teste: string;
  robots: string;
  agente: string;
  url: string;
  /** Google's answer: true = allowed. */
  google: boolean;
  diferenca?: Difference;
}

const MISSING_COLON: Difference = {
  nosso: true,
  motivo: 'RFC 9309 §2.2 exige os dois-pontos entre campo e valor; aceitar "disallow /" é uma tolerância só do Google, e os robôs de IA não a documentam.',
};
const RAW_UTF8_URL: Difference = {
  nosso: true,
  motivo: 'Lemos URLs como um navegador ou robô as pede (URL Standard do WHATWG, que codifica ツ como %E3%83%84); a RFC 9309 §2.2.2 manda codificar os octetos fora do ASCII também na URL antes de comparar, e a biblioteca do Google deixa isso a quem a chama.',
};
const UNRESERVED_DECODED: Difference = {
  nosso: true,
  motivo: 'RFC 9309 §2.2.2 (figura 4): %62%61%7A de caracteres não reservados equivale a "baz" antes de comparar; o Google compara os bytes como estão e diz no próprio teste que o caso "não deve ser tomado como certo".',
};
const INDEX_HTML: Difference = {
  nosso: false,
  motivo: 'Tratar "index.html" no fim de uma regra como o diretório é uma extensão só do Google; a RFC 9309 compara o caminho como está.',
};
const LINE_CUT: Difference = {
  nosso: true,
  motivo: 'O Google corta linhas depois de 16.664 bytes; a RFC 9309 não limita a linha (só o arquivo, a no mínimo 500 KiB, §2.5), e lemos a regra inteira.',
};
const LINE_CUT_ALLOW: Difference = { ...LINE_CUT, nosso: false };

const rows = (teste: string, robots: string, agente: string, expectations: readonly (readonly [string, boolean, Difference?])[]): MatchCase[] =>
  expectations.map(([url, google, diferenca]) => ({ teste, robots, agente, url, google, ...(diferenca ? { diferenca } : {}) }));

const FOOBOT_ALL = 'user-agent: FooBot\ndisallow: /\n';
const GROUPS =
  'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n';
const CASES_UPPER = 'USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n';
const CASES_LOWER = 'user-agent: FooBot\nallow: /x/\ndisallow: /\n';
const CASES_CAMEL = 'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n';
const UA_UPPER = 'User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n';
const UA_LOWER = 'User-Agent: foo bar\nAllow: /x/\nDisallow: /\n';
const UA_CAMEL = 'User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n';
const KMAX_LINE = 2083 * 8;

/** Google's long-line rows: a rule longer than its 16,664-byte line buffer. */
function longLine(prefixLength: number, fill: string): string {
  const max = KMAX_LINE - '/x/'.length - prefixLength + '\n'.length;
  return `/x/${fill.repeat(max - 3)}`;
}
const LONG_DISALLOW = longLine('disallow: '.length, 'a');
const LONG_ALLOW_A = longLine('allow: '.length, 'a');
const LONG_ALLOW_B = longLine('allow: '.length, 'b');

const fooBot = (rules: string) => `user-agent: FooBot\n${rules}`;
const docs = (allow: string) => `user-agent: FooBot\ndisallow: /\nallow: ${allow}\n`;
const FB = 'http://foo.bar';

export const MATCH_CASES: readonly MatchCase[] = [
  ...rows('GoogleOnly_SystemTest', '', 'FooBot', [['', true]]),
  ...rows('GoogleOnly_SystemTest', FOOBOT_ALL, '', [['', true]]),
  ...rows('GoogleOnly_SystemTest', FOOBOT_ALL, 'FooBot', [['', false]]),
  ...rows('GoogleOnly_SystemTest', '', '', [['', true]]),

  ...rows('ID_LineSyntax_Line', FOOBOT_ALL, 'FooBot', [[`${FB}/x/y`, false]]),
  ...rows('ID_LineSyntax_Line', 'foo: FooBot\nbar: /\n', 'FooBot', [[`${FB}/x/y`, true]]),
  ...rows('ID_LineSyntax_Line', 'user-agent FooBot\ndisallow /\n', 'FooBot', [[`${FB}/x/y`, false, MISSING_COLON]]),

  ...rows('ID_LineSyntax_Groups', GROUPS, 'FooBot', [[`${FB}/x/b`, true], [`${FB}/z/d`, true], [`${FB}/y/c`, false]]),
  ...rows('ID_LineSyntax_Groups', GROUPS, 'BarBot', [[`${FB}/y/c`, true], [`${FB}/w/a`, true], [`${FB}/z/d`, false]]),
  ...rows('ID_LineSyntax_Groups', GROUPS, 'BazBot', [[`${FB}/z/d`, true]]),
  ...rows('ID_LineSyntax_Groups', GROUPS, 'FooBot', [[`${FB}/foo/bar/`, false]]),
  ...rows('ID_LineSyntax_Groups', GROUPS, 'BarBot', [[`${FB}/foo/bar/`, false]]),
  ...rows('ID_LineSyntax_Groups', GROUPS, 'BazBot', [[`${FB}/foo/bar/`, false]]),

  ...['FooBot', 'BarBot'].flatMap((agent) =>
    rows('ID_LineSyntax_Groups_OtherRules', 'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n', agent, [[`${FB}/`, false]]),
  ),
  ...['FooBot', 'BarBot'].flatMap((agent) =>
    rows('ID_LineSyntax_Groups_OtherRules', 'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n', agent, [[`${FB}/`, false]]),
  ),

  ...[CASES_UPPER, CASES_LOWER, CASES_CAMEL].flatMap((robots) => rows('ID_REPLineNamesCaseInsensitive', robots, 'FooBot', [[`${FB}/x/y`, true]])),
  ...[CASES_UPPER, CASES_LOWER, CASES_CAMEL].flatMap((robots) => rows('ID_REPLineNamesCaseInsensitive', robots, 'FooBot', [[`${FB}/a/b`, false]])),

  ...['Foo', 'foo'].flatMap((agent) => [
    ...[UA_UPPER, UA_LOWER, UA_CAMEL].flatMap((robots) => rows('ID_UserAgentValueCaseInsensitive', robots, agent, [[`${FB}/x/y`, true]])),
    ...[UA_UPPER, UA_LOWER, UA_CAMEL].flatMap((robots) => rows('ID_UserAgentValueCaseInsensitive', robots, agent, [[`${FB}/a/b`, false]])),
  ]),

  ...rows('GoogleOnly_AcceptUserAgentUpToFirstSpace', 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n', 'Foo', [[`${FB}/x/y`, true]]),
  ...rows('GoogleOnly_AcceptUserAgentUpToFirstSpace', 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n', 'Foo Bar', [[`${FB}/x/y`, false]]),

  ...rows('ID_GlobalGroups_Secondary', '', 'FooBot', [[`${FB}/x/y`, true]]),
  ...rows('ID_GlobalGroups_Secondary', 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n', 'FooBot', [[`${FB}/x/y`, false]]),
  ...rows('ID_GlobalGroups_Secondary', 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n', 'BarBot', [[`${FB}/x/y`, true]]),
  ...rows('ID_GlobalGroups_Secondary', 'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n', 'QuxBot', [[`${FB}/x/y`, true]]),

  ...rows('ID_AllowDisallow_Value_CaseSensitive', fooBot('disallow: /x/\n'), 'FooBot', [[`${FB}/x/y`, false]]),
  ...rows('ID_AllowDisallow_Value_CaseSensitive', fooBot('disallow: /X/\n'), 'FooBot', [[`${FB}/x/y`, true]]),

  ...rows('ID_LongestMatch', fooBot('disallow: /x/page.html\nallow: /x/\n'), 'FooBot', [[`${FB}/x/page.html`, false]]),
  ...rows('ID_LongestMatch', fooBot('allow: /x/page.html\ndisallow: /x/\n'), 'FooBot', [[`${FB}/x/page.html`, true], [`${FB}/x/`, false]]),
  ...rows('ID_LongestMatch', fooBot('disallow: \nallow: \n'), 'FooBot', [[`${FB}/x/page.html`, true]]),
  ...rows('ID_LongestMatch', fooBot('disallow: /\nallow: /\n'), 'FooBot', [[`${FB}/x/page.html`, true]]),
  ...rows('ID_LongestMatch', fooBot('disallow: /x\nallow: /x/\n'), 'FooBot', [[`${FB}/x`, false], [`${FB}/x/`, true]]),
  ...rows('ID_LongestMatch', fooBot('disallow: /x/page.html\nallow: /x/page.html\n'), 'FooBot', [[`${FB}/x/page.html`, true]]),
  ...rows('ID_LongestMatch', fooBot('allow: /page\ndisallow: /*.html\n'), 'FooBot', [[`${FB}/page.html`, false], [`${FB}/page`, true]]),
  ...rows('ID_LongestMatch', fooBot('allow: /x/page.\ndisallow: /*.html\n'), 'FooBot', [[`${FB}/x/page.html`, true], [`${FB}/x/y.html`, false]]),
  ...rows('ID_LongestMatch', 'User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', [[`${FB}/x/page`, true], [`${FB}/y/page`, false]]),

  ...rows('ID_Encoding', 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n', 'FooBot', [[`${FB}/foo/bar?qux=taz&baz=http://foo.bar?tar&par`, true]]),
  ...rows('ID_Encoding', 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n', 'FooBot', [[`${FB}/foo/bar/%E3%83%84`, true], [`${FB}/foo/bar/ツ`, false, RAW_UTF8_URL]]),
  ...rows('ID_Encoding', 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n', 'FooBot', [[`${FB}/foo/bar/%E3%83%84`, true], [`${FB}/foo/bar/ツ`, false, RAW_UTF8_URL]]),
  ...rows('ID_Encoding', 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n', 'FooBot', [[`${FB}/foo/bar/baz`, false, UNRESERVED_DECODED], [`${FB}/foo/bar/%62%61%7A`, true]]),

  ...rows('ID_SpecialCharacters', 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n', 'FooBot', [
    [`${FB}/foo/bar/quz`, false],
    [`${FB}/foo/quz`, true],
    [`${FB}/foo//quz`, true],
    [`${FB}/foo/bax/quz`, true],
  ]),
  ...rows('ID_SpecialCharacters', 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n', 'FooBot', [
    [`${FB}/foo/bar`, false],
    [`${FB}/foo/bar/qux`, true],
    [`${FB}/foo/bar/`, true],
    [`${FB}/foo/bar/baz`, true],
  ]),
  ...rows('ID_SpecialCharacters', 'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n', 'FooBot', [[`${FB}/foo/bar`, true], [`${FB}/foo/quz`, false]]),

  ...rows('GoogleOnly_IndexHTMLisDirectory', 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n', 'foobot', [
    ['http://foo.com/allowed-slash/', true, INDEX_HTML],
    ['http://foo.com/allowed-slash/index.htm', false],
    ['http://foo.com/allowed-slash/index.html', true],
    ['http://foo.com/anyother-url', false],
  ]),

  ...rows('GoogleOnly_LineTooLong', `user-agent: FooBot\ndisallow: ${LONG_DISALLOW}/qux\n`, 'FooBot', [
    [`${FB}/fux`, true],
    [`${FB}${LONG_DISALLOW}/fux`, false, LINE_CUT],
  ]),
  ...rows('GoogleOnly_LineTooLong', `user-agent: FooBot\ndisallow: /\nallow: ${LONG_ALLOW_A}/qux\nallow: ${LONG_ALLOW_B}/qux\n`, 'FooBot', [
    [`${FB}/`, false],
    [`${FB}${LONG_ALLOW_A}/qux`, true],
    [`${FB}${LONG_ALLOW_B}/fux`, true, LINE_CUT_ALLOW],
  ]),

  ...rows('GoogleOnly_DocumentationChecks', docs('/fish'), 'FooBot', [
    [`${FB}/bar`, false],
    [`${FB}/fish`, true],
    [`${FB}/fish.html`, true],
    [`${FB}/fish/salmon.html`, true],
    [`${FB}/fishheads`, true],
    [`${FB}/fishheads/yummy.html`, true],
    [`${FB}/fish.html?id=anything`, true],
    [`${FB}/Fish.asp`, false],
    [`${FB}/catfish`, false],
    [`${FB}/?id=fish`, false],
  ]),
  ...rows('GoogleOnly_DocumentationChecks', docs('/fish*'), 'FooBot', [
    [`${FB}/bar`, false],
    [`${FB}/fish`, true],
    [`${FB}/fish.html`, true],
    [`${FB}/fish/salmon.html`, true],
    [`${FB}/fishheads`, true],
    [`${FB}/fishheads/yummy.html`, true],
    [`${FB}/fish.html?id=anything`, true],
    [`${FB}/Fish.bar`, false],
    [`${FB}/catfish`, false],
    [`${FB}/?id=fish`, false],
  ]),
  ...rows('GoogleOnly_DocumentationChecks', docs('/fish/'), 'FooBot', [
    [`${FB}/bar`, false],
    [`${FB}/fish/`, true],
    [`${FB}/fish/salmon`, true],
    [`${FB}/fish/?salmon`, true],
    [`${FB}/fish/salmon.html`, true],
    [`${FB}/fish/?id=anything`, true],
    [`${FB}/fish`, false],
    [`${FB}/fish.html`, false],
    [`${FB}/Fish/Salmon.html`, false],
  ]),
  ...rows('GoogleOnly_DocumentationChecks', docs('/*.php'), 'FooBot', [
    [`${FB}/bar`, false],
    [`${FB}/filename.php`, true],
    [`${FB}/folder/filename.php`, true],
    [`${FB}/folder/filename.php?parameters`, true],
    [`${FB}//folder/any.php.file.html`, true],
    [`${FB}/filename.php/`, true],
    [`${FB}/index?f=filename.php/`, true],
    [`${FB}/php/`, false],
    [`${FB}/index?php`, false],
    [`${FB}/windows.PHP`, false],
  ]),
  ...rows('GoogleOnly_DocumentationChecks', docs('/*.php$'), 'FooBot', [
    [`${FB}/bar`, false],
    [`${FB}/filename.php`, true],
    [`${FB}/folder/filename.php`, true],
    [`${FB}/filename.php?parameters`, false],
    [`${FB}/filename.php/`, false],
    [`${FB}/filename.php5`, false],
    [`${FB}/php/`, false],
    [`${FB}/filename?php`, false],
    [`${FB}/aaaphpaaa`, false],
    [`${FB}//windows.PHP`, false],
  ]),
  ...rows('GoogleOnly_DocumentationChecks', docs('/fish*.php'), 'FooBot', [
    [`${FB}/bar`, false],
    [`${FB}/fish.php`, true],
    [`${FB}/fishheads/catfish.php?parameters`, true],
    [`${FB}/Fish.PHP`, false],
  ]),
  ...rows('GoogleOnly_DocumentationChecks', fooBot('allow: /p\ndisallow: /\n'), 'FooBot', [['http://example.com/page', true]]),
  ...rows('GoogleOnly_DocumentationChecks', fooBot('allow: /folder\ndisallow: /folder\n'), 'FooBot', [['http://example.com/folder/page', true]]),
  ...rows('GoogleOnly_DocumentationChecks', fooBot('allow: /page\ndisallow: /*.htm\n'), 'FooBot', [['http://example.com/page.htm', false]]),
  ...rows('GoogleOnly_DocumentationChecks', fooBot('allow: /$\ndisallow: /\n'), 'FooBot', [
    ['http://example.com/', true],
    ['http://example.com/page.html', false],
  ]),
];

/** `IsValidUserAgentToObey`: the product token a crawler may use (RFC 9309 §2.2.1). */
export const PRODUCT_TOKEN_CASES: readonly { token: string; google: boolean }[] = [
  { token: 'Foobot', google: true },
  { token: 'Foobot-Bar', google: true },
  { token: 'Foo_Bar', google: true },
  { token: '', google: false }, // absl::string_view(): no token at all
  { token: '', google: false },
  { token: 'ツ', google: false },
  { token: 'Foobot*', google: false },
  { token: ' Foobot ', google: false },
  { token: 'Foobot/2.1', google: false },
  { token: 'Foobot Bar', google: false },
  { token: 'Foobot Bar', google: false }, // GoogleOnly_AcceptUserAgentUpToFirstSpace
];

const SCHEMELESS: Difference = {
  nosso: '/',
  motivo: 'O auxiliar do Google adivinha onde termina o host num texto sem esquema; julgamos só URLs absolutas (as da amostra sempre são), e um texto que não é URL vale "/".',
};
const sl = (path: string): Difference => ({ ...SCHEMELESS, nosso: path });

/** `GetPathParamsQuery`: the path and query a URL is matched by (no scheme, authority or fragment). */
export const PATH_CASES: readonly { url: string; google: string; diferenca?: Difference }[] = [
  { url: '', google: '/' },
  { url: 'http://www.example.com', google: '/' },
  { url: 'http://www.example.com/', google: '/' },
  { url: 'http://www.example.com/a', google: '/a' },
  { url: 'http://www.example.com/a/', google: '/a/' },
  { url: 'http://www.example.com/a/b?c=http://d.e/', google: '/a/b?c=http://d.e/' },
  { url: 'http://www.example.com/a/b?c=d&e=f#fragment', google: '/a/b?c=d&e=f' },
  { url: 'example.com', google: '/' },
  { url: 'example.com/', google: '/' },
  { url: 'example.com/a', google: '/a', diferenca: sl('/') },
  { url: 'example.com/a/', google: '/a/', diferenca: sl('/') },
  { url: 'example.com/a/b?c=d&e=f#fragment', google: '/a/b?c=d&e=f', diferenca: sl('/') },
  { url: 'a', google: '/' },
  { url: 'a/', google: '/' },
  { url: '/a', google: '/a', diferenca: sl('/') },
  { url: 'a/b', google: '/b', diferenca: sl('/') },
  { url: 'example.com?a', google: '/?a', diferenca: sl('/') },
  { url: 'example.com/a;b#c', google: '/a;b', diferenca: sl('/') },
  { url: '//a/b/c', google: '/b/c', diferenca: sl('/') },
];

/** `MaybeEscapePattern`: a rule path in the form it is compared in. */
export const ESCAPE_CASES: readonly { pattern: string; google: string }[] = [
  { pattern: 'http://www.example.com', google: 'http://www.example.com' },
  { pattern: '/a/b/c', google: '/a/b/c' },
  { pattern: 'á', google: '%C3%A1' },
  { pattern: '%aa', google: '%AA' },
];

/**
 * The parse report: records recognized (`valid_directives`), unknown records, the line of the last record
 * (here: of the last rule, which is the line a decision names), and the Sitemap value. Bodies are bytes,
 * decoded as the instrument's fetcher decodes them.
 */
export interface ParseCase {
  teste: string;
  bytes: Uint8Array;
  directives?: number;
  unknown?: number;
  lastRuleLine?: number;
  sitemap?: string;
}

const latin = (s: string): Uint8Array => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const LINES = ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'];
const SITEMAP = 'http://foo.bar/sitemap.xml';

export const PARSE_CASES: readonly ParseCase[] = [
  { teste: 'ID_LinesNumbersAreCountedCorrectly (LF)', bytes: utf8(`${LINES.join('\n')}\n`), directives: 4, lastRuleLine: 6 },
  { teste: 'ID_LinesNumbersAreCountedCorrectly (CRLF)', bytes: utf8(`${LINES.join('\r\n')}\r\n`), directives: 4, lastRuleLine: 6 },
  { teste: 'ID_LinesNumbersAreCountedCorrectly (CR)', bytes: utf8(`${LINES.join('\r')}\r`), directives: 4, lastRuleLine: 6 },
  { teste: 'ID_LinesNumbersAreCountedCorrectly (sem quebra final)', bytes: utf8(LINES.join('\n')), directives: 4, lastRuleLine: 6 },
  { teste: 'ID_LinesNumbersAreCountedCorrectly (misto)', bytes: utf8('User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /'), directives: 4, lastRuleLine: 6 },
  { teste: 'ID_UTF8ByteOrderMarkIsSkipped (BOM inteiro)', bytes: latin('\xEF\xBB\xBFUser-Agent: foo\nAllow: /AnyValue\n'), directives: 2, unknown: 0 },
  { teste: 'ID_UTF8ByteOrderMarkIsSkipped (2 bytes do BOM)', bytes: latin('\xEF\xBBUser-Agent: foo\nAllow: /AnyValue\n'), directives: 2, unknown: 0 },
  { teste: 'ID_UTF8ByteOrderMarkIsSkipped (1 byte do BOM)', bytes: latin('\xEFUser-Agent: foo\nAllow: /AnyValue\n'), directives: 2, unknown: 0 },
  { teste: 'ID_UTF8ByteOrderMarkIsSkipped (BOM quebrado)', bytes: latin('\xEF\x11\xBFUser-Agent: foo\nAllow: /AnyValue\n'), directives: 1, unknown: 1 },
  { teste: 'ID_UTF8ByteOrderMarkIsSkipped (BOM no meio)', bytes: latin('User-Agent: foo\n\xEF\xBB\xBFAllow: /AnyValue\n'), directives: 1, unknown: 1 },
  { teste: 'ID_NonStandardLineExample_Sitemap (no fim)', bytes: utf8(`User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nSitemap: ${SITEMAP}\n`), sitemap: SITEMAP },
  { teste: 'ID_NonStandardLineExample_Sitemap (no início)', bytes: utf8(`Sitemap: ${SITEMAP}\nUser-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n`), sitemap: SITEMAP },
];
