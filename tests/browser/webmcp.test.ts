/**
 * /webmcp.js in Debian's Chromium over the local server (real `_headers`, so the page CSP applies): with a
 * stand-in `document.modelContext` (or the older `navigator.modelContext`) injected before any page script,
 * the page registers its read-only tools, and calling one reaches the site's open endpoints. Without the API
 * the script does nothing and raises nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { CHROMIUM, requireSystem } from '../helpers/system.ts';
import { connectBrowser } from '../helpers/browser.ts';

const skip = requireSystem(CHROMIUM, 'chromium');
let server: LocalServer;
let browser: Browser;

/** Installs a recording stand-in of the WebMCP API on `document` or `navigator` (runs before page scripts). */
function standIn(where: string) {
  const registered: { name: string; title?: string; description: string; inputSchema?: unknown; annotations?: unknown }[] = [];
  const tools: Record<string, { execute(input: unknown): Promise<unknown> }> = {};
  const modelContext = {
    registerTool(tool: { name: string; title?: string; description: string; inputSchema?: unknown; annotations?: unknown; execute(input: unknown): Promise<unknown> }) {
      if (tools[tool.name]) return Promise.reject(new DOMException(`ferramenta repetida: ${tool.name}`, 'InvalidStateError'));
      registered.push({ name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations });
      tools[tool.name] = tool;
      return Promise.resolve();
    },
  };
  Object.defineProperty(where === 'document' ? document : navigator, 'modelContext', { value: modelContext, configurable: true });
  Object.assign(window, { __webmcp: { registered, tools } });
}

async function openHome(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto(`${server.url}/`, { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  assert.equal(await page.locator('script[type="module"][src="/webmcp.js"]').count(), 1, 'o layout carrega /webmcp.js como módulo');
  return { page, errors };
}

describe('WebMCP (/webmcp.js)', { skip }, () => {
  before(async () => {
    server = await startLocalServer({ port: 0 });
    browser = await connectBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('registers read-only tools on document.modelContext and a tool call reaches /ask', async () => {
    const context = await browser.newContext();
    await context.addInitScript(standIn, 'document');
    const { page, errors } = await openHome(context);
    await page.waitForFunction(() => (window as any).__webmcp.registered.length >= 3);
    const registered = await page.evaluate(() => (window as any).__webmcp.registered);
    assert.deepEqual(
      registered.map((t: { name: string }) => t.name),
      ['search_site', 'get_page', 'get_pricing'],
    );
    for (const tool of registered) {
      assert.deepEqual(tool.annotations, { readOnlyHint: true }, tool.name);
      assert.equal(tool.inputSchema.type, 'object');
      assert.match(tool.description, /[ãçéêíóõú]/);
    }

    const search = await page.evaluate(() => (window as any).__webmcp.tools.search_site.execute({ consulta: 'dados estruturados', limite: 3 }));
    assert.notEqual(search.isError, true);
    assert.match(search.content[0].text, /Dados estruturados/);
    assert.ok(search.structuredContent.resultados.length >= 1 && search.structuredContent.resultados.length <= 3);
    assert.equal(search.structuredContent.resultados[0].url, `${siteOrigin()}/solucoes/dados-estruturados`);

    const page2 = await page.evaluate(() => (window as any).__webmcp.tools.get_page.execute({ rota: '/solucoes/seo-tecnico' }));
    const twin = await (await fetch(`${server.url}/solucoes/seo-tecnico.md`)).text();
    assert.equal(page2.content[0].text, twin);

    const pricing = await page.evaluate(() => (window as any).__webmcp.tools.get_pricing.execute({}));
    assert.match(pricing.content[0].text, /^# Preços públicos/);

    assert.deepEqual(errors, []);
    const empty = await page.evaluate(() => (window as any).__webmcp.tools.search_site.execute({ consulta: '  ' }));
    assert.equal(empty.isError, true);
    // A missing page is a tool error (the browser logs the 404 of the twin it fetched; nothing is thrown).
    const missing = await page.evaluate(() => (window as any).__webmcp.tools.get_page.execute({ rota: 'nao-existe' }));
    assert.equal(missing.isError, true);
    assert.match(missing.content[0].text, /nao-existe/);
    assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
    await context.close();
  });

  test('the measurement page declares its form as a tool (toolname…) and registers the same tool where the browser does not read forms', async () => {
    const context = await browser.newContext();
    await context.addInitScript(standIn, 'document');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    assert.equal((await page.goto(`${server.url}/diagnostico-de-visibilidade-cognitiva`, { waitUntil: 'load' }))?.status(), 200);
    assert.equal(await page.locator('form[toolname="medir_prontidao_ia"][tooldescription] input[name="site"][toolparamdescription]').count(), 1, 'a forma declarativa');
    await page.waitForFunction(() => (window as any).__webmcp.registered.some((t: { name: string }) => t.name === 'medir_prontidao_ia'));
    const tool = await page.evaluate(() => (window as any).__webmcp.registered.find((t: { name: string }) => t.name === 'medir_prontidao_ia'));
    assert.match(tool.description, /prontidão/);
    assert.deepEqual(tool.inputSchema.required, ['site']);
    assert.match(tool.inputSchema.properties.site.description, /Domínio/);
    assert.equal(tool.annotations, undefined, 'a medição registra uma leitura: não é somente leitura');
    // A bad domain is a tool error with the API's message (400, nothing measured).
    const bad = await page.evaluate(() => (window as any).__webmcp.tools.medir_prontidao_ia.execute({ site: 'não é um domínio' }));
    assert.equal(bad.isError, true);
    assert.ok(bad.content[0].text.length > 10);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('falls back to navigator.modelContext', async () => {
    const context = await browser.newContext();
    await context.addInitScript(standIn, 'navigator');
    const { page, errors } = await openHome(context);
    await page.waitForFunction(() => (window as any).__webmcp.registered.length >= 3);
    assert.equal(await page.evaluate(() => 'modelContext' in document), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('does nothing and throws nothing where the API is absent', async () => {
    const context = await browser.newContext();
    const { page, errors } = await openHome(context);
    // The module has run once the page is loaded (module scripts run before `load`); importing it again resolves
    // once its evaluation has completed, so an error it raised has been reported by then.
    assert.equal(await page.evaluate(() => 'modelContext' in document || 'modelContext' in navigator), false);
    assert.equal(await page.evaluate((src) => import(src).then(() => true), '/webmcp.js'), true, 'o módulo terminou de rodar');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
