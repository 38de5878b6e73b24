/**
 * The free measurement page in Chromium, under the real page CSP: the form enhanced by /medicao.js (NDJSON
 * progress, then the server's rendering of the result shown in place: gauge, layer bars, every check, every
 * lacuna, the reading's API address) and the same form without JavaScript (the server-rendered result page, in
 * the site's layout). No console errors
 * (CSP violations included) and zero axe-core violations on both results. The measured site is a loopback
 * fixture; the instrument's network is the loopback-only guard.
 */
import { PAID_DIAGNOSTIC } from '../../src/model/offer.ts';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../../functions/config.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { bareSite, type Fixture, type GuardNetwork, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { CHROMIUM, requireSystem, SCREENSHOTS } from '../helpers/system.ts';
import { connectBrowser } from '../helpers/browser.ts';
import { runAxe } from '../helpers/axe.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const skip = requireSystem(CHROMIUM, 'chromium');
const PAGE = '/diagnostico-de-visibilidade-cognitiva';

let server: LocalServer;
let site: Fixture;
let browser: Browser;
let network: GuardNetwork;

before(async () => {
  if (skip) return;
  network = guardNetwork();
  services.network = network;
  server = await startLocalServer({ port: 0, services });
  // The page posts from the server's own address: it must be the configured service origin (cross-site check).
  resetServices(services, { config: loadConfig({ ...process.env, SITE_URL: server.url, READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '' }), store: new MemoryStore() });
  site = await startFixture(bareSite);
  browser = await connectBrowser();
  await mkdir(SCREENSHOTS, { recursive: true });
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
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function checkResult(page: Page): Promise<void> {
  await page.waitForSelector('.medicao-resultado', { timeout: 15_000 });
  assert.match((await page.textContent('.medicao-resultado h2')) ?? '', new RegExp(`Resultado para ${site.host}`));
  assert.equal(await page.locator('.medicao-gauge').count(), 1);
  assert.equal(await page.locator('.medicao-camadas li').count(), 6);
  assert.equal(await page.locator('.medicao-barra').count(), 6);
  assert.ok((await page.locator('.medicao-lacunas > li').count()) >= 10);
  assert.ok((await page.locator('.medicao-verificacoes li').count()) >= 35);
  assert.match((await page.textContent('.medicao-escopo')) ?? '', /^Amostra: 1 página e 0 links do llms\.txt lidos\. Interfaces para agentes fora da conta/);
  // The result links to its own page for people; no API addresses in what a person reads.
  assert.match((await page.getAttribute('a[data-link-resultado]', 'href')) ?? '', new RegExp(`/diagnostico-de-visibilidade-cognitiva/resultado/${encodeURIComponent(site.host)}$`));
  assert.doesNotMatch((await page.textContent('.medicao-resultado')) ?? '', /\/api\/ia\/leitura|prontidao\.read|sem token/);
  assert.ok(new RegExp(`${PAID_DIAGNOSTIC.nome}[\\s\\S]*R\\$\\s2\\.900,00`).test((await page.textContent('.medicao-oferta')) ?? ''), 'the offer under the result');
  assert.equal(await page.locator('.medicao-resultado [style]').count(), 0, 'no inline styles');
}

describe('measurement page', { skip }, () => {
  test('enhanced with JavaScript: progress, then the result in place, focus on it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${server.url}${PAGE}`);
    await page.fill('#medicao-site', site.host);
    const ndjson = page.waitForResponse((r) => r.url().endsWith('/api/ia/medicao'));
    await page.click('.medicao-form button[type=submit]');
    const response = await ndjson;
    assert.match(response.headers()['content-type'] ?? '', /ndjson/);
    await checkResult(page);
    assert.equal(page.url(), `${server.url}${PAGE}`, 'no navigation');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'medicao-resultado-titulo');
    assert.equal(await page.locator('[data-medicao-progresso]').isHidden(), true);
    await page.screenshot({ path: `${SCREENSHOTS}medicao-js.png`, fullPage: true });
    assert.deepEqual(problems, []);
    const axeContext = await browser.newContext({ bypassCSP: true });
    const axePage = await axeContext.newPage();
    await axePage.goto(`${server.url}${PAGE}`);
    await axePage.fill('#medicao-site', site.host);
    await axePage.click('.medicao-form button[type=submit]');
    await axePage.waitForSelector('.medicao-resultado');
    await axePage.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
    assert.deepEqual(await runAxe(axePage), []);
    await axeContext.close();
    await context.close();
  });

  test('a bad domain shows the reason without leaving the page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${server.url}${PAGE}`);
    await page.fill('#medicao-site', 'ftp://exemplo.com.br/pagina');
    await page.click('.medicao-form button[type=submit]');
    await page.waitForSelector('.medicao-saida [role=alert]');
    assert.match((await page.textContent('.medicao-saida')) ?? '', /Domínio inválido.*http:\/\/ ou https:\/\//);
    assert.deepEqual(problems.filter((p) => !/400/.test(p)), []);
    await context.close();
  });

  test('without JavaScript: the form posts and the server renders the result page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${server.url}${PAGE}`);
    await page.fill('#medicao-site', site.host);
    await page.click('.medicao-form button[type=submit]');
    await checkResult(page);
    assert.equal(new URL(page.url()).pathname, '/api/ia/medicao');
    await page.screenshot({ path: `${SCREENSHOTS}medicao-sem-js.png`, fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
    const axeContext = await browser.newContext({ bypassCSP: true, javaScriptEnabled: true });
    const axePage = await axeContext.newPage();
    const res = await axePage.request.post(`${server.url}/api/ia/medicao`, { form: { site: site.host }, headers: { accept: 'text/html' } });
    // The document keeps the server's URL, so the stylesheets load as on the real page: the site's, then /medicao.css.
    await axePage.goto(`${server.url}/robots.txt`);
    await axePage.setContent(await res.text());
    const sheets = await axePage.evaluate(() => [...document.styleSheets].map((s) => new URL(s.href ?? '').pathname));
    assert.equal(sheets.length, 2);
    assert.deepEqual(sheets.map((p) => (p.startsWith('/_astro/') ? 'site' : p)).sort(), ['/medicao.css', 'site']);
    await axePage.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
    assert.deepEqual(await runAxe(axePage), []);
    await axeContext.close();
  });
});
