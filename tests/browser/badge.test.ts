/**
 * The badge where it lives: embedded by another site (another origin) as the result page's HTML snippet, in
 * Chromium. The image loads (the site-wide `Cross-Origin-Resource-Policy: same-origin` would block it), has the
 * snippet's size and text alternative, and its link leads to the result page. On the result page the badge shows,
 * the snippets' "copiar" buttons copy them (and say so), and axe finds nothing on the page.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../functions/config.ts';
import { badgeSnippets } from '../../functions/readiness/badge.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { runAxe } from '../helpers/axe.ts';
import { resetServices, testServices } from '../helpers/services.ts';
import { CHROMIUM, requireSystem } from '../helpers/system.ts';
import { connectBrowser } from '../helpers/browser.ts';

const services = testServices();
const skip = requireSystem(CHROMIUM, 'chromium');
const RESULT = '/diagnostico-de-visibilidade-cognitiva/resultado/';

const reading: Envelope = {
  dominio: 'exemplo.com.br',
  estado: 'registrada',
  nota: 91,
  grau: 'A',
  camadas: [{ id: 'acesso', nome: 'Acesso de robôs', nota: 91, verificacoes: [{ id: 'robots', nome: 'robots.txt', status: 'passou', peso: 4, pontos: 4, detalhe: 'ok' }] }],
  lacunas: [],
  medidoEm: '2026-05-04T12:00:00.000Z',
};

let server: LocalServer;
let other: Server;
let otherOrigin: string;
let browser: Browser;

before(async () => {
  if (skip) return;
  server = await startLocalServer({ port: 0, services });
  resetServices(services, { config: loadConfig({ ...process.env, SITE_URL: server.url }), store: new MemoryStore() });
  await saveReading(services.store, reading);
  // Another site (127.0.0.1 vs localhost: another origin) that pastes the snippets of a measured and an unmeasured domain.
  other = createServer((_req, res) => {
    const measured = badgeSnippets(server.url, 'exemplo.com.br').html.replace('<img ', '<img id="medido" ');
    const neutral = badgeSnippets(server.url, 'nunca-medido.com.br').html.replace('<img ', '<img id="neutro" ');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Outro site</title></head><body><main><h1>Outro site</h1><p>${measured}</p><p>${neutral}</p></main></body></html>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  assert.notEqual(new URL(server.url).origin, otherOrigin);
  browser = await connectBrowser();
});
after(async () => {
  if (skip) return;
  resetServices(services);
  await browser?.close();
  await new Promise<void>((resolve) => other?.close(() => resolve()));
  await server?.close();
});

describe('the badge in a browser', { skip }, () => {
  test('embedded by another site: both badges load, keep the snippet size and alt, and link to the result page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
    await page.goto(otherOrigin);
    for (const id of ['medido', 'neutro']) {
      await page.waitForFunction((sel) => (document.getElementById(sel) as HTMLImageElement | null)?.complete === true, id);
      const img = await page.evaluate((sel) => {
        const el = document.getElementById(sel) as HTMLImageElement;
        return { width: el.naturalWidth, height: el.getBoundingClientRect().height, alt: el.alt };
      }, id);
      assert.ok(img.width > 100, `${id}: a imagem carregou (largura natural ${img.width})`);
      assert.equal(img.height, 20, `${id}: altura do snippet`);
      assert.match(img.alt, /^Prontidão para IA de (exemplo|nunca-medido)\.com\.br: selo da medição da Sinal Cognitivo$/);
    }
    assert.deepEqual(failed, []);
    await page.click('#medido');
    await page.waitForURL(`${server.url}${RESULT}exemplo.com.br`);
    assert.equal(await page.textContent('h1'), 'Medição de exemplo.com.br');
    await context.close();
  });

  test('on the result page: the badge shows, the snippets copy, axe finds nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${server.url}${RESULT}exemplo.com.br`);
    const badge = page.getByRole('img', { name: /^Prontidão para IA de exemplo\.com\.br: nota 91 de 100, grau A/ });
    await badge.scrollIntoViewIfNeeded();
    assert.ok((await badge.boundingBox())!.width > 100, 'o selo aparece');
    const { html, markdown } = badgeSnippets(server.url, 'exemplo.com.br');
    for (const [label, code] of [['HTML', html], ['Markdown', markdown]] as const) {
      const button = page.getByRole('button', { name: `Copiar ${label}` });
      await button.click();
      const status = button.locator('xpath=following-sibling::*[@data-copiar-status]');
      await status.filter({ hasText: 'Código copiado.' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code, label);
    }
    // The snippets wrap on a phone instead of widening the page.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'sem rolagem horizontal');
    assert.deepEqual(errors, []);
    await context.close();
    const axeContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const axePage = await axeContext.newPage();
    await axePage.goto(`${server.url}${RESULT}exemplo.com.br`);
    assert.deepEqual(await runAxe(axePage), []);
    await axeContext.close();
  });
});
