/**
 * Grades one HTTP response with the MDN HTTP Observatory's own analyzers and grader (npm
 * `@mdn/mdn-http-observatory`, algorithm version 4), without a live HTTPS site.
 *
 * The package's `scan(hostname)` cannot be pointed at the local server: its retriever always fetches
 * `http://host/` and `https://host/` on the default ports, needs a publicly trusted certificate, and refuses
 * statuses other than 2xx, 3xx, 401 and 403. So this helper does what the retriever does with a response we
 * fetched ourselves: it builds the package's own `Requests` object (as the package's analyzer tests do), runs
 * every test of `ALL_TESTS`, and adds the modifiers exactly as `src/scanner/index.js` does.
 *
 * HTTPS is simulated. HSTS only counts over HTTPS with a valid certificate, and the site is only ever served
 * over HTTPS on Netlify, so the same headers and body are presented as the response to
 * `https://<site host><path>` with a verified certificate. The HTTP→HTTPS redirect is Netlify's platform
 * behaviour, not the project's code, and cannot be exercised locally: the plain-HTTP response is left out,
 * which the redirection test scores as "not needed" (modifier 0, the same as a correct redirect).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@mdn/mdn-http-observatory/package.json'));
const packageModule = <T>(path: string): Promise<T> => import(pathToFileURL(join(packageDir, path)).href) as Promise<T>;

/*
 * The package's postinstall downloads Chromium's HSTS preload list into conf/hsts-preload.json; this project
 * does not run that script (allowScripts in package.json: it needs the internet, which installs here may not
 * have). Without the file the HSTS and redirection tests throw, so an empty list is written: no host counts as
 * preloaded, which is true of the local host, and the +5 preload bonus is never claimed.
 */
const preloadList = join(packageDir, 'conf', 'hsts-preload.json');
if (!existsSync(preloadList)) writeFileSync(preloadList, '{}\n');

interface ObservatoryOutput {
  pass: boolean | null;
  result: string | null;
  expectation: string;
  scoreModifier: number | null;
  scoreDescription: string | null;
  data?: unknown;
}
type ObservatoryTest = ((requests: unknown) => ObservatoryOutput) & { name: string };

const [{ ALL_TESTS }, { Requests }, { Session }, { parseHttpEquivHeaders }, grader, charts, config] = await Promise.all([
  packageModule<{ ALL_TESTS: ObservatoryTest[] }>('src/constants.js'),
  packageModule<{ Requests: new (hostname: string) => any }>('src/types.js'),
  packageModule<{ Session: new (url: URL) => any }>('src/retriever/session.js'),
  packageModule<{ parseHttpEquivHeaders: (html: string, url: string) => Map<string, string[]> }>('src/retriever/utils.js'),
  packageModule<{ getGradeForScore(score: number): { score: number; grade: string }; getScoreModifier(r: string): number; getScoreDescription(r: string): string }>(
    'src/grader/grader.js',
  ),
  packageModule<{ MINIMUM_SCORE_FOR_EXTRA_CREDIT: number; SCORE_TABLE: Map<string, { modifier: number; description: string }> }>('src/grader/charts.js'),
  packageModule<{ CONFIG: { retriever: { corsOrigin: string } } }>('src/config.js'),
]);
// The retriever's responses are axios responses; its headers are AxiosHeaders (the package's own axios).
const { AxiosHeaders } = createRequire(join(packageDir, 'package.json'))('axios') as { AxiosHeaders: new (init?: Record<string, string | string[]>) => unknown };

/** The Origin the Observatory sends in its CORS preflight. */
export const OBSERVATORY_CORS_ORIGIN = config.CONFIG.retriever.corsOrigin;
export const OBSERVATORY_TEST_NAMES: readonly string[] = ALL_TESTS.map((t) => t.name.replace(/Test$/, ''));

export interface ObservedResponse {
  /** Path and query the response answered. */
  path: string;
  status: number;
  headers: Headers;
  body: string;
  /** The answer to the Observatory's CORS preflight for the same path (OPTIONS with its Origin), if fetched. */
  preflight?: { status: number; headers: Headers } | null;
}

export interface TestResult {
  pass: boolean;
  result: string;
  scoreModifier: number;
  description: string;
}

export interface Grade {
  grade: string;
  score: number;
  tests: Record<string, TestResult>;
}

const axiosHeaders = (headers: Headers): unknown => {
  const init: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') init[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length) init['set-cookie'] = cookies;
  return new AxiosHeaders(init);
};

/** Grades `response` as the answer to `https://<host><path>`, `host` being the site's host (e.g. localhost:8890). */
export function gradeResponse(host: string, response: ObservedResponse): Grade {
  const url = new URL(response.path, `https://${host}`);
  const requests = new Requests(url.hostname);
  const auto = {
    headers: axiosHeaders(response.headers),
    request: { headers: new AxiosHeaders() },
    status: response.status,
    statusText: '',
    verified: true,
    data: response.body,
    config: { headers: new AxiosHeaders() },
    httpEquiv: new Map<string, string[]>(),
  };
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (['text/html', 'application/xhtml+xml'].includes(type)) auto.httpEquiv = parseHttpEquivHeaders(response.body, url.href);

  requests.responses.auto = auto;
  requests.responses.https = auto;
  requests.responses.http = null;
  requests.responses.httpRedirects = [];
  requests.responses.httpsRedirects = [{ url, status: response.status }];
  requests.responses.cors = response.preflight
    ? {
        headers: axiosHeaders(response.preflight.headers),
        request: { headers: new AxiosHeaders({ origin: OBSERVATORY_CORS_ORIGIN }) },
        status: response.preflight.status,
        verified: true,
      }
    : null;
  requests.resources.path = response.body;
  requests.session = new Session(url);
  for (const cookie of response.headers.getSetCookie()) requests.session.jar.setCookieSync(cookie, url.href, { ignoreError: true });

  // As src/scanner/index.js: every test, then the modifiers; extra credit only when the uncurved score is an A.
  let scoreWithExtraCredit = 100;
  let uncurvedScore = 100;
  const tests: Record<string, TestResult> = {};
  for (const test of ALL_TESTS) {
    const output = test(requests);
    const name = (output.constructor as { name: string }).name;
    const modifier = output.result ? grader.getScoreModifier(output.result) : 0;
    scoreWithExtraCredit += modifier;
    if (modifier < 0) uncurvedScore += modifier;
    tests[name] = {
      pass: output.pass === true,
      result: output.result ?? '',
      scoreModifier: modifier,
      description: output.result ? grader.getScoreDescription(output.result) : '',
    };
  }
  const score = uncurvedScore >= charts.MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore;
  const final = grader.getGradeForScore(score);
  return { grade: final.grade, score: final.score, tests };
}

/** Fetches `path` (and the Observatory's CORS preflight for it) from `baseUrl`, ready for `gradeResponse`. */
export async function observe(baseUrl: string, path: string, init: RequestInit = {}): Promise<ObservedResponse> {
  const res = await fetch(new URL(path, baseUrl), { redirect: 'manual', ...init });
  const body = await res.text();
  const pre = await fetch(new URL(path, baseUrl), {
    method: 'OPTIONS',
    headers: { 'Access-Control-Request-Method': 'GET', Origin: OBSERVATORY_CORS_ORIGIN },
    redirect: 'manual',
  });
  await pre.arrayBuffer();
  return { path, status: res.status, headers: res.headers, body, preflight: { status: pre.status, headers: pre.headers } };
}

/** One line per test for assertion messages. */
export const describeGrade = (grade: Grade): string =>
  `${grade.grade} (${grade.score})\n${Object.entries(grade.tests)
    .map(([name, t]) => `  ${t.pass ? 'ok  ' : 'FAIL'} ${name}: ${t.result} (${t.scoreModifier >= 0 ? '+' : ''}${t.scoreModifier})`)
    .join('\n')}`;
