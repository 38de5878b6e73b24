/**
 * robots.txt as RFC 9309 defines it (functions/readiness/analysis/robots.ts), with Google's own test cases
 * (tests/unit/readiness/robots-google-cases.ts, from github.com/google/robotstxt) as an oracle: every case
 * agrees, except the differences written down with their reason (there and in docs/readiness.md).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { decide, isAllowed, isProductToken, normalizeRobotsPath, parseRobots, ROBOTS_MAX_CHARS, robotsPathOf } from '../../../functions/readiness/analysis/robots.ts';
import { decodeText } from '../../../functions/readiness/fetch/safe-fetch.ts';
import { AI_AGENTS, isAiAgent } from '../../../src/model/ai-agents.ts';
import { ESCAPE_CASES, MATCH_CASES, PARSE_CASES, PATH_CASES, PRODUCT_TOKEN_CASES } from './robots-google-cases.ts';

/** Google's 145 matching cases: how many we answer as Google does (the rest are the documented differences). */
const MATCH_AGREEMENT = 138;

const answer = (robots: string, agent: string, url: string): boolean => isAllowed(parseRobots(robots), agent, robotsPathOf(url));

describe("Google's robots.txt test cases (google/robotstxt robots_test.cc) as an oracle", () => {
  test(`the ${MATCH_CASES.length} matching cases: ${MATCH_AGREEMENT} agree, the others are documented differences`, () => {
    assert.equal(MATCH_CASES.length, 145);
    let agree = 0;
    for (const c of MATCH_CASES) {
      const ours = answer(c.robots, c.agente, c.url);
      const where = `${c.teste}: ${c.agente || '(vazio)'} ${c.url.slice(0, 80) || '(vazia)'}`;
      if (c.diferenca) {
        assert.notEqual(c.diferenca.nosso, c.google, `${where}: a difference that is not one`);
        assert.ok(c.diferenca.motivo.length > 40, where);
        assert.equal(ours, c.diferenca.nosso, `${where}: the documented difference`);
      } else {
        assert.equal(ours, c.google, where);
        agree++;
      }
    }
    assert.equal(agree, MATCH_AGREEMENT);
  });
  test('valid product tokens (IsValidUserAgentToObey): all 11 agree, and every AI agent we declare has one', () => {
    for (const c of PRODUCT_TOKEN_CASES) assert.equal(isProductToken(c.token), c.google, JSON.stringify(c.token));
    for (const agent of AI_AGENTS) assert.ok(isProductToken(agent.token), agent.token);
  });
  test('path and query of a URL (GetPathParamsQuery): absolute URLs agree; strings without a scheme are the documented difference', () => {
    let agree = 0;
    for (const c of PATH_CASES) {
      if (c.diferenca) assert.equal(robotsPathOf(c.url), c.diferenca.nosso, c.url);
      else {
        assert.equal(robotsPathOf(c.url), c.google, c.url);
        agree++;
      }
    }
    assert.equal(agree, 11);
  });
  test('rule paths as compared (MaybeEscapePattern): all 4 agree', () => {
    for (const c of ESCAPE_CASES) assert.equal(normalizeRobotsPath(c.pattern, true), c.google, c.pattern);
  });
  test('the parse report (line endings, byte order marks, Sitemap anywhere): all agree', () => {
    for (const c of PARSE_CASES) {
      const file = parseRobots(decodeText(Buffer.from(c.bytes), 'text/plain'));
      if (c.directives !== undefined) assert.equal(file.directives, c.directives, c.teste);
      if (c.unknown !== undefined) assert.equal(file.unknownLines, c.unknown, c.teste);
      if (c.lastRuleLine !== undefined) assert.equal(file.groups.at(-1)?.rules.at(-1)?.line, c.lastRuleLine, c.teste);
      if (c.sitemap !== undefined) assert.deepEqual(file.sitemaps, [c.sitemap], c.teste);
    }
  });
  test('docs/readiness.md names every Google test where we differ, with the reason', () => {
    const doc = readFileSync(new URL('../../../docs/readiness.md', import.meta.url), 'utf8');
    const differing = new Set(MATCH_CASES.filter((c) => c.diferenca).map((c) => c.teste));
    assert.deepEqual([...differing].sort(), ['GoogleOnly_IndexHTMLisDirectory', 'GoogleOnly_LineTooLong', 'ID_Encoding', 'ID_LineSyntax_Line']);
    for (const name of [...differing, 'GetPathParamsQuery']) assert.match(doc, new RegExp(`\`${name}\``), name);
    assert.match(doc, new RegExp(`${MATCH_AGREEMENT} of ${MATCH_CASES.length}`));
  });
});

describe('groups (RFC 9309 §2.1, §2.2.1, §2.2.4)', () => {
  test('a Sitemap or unknown line between user-agent lines does not split the group: the blocked GPTBot stays blocked', () => {
    for (const between of ['Sitemap: https://x.com/sitemap.xml', 'Crawl-delay: 5', 'Content-Signal: ai-train=no', 'X-Desconhecida: 1']) {
      const file = parseRobots(`User-agent: GPTBot\n${between}\nUser-agent: ClaudeBot\nDisallow: /\n`);
      assert.equal(file.groups.length, 1, between);
      assert.equal(isAllowed(file, 'GPTBot', '/docs/'), false, between);
      assert.equal(isAllowed(file, 'ClaudeBot', '/docs/'), false, between);
    }
  });
  test('a Sitemap line between the rules of a group does not end it', () => {
    const file = parseRobots('User-agent: GPTBot\nDisallow: /a/\nSitemap: https://x.com/s.xml\nDisallow: /b/\n');
    assert.equal(isAllowed(file, 'GPTBot', '/b/x'), false);
  });
  test('a user-agent line after a rule starts a new group; blank lines between user-agent lines do not', () => {
    const file = parseRobots('User-agent: a\nDisallow: /x\nUser-agent: b\n\nUser-agent: c\nDisallow: /y\n');
    assert.deepEqual(file.groups.map((g) => g.agents), [['a'], ['b', 'c']]);
    assert.equal(isAllowed(file, 'b', '/y'), false);
    assert.equal(isAllowed(file, 'a', '/y'), true);
  });
  test('an empty Disallow is still a rule: the next user-agent line starts a new group', () => {
    const file = parseRobots('User-agent: a\nDisallow:\nUser-agent: b\nDisallow: /\n');
    assert.equal(isAllowed(file, 'a', '/x'), true);
    assert.equal(isAllowed(file, 'b', '/x'), false);
  });
  test('groups naming the same token are merged; a token with its own group ignores *; rules outside groups are ignored', () => {
    const file = parseRobots('Disallow: /tudo\nUser-agent: *\nDisallow: /\nUser-agent: GPTBot\nDisallow: /a\nUser-agent: gptbot\nDisallow: /b\n');
    assert.equal(isAllowed(file, 'GPTBot', '/a'), false);
    assert.equal(isAllowed(file, 'GPTBot', '/b'), false);
    assert.equal(isAllowed(file, 'GPTBot', '/c'), true);
    assert.equal(isAllowed(file, 'ClaudeBot', '/c'), false);
    assert.equal(decide(file, 'GPTBot', '/c').groups, 'proprio');
    assert.equal(decide(file, 'ClaudeBot', '/c').groups, 'global');
    assert.equal(decide(parseRobots('User-agent: a\nDisallow: /\n'), 'b', '/').groups, 'nenhum');
  });
  test('the product token of a user-agent line is its leading letters, - and _ (Googlebot/2.1 → googlebot)', () => {
    const file = parseRobots('User-agent: GPTBot/1.2\nDisallow: /\nUser-agent: Mozilla/5.0 (compatible; ClaudeBot)\nDisallow: /\n');
    assert.equal(isAllowed(file, 'GPTBot', '/'), false);
    assert.equal(isAllowed(file, 'ClaudeBot', '/'), true, 'the token of that line is "mozilla"');
  });
  test('a robots.txt with only a Sitemap line has no group: everything is allowed', () => {
    const file = parseRobots('Sitemap: https://x.com/sitemap.xml\n');
    assert.deepEqual(file.groups, []);
    assert.deepEqual(file.sitemaps, ['https://x.com/sitemap.xml']);
    assert.equal(file.unknownLines, 0);
    assert.equal(isAllowed(file, 'GPTBot', '/'), true);
  });
});

describe('matching (RFC 9309 §2.2.2, §2.2.3)', () => {
  test('non-ASCII rule paths are percent-encoded before comparison (the figure 4 examples)', () => {
    assert.equal(normalizeRobotsPath('/foo/bar/ツ', true), '/foo/bar/%E3%83%84');
    assert.equal(normalizeRobotsPath('/foo/bar/%e3%83%84', true), '/foo/bar/%E3%83%84');
    assert.equal(normalizeRobotsPath('/foo/bar/%62%61%7A', true), '/foo/bar/baz');
    assert.equal(robotsPathOf('https://x.com/sobre/ação?q=é#topo'), '/sobre/a%C3%A7%C3%A3o?q=%C3%A9');
    const file = parseRobots('User-agent: GPTBot\nDisallow: /sobre/ação\n');
    assert.equal(isAllowed(file, 'GPTBot', robotsPathOf('https://x.com/sobre/ação')), false);
    assert.equal(isAllowed(file, 'GPTBot', robotsPathOf('https://x.com/sobre/a%C3%A7%C3%A3o/equipe')), false);
  });
  test('a literal * or $ in the URL matches only %2A / %24 in a rule (figure 6)', () => {
    const file = parseRobots('User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /path/foo-%24\n');
    assert.equal(isAllowed(file, 'x', robotsPathOf('https://www.example.com/path/file-with-a-*.html')), false);
    assert.equal(isAllowed(file, 'x', robotsPathOf('https://www.example.com/path/foo-$')), false);
    assert.equal(isAllowed(file, 'x', robotsPathOf('https://www.example.com/path/file-with-a-b.html')), true);
    // A $ that does not end the pattern is a literal character.
    assert.equal(isAllowed(parseRobots('User-agent: *\nDisallow: /a$b\n'), 'x', robotsPathOf('https://x.com/a$b')), false);
  });
  test('the longest match decides, allow wins a tie, and the decision names its line', () => {
    const file = parseRobots('# política\nUser-agent: *\nDisallow: /docs/   # fechado\nAllow: /docs/publico\nDisallow: /docs/publico\n');
    const closed = decide(file, 'PerplexityBot', '/docs/guia');
    assert.deepEqual({ allowed: closed.allowed, line: closed.rule?.line, text: closed.rule?.text }, { allowed: false, line: 3, text: 'Disallow: /docs/' });
    const tie = decide(file, 'PerplexityBot', '/docs/publico/a');
    assert.deepEqual({ allowed: tie.allowed, line: tie.rule?.line }, { allowed: true, line: 4 });
    assert.deepEqual(decide(file, 'PerplexityBot', '/'), { allowed: true, groups: 'global' });
  });
  test('duplicate rules are merged and the first 500 KiB only are read', () => {
    const file = parseRobots(`User-agent: *\n${'Disallow: /x\n'.repeat(1000)}`);
    assert.equal(file.groups[0]?.rules.length, 1000);
    assert.equal(isAllowed(file, 'a', '/x'), false);
    const long = parseRobots(`User-agent: *\n${'#'.repeat(ROBOTS_MAX_CHARS)}\nDisallow: /\n`);
    assert.equal(isAllowed(long, 'a', '/'), true);
  });
});

describe('AI agents declared once, by operator and class (src/model/ai-agents.ts)', () => {
  test('each token once; the documented classes of the main operators', () => {
    const tokens = AI_AGENTS.map((a) => a.token.toLowerCase());
    assert.equal(new Set(tokens).size, tokens.length);
    const classOf = (token: string) => AI_AGENTS.find((a) => a.token === token)?.tipo;
    const expected: Record<string, string> = {
      GPTBot: 'treinamento', 'OAI-SearchBot': 'busca', 'ChatGPT-User': 'usuario',
      ClaudeBot: 'treinamento', 'Claude-SearchBot': 'busca', 'Claude-User': 'usuario',
      PerplexityBot: 'busca', 'Perplexity-User': 'usuario',
      'Google-Extended': 'treinamento', 'Applebot-Extended': 'treinamento', CCBot: 'treinamento', Bytespider: 'treinamento',
      'meta-externalagent': 'treinamento', 'meta-externalfetcher': 'usuario', 'Amzn-SearchBot': 'busca', 'Amzn-User': 'usuario',
    };
    for (const [token, tipo] of Object.entries(expected)) assert.equal(classOf(token), tipo, token);
    assert.ok(!tokens.includes('anthropic-ai'), 'a retired token');
  });
  test('robots.txt-only tokens never match a User-Agent; the crawlers do', () => {
    assert.deepEqual(AI_AGENTS.filter((a) => !a.emUserAgent).map((a) => a.token), ['Google-Extended', 'Applebot-Extended']);
    assert.equal(isAiAgent('Mozilla/5.0 (compatible; Google-Extended)'), false);
    assert.equal(isAiAgent('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amzn-SearchBot/0.1) Chrome/119.0.6045.214 Safari/537.36'), true);
    assert.equal(isAiAgent('meta-externalfetcher/1.1'), true);
  });
});
