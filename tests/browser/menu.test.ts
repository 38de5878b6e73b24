/**
 * The menu for people (issue 12, item 6) in Chromium, with and without JavaScript, at desktop and 390 px: the
 * seven entries (no "Agentes": the agents' pages are in the footer), the right entry highlighted on the free
 * tool's and the paid diagnostic's pages, and on phones one row ("Menu" beside the brand) that opens without
 * JavaScript, by keyboard, into the links, with the "Para agentes de IA" line out of sight until focused. axe: 0.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { NAV } from '../../src/layouts/trail.ts';
import { FREE_TOOL, PAID_DIAGNOSTIC } from '../../src/model/offer.ts';
import { runAxe, runAxeReplayed } from '../helpers/axe.ts';
import { CHROMIUM, requireSystem } from '../helpers/system.ts';
import { BROWSER_CONCURRENCY, connectBrowser } from '../helpers/browser.ts';

const skip = requireSystem(CHROMIUM, 'chromium');
const LABELS = ['Soluções', 'Objetivos', 'Medição gratuita', 'Blog', 'Preços', 'Sobre', 'Contato'];
/** Page → the menu entry it highlights. */
const HIGHLIGHT: [string, string][] = [
  [FREE_TOOL.path, 'Medição gratuita'],
  [`${FREE_TOOL.path}/como-pontuamos`, 'Medição gratuita'],
  [PAID_DIAGNOSTIC.path, 'Soluções'],
  ['/precos', 'Preços'],
];

let server: LocalServer;
let browser: Browser;

const menu = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
const highlighted = (page: Page) => menu(page).locator('a.on').allInnerTexts();

describe('the menu in Chromium', { skip, concurrency: BROWSER_CONCURRENCY }, () => {
  before(async () => {
    server = await startLocalServer({ port: 0 });
    browser = await connectBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('the entries are the seven for people; the agents are in the footer', () => {
    assert.deepEqual(NAV.map((n) => n.label), LABELS);
    assert.equal(NAV.find((n) => n.label === 'Medição gratuita')?.href, FREE_TOOL.path);
  });

  for (const javaScriptEnabled of [true, false]) {
    const js = javaScriptEnabled ? 'com' : 'sem';
    test(`desktop, ${js} JavaScript: the list is shown in one row, the right entry highlighted, agents in the footer`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled, bypassCSP: true });
      const axeContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      try {
        const page = await context.newPage();
        for (const [path, label] of HIGHLIGHT) {
          await page.goto(`${server.url}${path}`);
          assert.deepEqual(await highlighted(page), [label], path);
        }
        assert.equal(await menu(page).getByText('Menu', { exact: true }).isVisible(), false, 'no "Menu" button on a desktop');
        const links = menu(page).getByRole('link');
        assert.deepEqual(await links.allInnerTexts(), LABELS);
        const tops = await links.evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().top)));
        assert.equal(new Set(tops).size, 1, `one row: ${tops}`);
        assert.ok(await page.getByRole('navigation', { name: 'Rodapé' }).getByRole('link', { name: /Agentes/ }).isVisible());
        assert.deepEqual(javaScriptEnabled ? await runAxe(page) : await runAxeReplayed(page, axeContext), []);
        await menu(page).getByRole('link', { name: 'Medição gratuita', exact: true }).click();
        await page.waitForURL((u) => u.pathname === FREE_TOOL.path);
      } finally {
        await context.close();
        await axeContext.close();
      }
    });

    test(`390 px, ${js} JavaScript: one row; "Menu" opens by keyboard without JavaScript; the agents' line out of sight`, async () => {
      const device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled, bypassCSP: true };
      const context = await browser.newContext(device);
      const axeContext = await browser.newContext({ ...device, javaScriptEnabled: true });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}${FREE_TOOL.path}`);
        const brand = await page.locator('.site-header .brand').boundingBox();
        const summary = menu(page).locator('summary');
        const button = await summary.boundingBox();
        assert.ok(brand && button, 'brand and "Menu" shown');
        assert.ok(Math.abs(brand.y + brand.height / 2 - (button.y + button.height / 2)) < 12, 'brand and "Menu" on one row');
        assert.ok(button.height >= 44, 'a target of 44 px');
        // The agents' line is first in the page but out of a buyer's sight until a keyboard reaches it
        // (tests/browser/storefront.test.ts focuses it).
        const hint = await page.locator('.agent-hint').boundingBox();
        assert.ok(hint && hint.y + hint.height <= 0, 'the "Para agentes de IA" line is out of sight');
        assert.equal(await menu(page).getByRole('link', { name: 'Contato', exact: true }).isVisible(), false, 'closed at first');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `sem rolagem horizontal (excesso de ${overflow}px)`);

        await summary.focus();
        await page.keyboard.press('Enter');
        assert.equal(await page.locator('details.menu').evaluate((d) => (d as HTMLDetailsElement).open), true, 'Enter opens it');
        assert.deepEqual(await menu(page).getByRole('link').allInnerTexts(), LABELS);
        assert.deepEqual(await highlighted(page), ['Medição gratuita']);
        assert.deepEqual(javaScriptEnabled ? await runAxe(page) : await runAxeReplayed(page, axeContext), [], 'axe with the menu open');
        await menu(page).getByRole('link', { name: 'Contato', exact: true }).tap();
        await page.waitForURL((u) => u.pathname === '/contato');
      } finally {
        await context.close();
        await axeContext.close();
      }
    });
  }
});
