/**
 * axe-core in a Playwright page, shared by the browser suites (tests/browser/pages.test.ts, contact.test.ts):
 * WCAG 2.x A/AA and best-practice rules, violations as readable lines. The page's context must bypass the CSP
 * (the axe script is injected) and run JavaScript.
 */
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

const AXE_SOURCE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function runAxe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    // axe reads colours and positions where it scrolls each element to: a page still moving gives it the wrong
    // background (dequelabs/axe-core#1866, #1920). So transitions and a smooth scroll under way (the site's
    // `scroll-behavior: smooth` to an `autofocus` field, on a phone) end first, and axe's own scrolls are instant.
    const root = document.documentElement;
    const behavior = root.style.scrollBehavior;
    root.style.scrollBehavior = 'auto';
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    // Two frames (a scroll moves between them), or 100 ms where the page gets no frames.
    const frame = () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 100);
      });
    for (let last = Number.NaN, frames = 0; window.scrollY !== last && frames < 120; frames++) {
      last = window.scrollY;
      await frame();
    }
    // @ts-expect-error axe is injected into the page.
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).finally(() => {
      root.style.scrollBehavior = behavior;
    });
    return (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[]).map(
      (v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`,
    );
  }, AXE_TAGS);
  return violations;
}

/**
 * axe for a page opened without JavaScript: the very HTML that page received is served again at its address
 * (same stylesheets) to a page of `jsContext` (JavaScript on, CSP bypassed), where axe runs.
 */
export async function runAxeReplayed(page: Page, jsContext: BrowserContext): Promise<string[]> {
  const html = await page.content();
  const url = page.url();
  const replay = await jsContext.newPage();
  try {
    await replay.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await replay.goto(url);
    return await runAxe(replay);
  } finally {
    await replay.close();
  }
}
