/**
 * Issue item 7: the analysis of what a measured site returns stays linear and interruptible. Runs every row
 * of tests/attacks/hostile-content-cases.ts through the analysis of its surface with a generous bound
 * (the rows took from seconds to hours before; they take milliseconds now), checks the robots matcher
 * against the regular-expression semantics it replaced, and checks the deadline machinery itself.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeHtml, HTML_SLICE_CHARS } from '../../../functions/readiness/analysis/html.ts';
import { parseLlmsTxt } from '../../../functions/readiness/analysis/llms.ts';
import { isAllowed, parseRobots, patternMatches } from '../../../functions/readiness/analysis/robots.ts';
import { frontMatterHasName } from '../../../functions/readiness/checks/agent-skills.ts';
import { registersTools } from '../../../functions/readiness/checks/webmcp.ts';
import { AnalysisCutShort, createDeadline } from '../../../functions/readiness/deadline.ts';
import { AI_AGENTS } from '../../../src/model/ai-agents.ts';
import { HOSTILE_CONTENT_CASES, type HostileContentCase } from '../../attacks/hostile-content-cases.ts';

/** Generous: the slowest row takes well under 100 ms on a quiet machine; before the fix, 5 s to hours. */
const BOUND_MS = 3_000;

async function analyse(row: HostileContentCase, body: string): Promise<unknown> {
  switch (row.surface) {
    case 'home': {
      const page = await analyzeHtml(body, createDeadline(60_000));
      return page.inlineScripts.some(registersTools) || page;
    }
    case 'robots': {
      const file = parseRobots(body);
      return AI_AGENTS.map((a) => isAllowed(file, a.token, '/') && isAllowed(file, a.token, row.homePath ?? '/'));
    }
    case 'llms':
      return parseLlmsTxt(body);
    case 'skill':
      return frontMatterHasName(body);
  }
}

describe('hostile content is analysed in bounded time (tests/attacks/hostile-content-cases.ts)', () => {
  for (const row of HOSTILE_CONTENT_CASES) {
    test(`${row.surface}: ${row.name} (antes: ${row.before})`, async () => {
      const body = row.body();
      const started = performance.now();
      const result = await analyse(row, body);
      const elapsed = performance.now() - started;
      assert.ok(result !== undefined);
      assert.ok(elapsed < BOUND_MS, `${row.name}: ${Math.round(elapsed)} ms`);
    });
  }

  test('the robots rows still decide: the hostile rules do not match, a plain rule does', () => {
    const [seven, eight] = HOSTILE_CONTENT_CASES.filter((r) => r.surface === 'robots');
    for (const row of [seven, eight]) {
      const file = parseRobots((row as HostileContentCase).body());
      assert.equal(isAllowed(file, 'GPTBot', (row as HostileContentCase).homePath as string), true);
      assert.equal(isAllowed(file, 'GPTBot', `${(row as HostileContentCase).homePath}c`), false);
    }
    const comment = HOSTILE_CONTENT_CASES.find((r) => r.name.includes('U+2028')) as HostileContentCase;
    assert.equal(isAllowed(parseRobots(comment.body()), 'GPTBot', '/x'), false, 'the rule before the comment is kept');
  });

  test('the llms.txt rows find no link, and links next to them are still found', () => {
    for (const row of HOSTILE_CONTENT_CASES.filter((r) => r.surface === 'llms')) assert.deepEqual(parseLlmsTxt(row.body()).links, []);
    const file = parseLlmsTxt(`# Site\n\n## Docs\n\n- ${'['.repeat(1_000)} [Início](/index.md "título"): a inicial\n- [Preços](<https://x.com/precos.md>)\n`);
    assert.deepEqual(file.links, [
      { title: 'Início', url: '/index.md', section: 'Docs' },
      { title: 'Preços', url: 'https://x.com/precos.md', section: 'Docs' },
    ]);
    assert.equal(file.sections[0]?.links, 2);
  });

  test('front matter: the hostile rows have none; a real one is recognized', () => {
    for (const row of HOSTILE_CONTENT_CASES.filter((r) => r.surface === 'skill')) assert.equal(frontMatterHasName(row.body()), false);
    assert.equal(frontMatterHasName('---\nname: consultar\ndescription: x\n---\n# Oi\n'), true);
    assert.equal(frontMatterHasName('---\r\nname: consultar\r\n---\r\n'), true);
    assert.equal(frontMatterHasName('---\ndescription: x\n---\nname: fora\n'), false);
    assert.equal(frontMatterHasName('# Sem front matter\nname: x\n---\n'), false);
  });
});

describe('WebMCP script detection without a regular expression', () => {
  const reference = /modelContext[\s\S]{0,400}registerTool|registerTool[\s\S]{0,400}modelContext/;
  test('agrees with the expression it replaced', () => {
    const pieces = ['modelContext', 'registerTool', 'x', ' '.repeat(199), ' '.repeat(200), ' '.repeat(201), 'modelCon', 'Tool'];
    let compared = 0;
    for (const a of pieces) for (const b of pieces) for (const c of pieces) for (const d of pieces) {
      const script = a + b + c + d;
      assert.equal(registersTools(script), reference.test(script), JSON.stringify(script.replace(/ {2,}/g, (m) => `<${m.length}>`)));
      compared++;
    }
    assert.equal(compared, pieces.length ** 4);
    assert.equal(registersTools('document.modelContext?.registerTool({ name: "buscar" })'), true);
    assert.equal(registersTools(`modelContext${' '.repeat(401)}registerTool`), false);
  });
});

describe('robots patterns without regular expressions (RFC 9309 §2.2.2)', () => {
  /** The regular expression the matcher replaced: the reference semantics on small inputs. */
  const reference = (pattern: string, path: string): boolean => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
  };

  test('agrees with the reference on every small pattern and path', () => {
    const alphabet = ['/', 'a', 'b', '*', '$'];
    const words = (length: number, letters: string[]): string[] =>
      length === 0 ? [''] : words(length - 1, letters).flatMap((w) => letters.map((l) => w + l));
    const patterns = [0, 1, 2, 3, 4].flatMap((n) => words(n, alphabet));
    const paths = [0, 1, 2, 3, 4].flatMap((n) => words(n, ['/', 'a', 'b', '$']));
    let compared = 0;
    for (const pattern of patterns) {
      for (const path of paths) {
        assert.equal(patternMatches(pattern, path), reference(pattern, path), `${pattern} × ${path}`);
        compared++;
      }
    }
    assert.ok(compared > 100_000);
  });

  test('examples of RFC 9309 §2.2.3', () => {
    assert.equal(patternMatches('/*.php$', '/filename.php'), true);
    assert.equal(patternMatches('/*.php$', '/filename.php?parameters'), false);
    assert.equal(patternMatches('/fish*.php', '/fish.php'), true);
    assert.equal(patternMatches('/fish*.php', '/fishheads/catfish.php?parameters'), true);
    assert.equal(patternMatches('/fish*.php', '/Fish.PHP'), false);
    assert.equal(patternMatches('/*a*$', '/ba'), true);
  });
});

describe('the analysis gives the event loop back and stops at the deadline', () => {
  const big = HOSTILE_CONTENT_CASES.find((r) => r.name.startsWith('4,9 MB')) as HostileContentCase;

  test('a big page is tokenized in slices: timers scheduled meanwhile run before it ends', async () => {
    const html = big.body();
    assert.ok(html.length > 40 * HTML_SLICE_CHARS);
    let turns = 0;
    let done = false;
    const tick = (): void => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    // A slice is at most SLICE_MS of work; a slow machine still yields many times over 4.9 MB.
    await analyzeHtml(html, createDeadline(60_000));
    done = true;
    assert.ok(turns >= 1, `the event loop turned ${turns} time(s) during the analysis`);
  });

  test('an expired deadline cuts the analysis short with AnalysisCutShort', async () => {
    const deadline = createDeadline(0);
    await assert.rejects(analyzeHtml(big.body(), deadline), AnalysisCutShort);
  });

  test('a clock past the deadline counts even before the timer fires (busy event loop)', () => {
    let now = 1_000;
    const deadline = createDeadline(60_000, () => now);
    assert.equal(deadline.expired(), false);
    now += 60_000;
    assert.equal(deadline.expired(), true);
    assert.throws(() => deadline.check(), AnalysisCutShort);
  });

  test('race: work that never settles is abandoned at the deadline', async () => {
    const deadline = createDeadline(50);
    const started = Date.now();
    await assert.rejects(deadline.race(new Promise(() => {})), AnalysisCutShort);
    assert.ok(Date.now() - started < 2_000);
    assert.equal(await createDeadline(5_000).race(Promise.resolve(7)), 7);
  });
});
