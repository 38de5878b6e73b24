/**
 * The contact form in Chromium, with and without JavaScript, on a desktop and a 390 px screen, through the local
 * server (the page CSP enforced in the checks of console errors): /contato and the prefilled form page have zero
 * axe violations and no horizontal scroll; a submission with a wrong e-mail comes back with the error summary,
 * the values kept and the focus on the e-mail field (axe-clean too); the corrected submission shows the
 * confirmation. The store is the in-memory one; no webhook is configured.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { clientKey } from '../../functions/limits/rate-limit.ts';
import { resetServices, testServices } from '../helpers/services.ts';
import { loadConfig } from '../../functions/config.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { runAxe, runAxeReplayed } from '../helpers/axe.ts';
import { CHROMIUM, requireSystem, VIEWPORTS, SCREENSHOTS } from '../helpers/system.ts';
import { BROWSER_CONCURRENCY, connectBrowser } from '../helpers/browser.ts';

const skip = requireSystem(CHROMIUM, 'chromium');


describe('contact form in Chromium', { skip, concurrency: BROWSER_CONCURRENCY }, () => {
  let server: LocalServer;
  let browser: Browser;
  /** This file's own services: every request of its server reads them. */
  const services = testServices();

  before(async () => {
    server = await startLocalServer({ port: 0, services });
    // The page posts from the server's own address: it must be the configured service origin (cross-site check).
    resetServices(services, { config: loadConfig({ ...process.env, SITE_URL: server.url, CONTACT_WEBHOOK_URL: '' }), store: new MemoryStore() });
    browser = await connectBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await services.store.delete(`contato:visitante:${clientKey(services, address)}`);
  });

  /**
   * Horizontal overflow, axe violations and a screenshot of the current page. axe needs JavaScript: for a page
   * opened without it, the very HTML that page received is served again at its address (same stylesheet) to a
   * page of `axeContext`, which runs JavaScript.
   */
  async function check(page: Page, label: string, axeContext: BrowserContext | undefined): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${label}: sem rolagem horizontal (excesso de ${overflow}px)`);
    await page.screenshot({ path: `${SCREENSHOTS}${label}.png`, fullPage: true });
    if (!axeContext) {
      assert.deepEqual(await runAxe(page), [], `violações axe: ${label}`);
      return;
    }
    assert.deepEqual(await runAxeReplayed(page, axeContext), [], `violações axe: ${label}`);
  }

  for (const viewport of VIEWPORTS) {
    for (const javaScriptEnabled of [true, false]) {
      const label = `contato-${viewport.name}-${javaScriptEnabled ? 'com-js' : 'sem-js'}`;

      test(`${label}: pages pass axe, errors come back focused and accessible, then the confirmation`, async () => {
        // The CSP is enforced in a context of its own (console errors); axe needs a context that bypasses it.
        const strict = await browser.newContext({ ...viewport.options, javaScriptEnabled });
        const axe = await browser.newContext({ ...viewport.options, javaScriptEnabled, bypassCSP: true });
        const replay = javaScriptEnabled ? undefined : await browser.newContext({ ...viewport.options, bypassCSP: true });
        try {
          const watched = await strict.newPage();
          const problems: string[] = [];
          watched.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
          watched.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()} ${r.url()}`));
          for (const path of ['/contato', '/contato/formulario?produto=seo-local&nota=62&site=exemplo.com.br']) await watched.goto(`${server.url}${path}`);
          assert.deepEqual(problems, [], 'sem erros no console sob a CSP');

          const page = await axe.newPage();
          await page.goto(`${server.url}/contato`);
          await check(page, `${label}-pagina`, replay);

          await page.goto(`${server.url}/contato/formulario?produto=seo-local&nota=62&site=exemplo.com.br`);
          await check(page, `${label}-preenchido`, replay);
          assert.equal(await page.inputValue('#contato-site'), 'exemplo.com.br');
          assert.match(await page.locator('.contato-contexto').innerText(), /SEO local.*62 de 100/s);

          // The browser's own checks pass (`ana@exemplo` is a valid type=email value); the server's do not.
          await page.fill('#contato-nome', 'Ana Souza');
          await page.fill('#contato-email', 'ana@exemplo');
          await page.fill('#contato-mensagem', 'Quero uma proposta de SEO local.');
          await page.check('#contato-consentimento');
          await Promise.all([page.waitForURL(/\/contato\/formulario$/), page.click('.contato-form button[type="submit"]')]);
          assert.match(await page.title(), /^Confira o formulário/);
          // `autofocus` takes effect when Chromium next renders the page, which on a busy machine may come after `load`.
          await page
            .locator('#contato-email:focus')
            .waitFor({ timeout: 10_000 })
            .catch(() => assert.fail('o foco está no primeiro campo com erro (#contato-email)'));
          assert.equal(await page.getAttribute('#contato-email', 'aria-invalid'), 'true');
          assert.match(await page.locator('.contato-resumo').innerText(), /Confira o e-mail/);
          assert.equal(await page.inputValue('#contato-nome'), 'Ana Souza');
          assert.equal(await page.inputValue('#contato-mensagem'), 'Quero uma proposta de SEO local.');
          assert.ok(await page.isChecked('#contato-consentimento'));
          await check(page, `${label}-erros`, replay);

          // The summary's link leads to the field.
          await page.click('.contato-resumo a[href="#contato-email"]');
          await page.waitForURL((u) => u.hash === '#contato-email');

          await page.fill('#contato-email', 'ana@exemplo.com.br');
          await Promise.all([page.waitForURL(/\/contato\/formulario$/), page.click('.contato-form button[type="submit"]')]);
          assert.match(await page.locator('#formulario h2').innerText(), /Mensagem recebida/);
          assert.match(await page.locator('#formulario').innerText(), /Obrigado, Ana Souza/);
          await check(page, `${label}-confirmacao`, replay);
        } finally {
          await strict.close();
          await axe.close();
          await replay?.close();
        }
      });
    }
  }
});
