/**
 * "Prices that sell" (issue 12, item 4) in Chromium: on /precos, with and without JavaScript, at desktop and
 * 390 px, each tier's button is visible and leads where it says (the measurement page, the contact form naming
 * the paid diagnostic, the contact form), the payment terms are visible, and axe finds no violation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { loadPrices, PAYMENT_TITLE } from '../../src/model/prices.ts';
import { runAxe, runAxeReplayed } from '../helpers/axe.ts';
import { CHROMIUM, requireSystem } from '../helpers/system.ts';
import { BROWSER_CONCURRENCY, connectBrowser } from '../helpers/browser.ts';

const skip = requireSystem(CHROMIUM, 'chromium');

let server: LocalServer;
let browser: Browser;

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

describe('/precos in Chromium', { skip, concurrency: BROWSER_CONCURRENCY }, () => {
  before(async () => {
    server = await startLocalServer({ port: 0 });
    browser = await connectBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const { name, ...device } of VIEWPORTS) {
    for (const javaScriptEnabled of [true, false]) {
      test(`${name}, ${javaScriptEnabled ? 'com' : 'sem'} JavaScript: every tier's button leads to its page; payment terms visible; axe clean`, async () => {
        const context = await browser.newContext({ ...device, javaScriptEnabled, bypassCSP: true });
        const axeContext = await browser.newContext({ ...device, bypassCSP: true });
        try {
          const page = await context.newPage();
          const open = () => page.goto(`${server.url}/precos`);
          await open();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `sem rolagem horizontal (excesso de ${overflow}px)`);
          assert.deepEqual(javaScriptEnabled ? await runAxe(page) : await runAxeReplayed(page, axeContext), [], 'violações axe em /precos');
          await assert.doesNotReject(page.getByRole('heading', { name: PAYMENT_TITLE }).waitFor({ state: 'visible' }));
          for (const forma of loadPrices().pagamento.formas) assert.ok(await page.locator('.payment dd').getByText(forma, { exact: false }).first().isVisible(), forma);

          const paid = loadPrices().produtos.find((p) => p.tipo === 'pago')!;
          const free = loadPrices().produtos.find((p) => p.tipo === 'gratuito')!;
          const cases = [
            { label: 'Fazer a medição gratuita', path: `/${free.rota}`, check: async () => assert.ok(await page.locator('h1').isVisible()) },
            {
              label: 'Pedir o diagnóstico',
              path: '/contato/formulario',
              check: async () => {
                // The form keeps the product's one code, its id, whichever spelling the link used (functions/contact/subject.ts).
                assert.equal(await page.locator('input[type="hidden"][name="produto"]').getAttribute('value'), paid.id);
                assert.ok(await page.getByText('Assunto:').isVisible());
              },
            },
            { label: 'Pedir uma proposta', path: '/contato/formulario', check: async () => assert.ok(await page.getByRole('textbox', { name: /Mensagem/ }).isVisible()) },
          ];
          for (const c of cases) {
            const button = page.locator('.tier a.btn', { hasText: c.label });
            await button.scrollIntoViewIfNeeded();
            assert.ok(await button.isVisible(), `${c.label} visível`);
            if (device.viewport.width < 500) await button.tap();
            else await button.click();
            await page.waitForURL((u) => u.pathname === c.path);
            await c.check();
            await open();
          }
        } finally {
          await context.close();
          await axeContext.close();
        }
      });
    }
  }
});
