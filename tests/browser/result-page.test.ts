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
import { sampleReading } from '../helpers/readings.ts';
import { listLeads } from '../../functions/contact/leads.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { confirmationText } from '../../functions/report/handler.ts';

const services = testServices();
const skip = requireSystem(CHROMIUM, 'chromium');
const MEASURE = '/diagnostico-de-visibilidade-cognitiva';
const RESULT = `${MEASURE}/resultado/`;
const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
const REPORT = '/diagnostico-de-visibilidade-cognitiva/relatorio';
/** A domain with a realistic recorded reading (tests/helpers/readings.ts), seeded without a measurement. */
const SEEDED = 'loja-exemplo.com.br';

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
async function axeOf(url: string, viewport: { width: number; height: number }, prepare?: (page: Page) => Promise<void>, colorScheme: 'light' | 'dark' = 'light'): Promise<string[]> {
  const context = await browser.newContext({ bypassCSP: true, viewport, colorScheme });
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

/** Where the verdict and the offer are on the page (document coordinates). */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, width: r.width, height: r.height };
    };
    const buttons = [...document.querySelectorAll('.medicao-oferta-acoes .btn')].map((b) => {
      const r = b.getBoundingClientRect();
      return { text: b.textContent, width: Math.round(r.width), height: Math.round(r.height) };
    });
    return { heading: box('.medicao-resultado h2'), verdict: box('.resultado-veredito'), offer: box('.medicao-oferta'), fixes: box('.resultado-correcoes'), buttons, screen: innerHeight };
  });

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`result page for people (${name}, ${viewport.width} px)`, { skip }, () => {
    test('for the buyer first (JS on and off): the verdict, then the offer with two equal buttons, within the first two screens on a phone, beside the verdict on a desktop; axe light and dark', async () => {
      useRuntime({ CONTACT_WHATSAPP: '5511987654321' });
      await saveReading(services.store, sampleReading(SEEDED));
      const url = `${server.url}${RESULT}${SEEDED}`;
      for (const javaScriptEnabled of [true, false]) {
        const { context, page, problems } = await open({ viewport, javaScriptEnabled });
        await page.goto(url);
        const at = await layout(page);
        const label = `${name}, JavaScript ${javaScriptEnabled ? 'ligado' : 'desligado'}`;
        if (viewport.width < 500) {
          // One column: the verdict, then the offer, whose top is within the first two screens (issue 20).
          assert.ok(at.offer.top < 2 * viewport.height, `${label}: a oferta começa em ${Math.round(at.offer.top)} px (${(at.offer.top / viewport.height).toFixed(2)} telas)`);
          assert.ok(at.offer.top >= at.verdict.bottom, `${label}: a oferta vem depois do veredito`);
        } else {
          // The page uses its width: the offer sits beside the verdict, and starts on the first screen.
          assert.ok(at.offer.left >= at.verdict.right, `${label}: a oferta ao lado do veredito (${at.offer.left} ≥ ${at.verdict.right})`);
          assert.ok(at.offer.top < at.verdict.bottom && at.offer.bottom > at.verdict.top, `${label}: na mesma altura do veredito`);
          assert.ok(at.offer.top < viewport.height, `${label}: a oferta começa na primeira tela`);
        }
        assert.ok(at.fixes.top > at.verdict.bottom, `${label}: o que corrigir, depois do veredito`);
        // "Falar no WhatsApp" and "Pedir proposta" as equals: the same size.
        assert.deepEqual(at.buttons.map((b) => b.text), ['Falar no WhatsApp', 'Pedir proposta']);
        assert.equal(at.buttons[0]!.width, at.buttons[1]!.width, `${label}: mesma largura`);
        assert.equal(at.buttons[0]!.height, at.buttons[1]!.height, `${label}: mesma altura`);
        assert.equal(await page.locator('.correcao').count() >= 3 && (await page.locator('.correcao').count()) <= 5, true);
        // The developer's section has its own link; the copy button only with JavaScript.
        assert.equal(await page.isVisible('#para-o-seu-desenvolvedor button[data-copiar]'), javaScriptEnabled);
        assert.deepEqual(problems, []);
        await context.close();
      }
      for (const scheme of ['light', 'dark'] as const) assert.deepEqual(await axeOf(url, viewport, undefined, scheme), [], `axe (${scheme})`);
    });

    test('"Receber o relatório por e-mail" with JavaScript: the answer in place, focused; the lead stored', async () => {
      useRuntime();
      await saveReading(services.store, sampleReading(SEEDED));
      const { context, page, problems } = await open({ viewport });
      await page.goto(`${server.url}${RESULT}${SEEDED}`);
      // The browser's own checks first: an empty field is not sent.
      await page.click('.relatorio-form button[type=submit]');
      assert.equal(await page.evaluate(() => (document.querySelector('#relatorio-email') as HTMLInputElement).validity.valueMissing), true);
      await page.fill('#relatorio-email', 'gerente@loja-exemplo.com.br');
      await page.check('#relatorio-consentimento');
      const answer = page.waitForResponse((r) => r.url().endsWith(REPORT));
      await page.click('.relatorio-form button[type=submit]');
      assert.equal((await answer).status(), 201);
      await page.waitForSelector('.relatorio-feito');
      assert.equal(await page.textContent('.relatorio-feito'), confirmationText(SEEDED, false));
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'relatorio-feito');
      assert.equal(new URL(page.url()).pathname, `${RESULT}${SEEDED}`, 'no navigation');
      const { leads } = await listLeads(services.store);
      assert.deepEqual(leads.map((l) => [l.tipo, l.campos.email, l.campos.site]), [['relatorio', 'gerente@loja-exemplo.com.br', SEEDED]]);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test('"Receber o relatório por e-mail" without JavaScript: a plain post, a confirmation page; a refusal says why beside the field; axe', async () => {
      useRuntime();
      await saveReading(services.store, sampleReading(SEEDED));
      const { context, page, problems } = await open({ viewport, javaScriptEnabled: false });
      await page.goto(`${server.url}${RESULT}${SEEDED}`);
      // An address the browser accepts and the server refuses (no dot in the domain).
      await page.fill('#relatorio-email', 'gerente@loja');
      await page.check('#relatorio-consentimento');
      await page.click('.relatorio-form button[type=submit]');
      await page.waitForSelector('h1');
      assert.equal(await page.textContent('h1'), 'Confira o e-mail');
      assert.match((await page.textContent('[role=alert]')) ?? '', /formato nome@empresa\.com\.br/);
      assert.equal(await page.getAttribute('#relatorio-email', 'aria-invalid'), 'true');
      assert.equal(await page.inputValue('#relatorio-email'), 'gerente@loja');
      const refusal = page.url();
      await page.fill('#relatorio-email', 'gerente@loja-exemplo.com.br');
      await page.check('#relatorio-consentimento');
      await page.click('.relatorio-form button[type=submit]');
      await page.waitForSelector('h1');
      assert.equal(await page.textContent('h1'), 'Pedido recebido');
      assert.match((await page.textContent('main')) ?? '', new RegExp(confirmationText(SEEDED, false).replace(/[.]/g, '\\.')));
      await page.click(`text=Voltar ao resultado de ${SEEDED}`);
      assert.equal(new URL(page.url()).pathname, `${RESULT}${SEEDED}`);
      assert.equal((await listLeads(services.store)).leads.length, 1);
      // The refusal was a 400 page, which the console reports; nothing else.
      assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
      await context.close();
      // axe on both answers (a POST's page: posted again from a page with JavaScript and the CSP bypassed).
      for (const email of ['gerente@loja', 'gerente@loja-exemplo.com.br']) {
        const violations = await axeOf(`${server.url}${RESULT}${SEEDED}`, viewport, async (p) => {
          await p.fill('#relatorio-email', email);
          await p.check('#relatorio-consentimento');
          await p.evaluate(() => {
            // The plain post, as without JavaScript.
            const form = document.querySelector('form[data-relatorio]') as HTMLFormElement;
            HTMLFormElement.prototype.submit.call(form);
          });
          await p.waitForSelector('h1:text-matches("Confira o e-mail|Pedido recebido")');
        });
        assert.deepEqual(violations, [], `axe: ${email} (${refusal})`);
      }
    });

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
      // In place too, for the buyer first: the offer within a screen of the result's heading on a phone, beside the
      // verdict on a desktop (the result takes the page's width, the form above it stays narrow).
      const at = await layout(page);
      if (viewport.width < 500) assert.ok(at.offer.top - at.heading.top < viewport.height, `a oferta a ${Math.round(at.offer.top - at.heading.top)} px do título do resultado`);
      else assert.ok(at.offer.left >= at.verdict.right && at.offer.top < at.verdict.bottom, 'a oferta ao lado do veredito');
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
