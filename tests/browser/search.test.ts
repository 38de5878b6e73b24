/**
 * The site search for people in Chromium: the header's search box (desktop and a 390 px phone, with and without
 * JavaScript) leads to the results page (functions/search/page.ts), which has no horizontal overflow, logs no
 * error under the CSP, and passes axe; so do the no-result and the bad-query pages.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { runAxe } from '../helpers/axe.ts';
import { CHROMIUM, requireSystem, VIEWPORTS, SCREENSHOTS } from '../helpers/system.ts';
import { BROWSER_CONCURRENCY, connectBrowser } from '../helpers/browser.ts';

const skip = requireSystem(CHROMIUM, 'chromium');


describe('site search in Chromium', { skip, concurrency: BROWSER_CONCURRENCY }, () => {
  let server: LocalServer;
  let browser: Browser;

  before(async () => {
    server = await startLocalServer({ port: 0 });
    browser = await connectBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** No horizontal overflow, a screenshot, and axe on the page (for a page opened without JavaScript, on its HTML replayed in a context with it). */
  async function check(page: Page, label: string, replayContext: BrowserContext | undefined): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${label}: sem rolagem horizontal (excesso de ${overflow}px)`);
    await page.screenshot({ path: `${SCREENSHOTS}${label}.png`, fullPage: true });
    if (!replayContext) {
      assert.deepEqual(await runAxe(page), [], `violações axe: ${label}`);
      return;
    }
    const html = await page.content();
    const url = page.url();
    const replay = await replayContext.newPage();
    try {
      await replay.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
      await replay.goto(url);
      assert.deepEqual(await runAxe(replay), [], `violações axe: ${label}`);
    } finally {
      await replay.close();
    }
  }

  for (const viewport of VIEWPORTS) {
    for (const javaScriptEnabled of [true, false]) {
      const label = `busca-${viewport.name}-${javaScriptEnabled ? 'com-js' : 'sem-js'}`;

      test(`${label}: the header box leads to highlighted results; the pages pass axe`, async () => {
        const strict = await browser.newContext({ ...viewport.options, javaScriptEnabled });
        const axe = await browser.newContext({ ...viewport.options, javaScriptEnabled, bypassCSP: true });
        const replay = javaScriptEnabled ? undefined : await browser.newContext({ ...viewport.options, bypassCSP: true });
        try {
          const watched = await strict.newPage();
          const problems: string[] = [];
          watched.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
          watched.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()} ${r.url()}`));
          await watched.goto(`${server.url}/`);
          // The box fits the header, on a phone too.
          const box = await watched.locator('.search-box').boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= (viewport.options.viewport.width), `caixa de busca dentro da tela: ${JSON.stringify(box)}`);
          await watched.getByLabel('Buscar no site').first().fill('dados estruturados');
          await Promise.all([watched.waitForURL(/\/busca\?q=dados\+estruturados$/), watched.locator('.search-box button').click()]);
          assert.ok((await watched.locator('.search-result').count()) > 0, 'resultados');
          assert.ok((await watched.locator('.search-result mark').count()) > 0, 'termos destacados');
          assert.deepEqual(problems, [], 'sem erros no console sob a CSP');

          const page = await axe.newPage();
          await page.goto(`${server.url}/busca?q=${encodeURIComponent('migração de site')}`);
          await check(page, `${label}-resultados`, replay);
          await page.goto(`${server.url}/busca?q=zzzzqqqq`);
          await check(page, `${label}-nenhum`, replay);
          await page.goto(`${server.url}/busca?q=`);
          await check(page, `${label}-vazia`, replay);
          await page.goto(`${server.url}/busca?q=${'a'.repeat(1000)}`);
          await check(page, `${label}-longa`, replay);
        } finally {
          await strict.close();
          await axe.close();
          await replay?.close();
        }
      });
    }
  }
});
