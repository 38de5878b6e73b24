/**
 * From a measurement to a conversation, in Chromium under the real page CSP, with and without JavaScript, on a
 * desktop and a 390 px phone: the result page for people (reached from the measurement's result and from `?site=`),
 * its copy-link button, the 404 that offers a measurement, the domain preview as people paste, and the limit
 * message (said in pt-BR, announced, focused and on screen, followed by the offer). axe: zero violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { loadConfig } from '../../functions/config.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { runAxe } from '../helpers/axe.ts';
import { bareSite, type Fixture, type GuardNetwork, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { CHROMIUM, requireSystem } from '../helpers/system.ts';
import { connectBrowser } from '../helpers/browser.ts';
import { resetServices, testServices } from '../helpers/services.ts';

const services = testServices();
const skip = requireSystem(CHROMIUM, 'chromium');
const MEASURE = '/diagnostico-de-visibilidade-cognitiva';
const RESULT = `${MEASURE}/resultado/`;
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

let server: LocalServer;
let site: Fixture;
let browser: Browser;
let network: GuardNetwork;

function useRuntime(env: Record<string, string> = {}): void {
  resetServices(services, {
    // SMTP configured (never reached: nobody asks to follow here), so the offer to follow the domain is on the page and axe reads it.
    config: loadConfig({ ...process.env, SITE_URL: server.url, READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '', READINESS_GATE_PER_MINUTE: '100', SMTP_URL: 'smtp://127.0.0.1:9', ...env }),
    store: new MemoryStore(),
  });
}

before(async () => {
  if (skip) return;
  network = guardNetwork();
  services.network = network;
  server = await startLocalServer({ port: 0, services });
  useRuntime();
  site = await startFixture(bareSite);
  browser = await connectBrowser();
});
after(async () => {
  if (skip) return;
  services.network = defaultNetwork;
  resetServices(services);
  await browser?.close();
  await Promise.all([server?.close(), site?.close()]);
  assert.deepEqual(network.violations, []);
});

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !/status of (404|429)/.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function open(options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page, problems: watch(page) };
}

/** axe on the current document of a page, in a context that bypasses the CSP (the axe script is injected). */
async function axeOf(url: string, viewport: { width: number; height: number }, prepare?: (page: Page) => Promise<void>): Promise<string[]> {
  const context = await browser.newContext({ bypassCSP: true, viewport });
  const page = await context.newPage();
  await page.goto(url);
  await prepare?.(page);
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
  const violations = await runAxe(page);
  await context.close();
  return violations;
}

const focusedOnScreen = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const box = el.getBoundingClientRect();
    return { text: el.textContent ?? '', onScreen: box.top >= 0 && box.bottom <= window.innerHeight };
  });

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`result page for people (${name}, ${viewport.width} px)`, { skip }, () => {
    test('with JavaScript: pasted URL previewed, measured, the result links to its page; copy link works', async () => {
      useRuntime();
      const { context, page, problems } = await open({ viewport });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.goto(`${server.url}${MEASURE}`);
      await page.fill('#medicao-site', 'https://www.Exemplo.com.br/pagina/');
      assert.equal(await page.textContent('[data-medicao-previa]'), 'Vamos medir: exemplo.com.br');
      await page.fill('#medicao-site', `${'a'.repeat(60)}.`.repeat(6) + 'com.br');
      assert.match((await page.textContent('[data-medicao-previa]')) ?? '', /^Domínio longo demais: 372 caracteres; o limite é 253\.$/);
      await page.fill('#medicao-site', site.host);
      await page.click('.medicao-form button[type=submit]');
      await page.waitForSelector('.medicao-resultado a[data-link-resultado]', { timeout: 15_000 });
      assert.ok((await focusedOnScreen(page))?.onScreen, 'the result heading is focused and on screen');
      assert.equal(await page.isVisible('.medicao-oferta'), true);
      // The history and the offer to follow the domain come with the result, styled by the stylesheets they link.
      assert.equal(await page.isVisible('.medicao-resultado .historico svg.historico-grafico'), true);
      assert.equal(await page.isVisible('.medicao-resultado .acompanhar #acompanhar-email'), true);
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.acompanhar-termos dt')!).fontWeight === '700', undefined, { timeout: 5_000 });
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.historico-grafico')!).maxWidth !== 'none', undefined, { timeout: 5_000 });
      await page.click('.medicao-resultado a[data-link-resultado]');
      await page.waitForSelector('h1');
      assert.equal(new URL(page.url()).pathname, `${RESULT}${encodeURIComponent(site.host)}`);
      assert.equal(await page.textContent('h1'), `Medição de ${site.host}`);
      assert.equal(await page.getAttribute('meta[name=robots]', 'content'), 'noindex');
      await page.click('button[data-copiar]');
      await page.waitForFunction(() => document.querySelector('[data-copiar-status]')?.textContent === 'Link copiado.');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
      assert.deepEqual(problems, []);
      await context.close();
      assert.deepEqual(await axeOf(`${server.url}${RESULT}${encodeURIComponent(site.host)}`, viewport), []);
    });

    test('without JavaScript: ?site= leads to the page; 404 offers to measure; "medir de novo" measures', async () => {
      useRuntime();
      const { context, page, problems } = await open({ viewport, javaScriptEnabled: false });
      await page.goto(`${server.url}${MEASURE}?site=${encodeURIComponent(`https://${site.host}/x`)}`);
      assert.equal(new URL(page.url()).pathname, `${RESULT}${encodeURIComponent(site.host)}`);
      assert.match((await page.textContent('h1')) ?? '', /ainda não foi medido/);
      await page.click('text=Medir agora');
      await page.waitForSelector('.medicao-resultado', { timeout: 15_000 });
      await page.click('a[data-link-resultado]');
      assert.equal(await page.textContent('h1'), `Medição de ${site.host}`);
      assert.equal(await page.isVisible('button[data-copiar]'), false, 'no copy button without JavaScript: the plain link stays');
      await page.click('text=Medir de novo');
      await page.waitForSelector('.medicao-resultado', { timeout: 15_000 });
      assert.deepEqual(problems, []);
      await context.close();
      assert.deepEqual(await axeOf(`${server.url}${RESULT}nunca-medido.com.br`, viewport), []);
    });

    test('the limit: when to measure again in pt-BR, announced, focused and on screen, then the offer (JS and no JS)', async () => {
      useRuntime({ READINESS_MEASUREMENTS_PER_DAY: '1' });
      const js = await open({ viewport });
      await js.page.goto(`${server.url}${MEASURE}`);
      await js.page.fill('#medicao-site', site.host);
      await js.page.click('.medicao-form button[type=submit]');
      await js.page.waitForSelector('.medicao-resultado', { timeout: 15_000 });
      await js.page.click('.medicao-form button[type=submit]');
      await js.page.waitForSelector('.medicao-saida [role=alert]');
      await js.page.waitForSelector('.medicao-saida .medicao-oferta');
      const alert = (await js.page.textContent('.medicao-saida [role=alert]')) ?? '';
      assert.match(alert, /Você pode medir de novo (hoje|amanhã) às \d{1,2}h\d{2}\./);
      assert.doesNotMatch(alert, /Retry-After|hora\(s\)|\d+ s\b/);
      const focused = await focusedOnScreen(js.page);
      assert.match(focused?.text ?? '', /Limite atingido/);
      assert.ok(focused?.onScreen, 'the limit message is on screen');
      assert.equal(await js.page.isVisible('.medicao-saida a[href="/agentes"]'), true);
      assert.deepEqual(js.problems, []);
      await js.context.close();

      const plain = await open({ viewport, javaScriptEnabled: false });
      await plain.page.goto(`${server.url}${MEASURE}`);
      await plain.page.fill('#medicao-site', site.host);
      await plain.page.click('.medicao-form button[type=submit]');
      await plain.page.waitForSelector('.medicao-aviso');
      assert.match((await plain.page.textContent('main')) ?? '', /Você pode medir de novo (hoje|amanhã) às \d{1,2}h\d{2}/);
      assert.equal(await plain.page.isVisible('.medicao-oferta a[href^="/contato/formulario?produto=diagnostico-completo"]'), true);
      assert.equal(await plain.page.isVisible('nav[aria-label=Principal]') || viewport.width < 500, true);
      await plain.context.close();
      assert.deepEqual(
        await axeOf(`${server.url}${MEASURE}`, viewport, async (page) => {
          await page.fill('#medicao-site', site.host);
          await page.click('.medicao-form button[type=submit]');
          await page.waitForSelector('.medicao-saida .medicao-oferta');
        }),
        [],
      );
    });
  });
}
