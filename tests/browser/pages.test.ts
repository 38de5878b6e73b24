/**
 * Every page template in Debian's Chromium, through the local server over the built dist/ (with the real
 * `_headers`, so the page CSP is enforced): it renders (status, h1, title, head metadata, typed JSON-LD),
 * its navigation works, nothing is logged as an error (CSP violations included), axe-core finds zero
 * WCAG 2.x A/AA and best-practice violations, and a full-page screenshot is saved under
 * test-results/screenshots/. Mobile viewport and the dark colour scheme are checked on a sample.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import type { IndexEntry } from '../../src/model/site-data.ts';
import { themePath } from '../../src/model/blog.ts';
import { runAxe } from '../helpers/axe.ts';
import { expectedThemes } from '../helpers/blog-listings.ts';
import { firstPublished, publishedPages } from '../helpers/published.ts';
import { CHROMIUM, requireSystem, SCREENSHOTS } from '../helpers/system.ts';
import { BROWSER_CONCURRENCY, connectBrowser, inParallel } from '../helpers/browser.ts';

const skip = requireSystem(CHROMIUM, 'chromium');

interface Template {
  name: string;
  path: string;
  status?: number;
  /** JSON-LD types the page must declare (besides the organisation, which every page has). */
  types: string[];
  /** A link of the main navigation to follow, and where it must land. */
  nav: { label: string; path: string };
  /** Optionally, a link inside the content to follow (CSS selector) and where it must land. */
  follow?: { selector: string; path: string };
}

let server: LocalServer;
let browser: Browser;
let strict: BrowserContext;
let axeContext: BrowserContext;

const published: IndexEntry[] = skip ? [] : publishedPages();
const index = new Map(published.map((p) => [p.rota, p]));


const templates: Template[] = skip
  ? []
  : (() => {
      const solucao = firstPublished('solucoes/');
      const objetivo = firstPublished('objetivos/');
      const artigo = firstPublished('blog/');
      const autor = firstPublished('autores/');
      // The theme with the most articles (its page shows the most cards).
      const firstTheme = [...expectedThemes()].sort((a, b) => b[1].artigos.length - a[1].artigos.length)[0]![0];
      return [
        { name: 'inicio', path: '/', types: ['WebSite'], nav: { label: 'Soluções', path: '/solucoes' }, follow: { selector: '.hero .btn', path: '/diagnostico-de-visibilidade-cognitiva' } },
        { name: 'pagina', path: '/sobre', types: ['BreadcrumbList'], nav: { label: 'Contato', path: '/contato' } },
        { name: 'lista-solucoes', path: '/solucoes', types: ['BreadcrumbList', 'ItemList'], nav: { label: 'Objetivos', path: '/objetivos' }, follow: { selector: '.group .card h3 a', path: '/solucoes/' } },
        { name: 'lista-objetivos', path: '/objetivos', types: ['BreadcrumbList', 'ItemList'], nav: { label: 'Soluções', path: '/solucoes' }, follow: { selector: '.group .card h3 a', path: '/objetivos/' } },
        { name: 'lista-blog', path: '/blog', types: ['BreadcrumbList', 'ItemList'], nav: { label: 'Preços', path: '/precos' }, follow: { selector: '.group .card h3 a', path: '/blog/' } },
        { name: 'solucao', path: `/${solucao.rota}`, types: ['BreadcrumbList', 'Service'], nav: { label: 'Medição gratuita', path: '/diagnostico-de-visibilidade-cognitiva' }, follow: { selector: '.crumbs a[href="/solucoes"]', path: '/solucoes' } },
        { name: 'objetivo', path: `/${objetivo.rota}`, types: ['BreadcrumbList'], nav: { label: 'Sobre', path: '/sobre' }, follow: { selector: '#h-indicadas + .grid .card h3 a', path: '/solucoes/' } },
        { name: 'artigo', path: `/${artigo.rota}`, types: ['BreadcrumbList', 'BlogPosting'], nav: { label: 'Blog', path: '/blog' }, follow: { selector: '#h-relacionados + .grid .card h3 a', path: '/blog/' } },
        { name: 'autor', path: `/${autor.rota}`, types: ['BreadcrumbList', 'Person'], nav: { label: 'Blog', path: '/blog' }, follow: { selector: '#h-artigos + .grid .card h3 a', path: '/blog/' } },
        { name: 'precos', path: '/precos', types: ['BreadcrumbList', 'Service'], nav: { label: 'Sobre', path: '/sobre' }, follow: { selector: '.tier.featured h3 a', path: '/diagnostico-de-visibilidade' } },
        { name: 'diagnostico', path: '/diagnostico-de-visibilidade', types: ['BreadcrumbList', 'Service'], nav: { label: 'Preços', path: '/precos' }, follow: { selector: '.side-links a[href^="/diagnostico-de-visibilidade/"]', path: '/diagnostico-de-visibilidade/' } },
        { name: 'medicao', path: '/diagnostico-de-visibilidade-cognitiva', types: ['BreadcrumbList'], nav: { label: 'Blog', path: '/blog' } },
        { name: 'blog-pagina', path: '/blog/pagina/2', types: ['BreadcrumbList', 'CollectionPage', 'ItemList'], nav: { label: 'Blog', path: '/blog' }, follow: { selector: '.pager a[rel="prev"]', path: '/blog' } },
        { name: 'temas', path: '/blog/temas', types: ['BreadcrumbList', 'CollectionPage', 'ItemList'], nav: { label: 'Sobre', path: '/sobre' }, follow: { selector: '#h-temas + .grid .card h3 a', path: '/blog/temas/' } },
        { name: 'tema', path: themePath(firstTheme), types: ['BreadcrumbList', 'CollectionPage', 'ItemList'], nav: { label: 'Preços', path: '/precos' }, follow: { selector: '.crumbs a[href="/blog/temas"]', path: '/blog/temas' } },
        { name: 'agentes', path: '/agentes', types: ['BreadcrumbList'], nav: { label: 'Soluções', path: '/solucoes' } },
        { name: '404', path: '/esta-pagina-nao-existe', status: 404, types: [], nav: { label: 'Blog', path: '/blog' }, follow: { selector: 'main .card h3 a[href="/solucoes"]', path: '/solucoes' } },
      ];
    })();

/** Console errors, uncaught exceptions and failed subresources of a page, collected while it is used. */
function watch(page: Page, documentUrl: () => string, expectedStatus = 200): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    // The 404 page's own document status is reported as a "failed resource"; that one is the point of the page.
    if (expectedStatus === 404 && msg.location().url === documentUrl() && /404/.test(msg.text())) return;
    problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    // Leaving a page aborts what it was still loading; that is navigation, not a failure.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url() !== documentUrl()) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

const ldTypes = (page: Page): Promise<string[]> =>
  page.$$eval('script[type="application/ld+json"]', (nodes) =>
    nodes.flatMap((n) => {
      const data = JSON.parse(n.textContent ?? 'null');
      return [data?.['@type']].flat().filter(Boolean);
    }),
  );

const screenshotName = (name: string) => `${SCREENSHOTS}${name}.png`;

describe('page templates in Chromium', { skip, concurrency: BROWSER_CONCURRENCY }, () => {
  before(async () => {
    server = await startLocalServer({ port: 0 });
    browser = await connectBrowser();
    strict = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce' });
    axeContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', bypassCSP: true });
    for (const context of [strict, axeContext]) context.setDefaultTimeout(10_000);
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const tpl of templates) {
    describe(`template ${tpl.name} (${tpl.path})`, () => {
      const expectedStatus = tpl.status ?? 200;
      let url = '';
      before(() => {
        url = `${server.url}${tpl.path}`;
      });

      test('renders with its metadata, no console errors, screenshot', async () => {
        const page = await strict.newPage();
        const problems = watch(page, () => url, expectedStatus);
        try {
          const response = await page.goto(url, { waitUntil: 'load' });
          assert.equal(response?.status(), expectedStatus, 'status');
          assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/, 'a página é servida com a CSP');
          await page.waitForLoadState('networkidle');

          const h1 = page.locator('h1');
          assert.equal(await h1.count(), 1, 'exatamente um h1');
          const title = await page.title();
          assert.ok(title.length > 10, 'title');
          assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
          const description = await page.getAttribute('meta[name="description"]', 'content');
          assert.ok(description && description.length >= 50, 'meta description');
          assert.ok(await page.getAttribute('meta[property="og:image"]', 'content'), 'og:image');
          const twin = await page.getAttribute('link[rel="alternate"][type="text/markdown"]', 'href');
          assert.ok(twin?.endsWith('.md'), 'link alternate para o gêmeo em markdown');
          const twinResponse = await fetch(`${server.url}${twin}`);
          assert.equal(twinResponse.status, 200, `gêmeo ${twin}`);
          assert.match(twinResponse.headers.get('content-type') ?? '', /^text\/markdown/);

          // The listings derived from the articles are not in the index: their twin says their title and address.
          const twinText = await twinResponse.text();
          const entry =
            index.get(tpl.path === '/' ? 'index' : tpl.path.slice(1)) ??
            (tpl.path.startsWith('/blog/') && twinText.startsWith('# ')
              ? { titulo: twinText.slice(2, twinText.indexOf('\n')), url: /^URL canônica: (\S+)$/m.exec(twinText)?.[1] }
              : undefined);
          if (expectedStatus === 200) {
            assert.ok(entry, `rota ${tpl.path} no índice`);
            assert.equal((await h1.innerText()).trim(), entry.titulo, 'h1 é o título da página');
            assert.ok(title.startsWith(entry.titulo), 'title começa pelo título da página');
            assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), entry.url, 'canonical');
            assert.equal(twin, tpl.path === '/' ? '/index.md' : `${tpl.path}.md`);
          } else {
            assert.match(await h1.innerText(), /não encontrada/i);
            assert.equal(await page.getAttribute('meta[name="robots"]', 'content'), 'noindex');
          }

          const types = await ldTypes(page);
          assert.ok(types.includes('ProfessionalService'), 'organização (ProfessionalService) em toda página');
          for (const type of tpl.types) assert.ok(types.includes(type), `JSON-LD ${type} (tem: ${types.join(', ')})`);
          const hasFaq = (await page.locator('#perguntas-frequentes').count()) > 0;
          assert.equal(types.includes('FAQPage'), hasFaq, 'FAQPage exatamente quando a página mostra perguntas frequentes');

          // No inline script (other than JSON-LD data) and no inline style: the CSP would refuse them.
          const inline = await page.evaluate(() => ({
            scripts: [...document.scripts].filter((s) => !s.src && s.type !== 'application/ld+json').length,
            styled: document.querySelectorAll('[style]').length,
            styleTags: document.querySelectorAll('style').length,
          }));
          assert.deepEqual(inline, { scripts: 0, styled: 0, styleTags: 0 }, 'sem script ou estilo inline');
          const webmcp = await page.$$eval('script[src="/webmcp.js"]', (s) => s.map((x) => (x as HTMLScriptElement).type));
          assert.deepEqual(webmcp, ['module'], 'WebMCP carregado como módulo (adiado)');

          await page.screenshot({ path: screenshotName(tpl.name), fullPage: true });
          assert.deepEqual(problems, [], 'sem erros no console nem recursos com falha');
        } finally {
          await page.close();
        }
      });

      test('navigation works', async () => {
        const page = await strict.newPage();
        const problems = watch(page, () => url, expectedStatus);
        try {
          await page.goto(url);
          await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: tpl.nav.label, exact: true }).click();
          await page.waitForURL((u) => u.pathname === tpl.nav.path);
          assert.equal(await page.locator('h1').count(), 1, `h1 em ${tpl.nav.path}`);
          assert.equal(
            await page.getByRole('navigation', { name: 'Principal' }).locator('[aria-current="page"]').innerText(),
            tpl.nav.label,
            'o item da navegação da página atual é marcado com aria-current',
          );
          if (tpl.follow) {
            await page.goto(url);
            await page.locator(tpl.follow.selector).first().click();
            await page.waitForURL((u) => u.pathname.startsWith(tpl.follow!.path));
            assert.equal(await page.locator('h1').count(), 1);
          }
          assert.deepEqual(problems, [], 'sem erros no console durante a navegação');
        } finally {
          await page.close();
        }
      });

      test('zero axe-core violations', async () => {
        const page = await axeContext.newPage();
        try {
          await page.goto(url);
          assert.deepEqual(await runAxe(page), [], `violações axe em ${tpl.path}`);
        } finally {
          await page.close();
        }
      });
    });
  }

  test('every other published page: no console errors under the CSP and zero axe-core violations', async () => {
    const covered = new Set(templates.map((t) => t.path));
    const rest = published.map((p) => (p.rota === 'index' ? '/' : `/${p.rota}`)).filter((path) => !covered.has(path));
    // A few pages at once, each path in pages of its own; the findings keep the order of the paths.
    const found = (
      await inParallel(rest, BROWSER_CONCURRENCY, async (path) => {
        const current = `${server.url}${path}`;
        const page = await strict.newPage();
        const problems = watch(page, () => current);
        const axePage = await axeContext.newPage();
        const lines: string[] = [];
        try {
          const response = await page.goto(current, { waitUntil: 'load' });
          if (response?.status() !== 200) lines.push(`${path}: HTTP ${response?.status()}`);
          await axePage.goto(current);
          const violations = await runAxe(axePage);
          // What the page logged until now (it stays open while axe runs on its twin page).
          lines.push(...problems.map((p) => `${path}: ${p}`));
          lines.push(...violations.map((v) => `${path}: ${v}`));
        } finally {
          await page.close();
          await axePage.close();
        }
        return lines;
      })
    ).flat();
    assert.ok(rest.length > 0);
    assert.deepEqual(found, [], `${rest.length} páginas verificadas`);
  });

  test('keyboard: the skip link is the first stop and leads to the main content', async () => {
    const page = await strict.newPage();
    try {
      await page.goto(`${server.url}/sobre`);
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent, href: document.activeElement?.getAttribute('href') }));
      assert.deepEqual(focused, { text: 'Pular para o conteúdo', href: '#conteudo' });
      assert.ok(await page.locator('.skip').isVisible(), 'o link de salto aparece ao receber foco');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.hash === '#conteudo');
    } finally {
      await page.close();
    }
  });

  describe('mobile viewport', () => {
    let mobile: BrowserContext;
    before(async () => {
      mobile = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true });
    });
    after(() => mobile?.close());

    for (const [name, path] of [
      ['inicio', '/'],
      ['artigo', 'blog/'],
      ['solucao', 'solucoes/'],
      ['precos', '/precos'],
    ] as const) {
      test(`${name} fits a 390 px screen, navigates and has no axe violations`, async () => {
        const target = path.startsWith('/') ? path : `/${firstPublished(path).rota}`;
        const page = await mobile.newPage();
        const problems = watch(page, () => `${server.url}${target}`);
        try {
          await page.goto(`${server.url}${target}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `sem rolagem horizontal (excesso de ${overflow}px)`);
          assert.ok(await page.locator('h1').isVisible());
          assert.deepEqual(await runAxe(page), [], `violações axe em ${target} (celular)`);
          await page.screenshot({ path: screenshotName(`${name}-celular`), fullPage: true });
          // On a phone the menu is a <details>: "Menu" first (tests/browser/menu.test.ts covers it in full).
          await page.getByRole('navigation', { name: 'Principal' }).locator('summary').tap();
          await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contato', exact: true }).tap();
          await page.waitForURL((u) => u.pathname === '/contato');
          assert.deepEqual(problems, []);
        } finally {
          await page.close();
        }
      });
    }
  });

  describe('dark colour scheme', () => {
    for (const [name, path] of [
      ['inicio', '/'],
      ['artigo', 'blog/'],
      ['precos', '/precos'],
    ] as const) {
      test(`${name} keeps AA contrast in prefers-color-scheme: dark`, async () => {
        const target = path.startsWith('/') ? path : `/${firstPublished(path).rota}`;
        const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark', bypassCSP: true });
        try {
          const page = await dark.newPage();
          await page.goto(`${server.url}${target}`);
          assert.deepEqual(await runAxe(page), [], `violações axe em ${target} (tema escuro)`);
          await page.screenshot({ path: screenshotName(`${name}-escuro`), fullPage: false });
        } finally {
          await dark.close();
        }
      });
    }
  });
});
