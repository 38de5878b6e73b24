/**
 * The storefront for buyers in Chromium (issue 20, items 3–8), at 1366 px and on a 390 px phone, with and without
 * JavaScript, axe 0 everywhere:
 *
 * - the repository's build (no way to talk configured): the home's headline and offer in the first screen, the
 *   sample report, /precos and /contato; the agents' line out of sight until a keyboard reaches it, then visible;
 *   no ways to talk anywhere;
 * - a build with CONTACT_WHATSAPP, CONTACT_PHONE and CONTACT_SCHEDULING_URL and "a partir de" prices (a copy of the
 *   project, built once here): a row of links above the header on desktop, a bar within thumb reach at the bottom
 *   of a phone's screen that hides nothing at the end of the page, the "Prefere conversar?" panel beside the form
 *   on /contato, the starting prices on /precos.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildProjectCopy, copyProject } from '../../scripts/lib/project-copy.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { PAID_DIAGNOSTIC, SAMPLE_REPORT } from '../../src/model/offer.ts';
import { runAxe, runAxeReplayed } from '../helpers/axe.ts';
import { CHROMIUM, SCREENSHOTS, requireSystem } from '../helpers/system.ts';
import { connectBrowser } from '../helpers/browser.ts';

const skip = requireSystem(CHROMIUM, 'chromium');
const SCREENS = [
  { name: '1366', options: { viewport: { width: 1366, height: 900 } } },
  { name: '390', options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
] as const;
const ENV = { CONTACT_WHATSAPP: '5511987654321', CONTACT_PHONE: '+551140040000', CONTACT_SCHEDULING_URL: 'https://cal.com/sinal-cognitivo/conversa' };
const PAGES = ['/', '/contato', '/precos', SAMPLE_REPORT.path, PAID_DIAGNOSTIC.path];

let browser: Browser;
let site: LocalServer;
let configured: LocalServer;
let copyDir = '';

/** No horizontal scroll, and axe 0 (for a page opened without JavaScript, on its HTML replayed with it). */
async function clean(page: Page, label: string, axeContext: BrowserContext, javaScript: boolean): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${label}: rolagem horizontal de ${overflow}px`);
  assert.deepEqual(javaScript ? await runAxe(page) : await runAxeReplayed(page, axeContext), [], label);
}

describe('the storefront in Chromium', { skip }, () => {
  before(async () => {
    browser = await connectBrowser();
    site = await startLocalServer({ port: 0 });
    // A build with every way to talk set by the environment and starting prices filled in precos.json.
    copyDir = await copyProject('storefront');
    const pricesFile = join(copyDir, 'content/precos.json');
    const prices = JSON.parse(await readFile(pricesFile, 'utf8'));
    prices.sobProposta.aPartirDe = { 'seo-tecnico': 4500, 'dados-estruturados': 3800 };
    await writeFile(pricesFile, JSON.stringify(prices, null, 2));
    const built = await buildProjectCopy(copyDir, ENV);
    assert.equal(built.code, 0, built.output.slice(-3000));
    configured = await startLocalServer({ port: 0, distDir: join(copyDir, 'dist') });
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await configured?.close();
    if (copyDir) await rm(copyDir, { recursive: true, force: true });
  });

  for (const screen of SCREENS) {
    for (const javaScriptEnabled of [true, false]) {
      const js = javaScriptEnabled ? 'com' : 'sem';

      test(`${screen.name} px, ${js} JavaScript, nothing configured: pages clean, no ways to talk, headline and offer first`, async () => {
        const context = await browser.newContext({ ...screen.options, javaScriptEnabled, bypassCSP: true });
        const axeContext = await browser.newContext({ ...screen.options, bypassCSP: true });
        try {
          const page = await context.newPage();
          for (const path of PAGES) {
            await page.goto(`${site.url}${path}`);
            assert.equal(await page.locator('.talk-row').count(), 0, `${path}: no ways to talk`);
            await clean(page, `${path} ${screen.name} ${js} JS`, axeContext, javaScriptEnabled);
          }
          await page.goto(`${site.url}/`);
          const h1 = page.locator('h1');
          assert.match((await h1.textContent()) ?? '', /Google/);
          const offer = page.locator('.hero .tier');
          const box = await offer.boundingBox();
          assert.ok(box, 'the offer in the hero');
          const height = screen.options.viewport.height;
          // Desktop: beside the headline, in the first screen; phone: within the first two screens.
          assert.ok(box.y < (screen.name === '1366' ? height : 2 * height), `offer at ${box.y}px`);
          assert.ok(await offer.getByRole('link', { name: 'Ver um exemplo de relatório' }).isVisible());
          await page.screenshot({ path: join(SCREENSHOTS, `vitrine-inicio-${screen.name}-${js}-js.png`) });
        } finally {
          await context.close();
          await axeContext.close();
        }
      });

      test(`${screen.name} px, ${js} JavaScript: the agents' line is out of sight until a keyboard reaches it`, async () => {
        const context = await browser.newContext({ ...screen.options, javaScriptEnabled });
        try {
          const page = await context.newPage();
          await page.goto(`${site.url}/precos`);
          const hint = page.locator('.agent-hint');
          const outOfSight = async () => ((await hint.boundingBox())?.y ?? 0) + ((await hint.boundingBox())?.height ?? 0) <= 0;
          assert.ok(await outOfSight(), 'hidden above the page');
          await page.keyboard.press('Tab');
          assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Pular para o conteúdo');
          await page.keyboard.press('Tab');
          assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), '/llms.txt');
          const box = await hint.boundingBox();
          assert.ok(box && box.y >= 0 && box.y < 100, `shown at the top when focused: ${box?.y}`);
          assert.match((await hint.textContent()) ?? '', /Para agentes de IA: índice do site em \/llms\.txt/);
        } finally {
          await context.close();
        }
      });

      test(`${screen.name} px, ${js} JavaScript, ways to talk configured: where a buyer reaches them`, async () => {
        const context = await browser.newContext({ ...screen.options, javaScriptEnabled, bypassCSP: true });
        const axeContext = await browser.newContext({ ...screen.options, bypassCSP: true });
        try {
          const page = await context.newPage();
          for (const path of PAGES) {
            await page.goto(`${configured.url}${path}`);
            const links = page.getByRole('list', { name: 'Fale com a gente' }).getByRole('link');
            assert.equal(await links.count(), 3, path);
            const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
            assert.match(hrefs[0] ?? '', /^https:\/\/wa\.me\/5511987654321\?text=Ol%C3%A1!/);
            assert.deepEqual(hrefs.slice(1), ['tel:+551140040000', ENV.CONTACT_SCHEDULING_URL]);
            const boxes = await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
            const height = screen.options.viewport.height;
            if (screen.name === '1366') {
              // A row above the header's bar, in the first screen.
              for (const b of boxes) assert.ok(b.y >= 0 && b.bottom <= 60, `${path}: desktop row at ${b.y}`);
              assert.equal(new Set(boxes.map((b) => Math.round(b.y))).size, 1, 'one row');
              assert.deepEqual(await links.allInnerTexts(), ['Falar no WhatsApp', 'Ligar +55 11 4004-0000', 'Agendar uma conversa']);
            } else {
              // Within thumb reach: at the bottom of the screen, big enough to tap, and still there after scrolling.
              for (const b of boxes) assert.ok(b.bottom <= height + 1 && b.bottom >= height - 80 && b.height >= 44, `${path}: phone bar ${JSON.stringify(b)}`);
              assert.deepEqual(await links.allInnerTexts(), ['WhatsApp', 'Ligar', 'Agendar']);
              await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
              const bar = await page.locator('.talk-row').boundingBox();
              const last = await page.locator('.legal').boundingBox();
              assert.ok(bar && last && last.y + last.height <= bar.y + 1, `${path}: the bar hides nothing at the end (${last?.y}+${last?.height} vs ${bar?.y})`);
            }
            await clean(page, `${path} ${screen.name} ${js} JS (configurado)`, axeContext, javaScriptEnabled);
          }

          await page.goto(`${configured.url}/contato`);
          const panel = page.getByRole('region', { name: 'Prefere conversar?' });
          assert.deepEqual(await panel.getByRole('link').allInnerTexts(), ['Falar no WhatsApp', 'Ligar: +55 11 4004-0000', 'Agendar uma conversa']);
          const form = await page.locator('form.contato-form').boundingBox();
          const side = await panel.boundingBox();
          assert.ok(form && side);
          if (screen.name === '1366') assert.ok(side.x > form.x + form.width - 1 && side.y < form.y + form.height, 'beside the form');
          else assert.ok(side.y < form.y, 'before the form on a phone');
          await page.screenshot({ path: join(SCREENSHOTS, `vitrine-contato-${screen.name}-${js}-js.png`), fullPage: screen.name === '390' });

          await page.goto(`${configured.url}/precos`);
          const starting = page.locator('.tier .starting');
          // Intl writes "R$" and the amount with a no-break space.
          assert.deepEqual((await starting.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\u00a0/g, ' ')), ['Dados estruturados com schema.org: a partir de R$ 3.800,00', 'SEO técnico: a partir de R$ 4.500,00']);
        } finally {
          await context.close();
          await axeContext.close();
        }
      });
    }
  }
});
