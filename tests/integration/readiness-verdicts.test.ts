/**
 * Issue 19, items 3 and 4, on whole measurements of generated sites: a partial result has its own title and a
 * sentence with the measured fraction and an example (12 of 13 pages with twins); a site without JavaScript is
 * not told its content needs JavaScript; llms.txt links are judged by what they answer (a broken llms.txt is no
 * better than none, a 405 outside `## Optional` costs in proportion, inside it does not).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Envelope, envelopeSchema } from '../../src/model/reading.ts';
import { measure } from '../../functions/readiness/measure.ts';
import { type FixtureHandler, guardNetwork, measurementLab, startFixture } from '../helpers/readiness.ts';

const AGENT = 'https://sinal.exemplo.com.br';
const { key, keep, watch } = await measurementLab();

const TEXT = 'Este é um parágrafo de conteúdo real, entregue no HTML do servidor, com informação suficiente para um agente citar a página. ';

interface SiteOptions {
  /** Pages besides the home page (`/p1` … `/pN`). */
  pages: number;
  /** Pages (by number, 0 = home) without a markdown twin. */
  noTwin?: number[];
  /** Characters of text per page and whether pages load a script. */
  thin?: boolean;
  scripts?: boolean;
  /** The llms.txt: none, every link answering markdown, every `.md` link answering 404, or with an extra endpoint. */
  llms?: 'none' | 'working' | 'broken' | 'endpoint-405' | 'optional-405';
}

/** A small content site generated for one verdict. */
function site(options: SiteOptions): FixtureHandler {
  const paths = ['/', ...Array.from({ length: options.pages }, (_, i) => `/p${i + 1}`)];
  const twin = (p: string) => (p === '/' ? '/index.md' : `${p}.md`);
  const hasTwin = (p: string) => !(options.noTwin ?? []).includes(paths.indexOf(p));
  return (req, res, { origin }) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    if (paths.includes(path)) {
      const body = options.thin ? 'Pouco texto.' : TEXT.repeat(6);
      return send(
        200,
        'text/html; charset=utf-8',
        `<!doctype html><html lang="pt-BR"><head><title>Página ${path}</title><meta name="description" content="Uma página do site de teste.">` +
          `${hasTwin(path) ? `<link rel="alternate" type="text/markdown" href="${twin(path)}">` : ''}${options.scripts ? '<script src="/app.js"></script>' : ''}</head>` +
          `<body><main><h1>Página ${path}</h1><p>${body}</p></main></body></html>`,
      );
    }
    const page = paths.find((p) => twin(p) === path);
    if (page && hasTwin(page) && options.llms !== 'broken') return send(200, 'text/markdown; charset=utf-8', `# Página ${page}\n\n${TEXT.repeat(3)}\n`);
    if (path === '/sitemap.xml') {
      return send(200, 'application/xml', `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
    }
    if (path === '/robots.txt') return send(200, 'text/plain', `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
    if (path === '/llms.txt' && options.llms && options.llms !== 'none') {
      const links = paths.map((p) => `- [Página ${p}](${origin}${twin(p)}): uma página`);
      const endpoint = `- [Busca](${origin}/api/busca): só POST`;
      const sections =
        options.llms === 'endpoint-405' ? `## Páginas\n\n${[...links, endpoint].join('\n')}\n` : options.llms === 'optional-405' ? `## Páginas\n\n${links.join('\n')}\n\n## Optional\n\n${endpoint}\n` : `## Páginas\n\n${links.join('\n')}\n`;
      return send(200, 'text/markdown; charset=utf-8', `# Site de teste\n\n> Um site de teste.\n\n${sections}`);
    }
    if (path === '/api/busca') return send(405, 'application/json', '{"erro":"use POST"}', { allow: 'POST' });
    return send(404, 'text/html', '<h1>Não encontrada</h1>');
  };
}

async function read(options: SiteOptions): Promise<Envelope> {
  const fixture = keep(await startFixture(site(options)));
  const network = watch(guardNetwork());
  return envelopeSchema.parse(await measure(fixture.host, { key, agentOrigin: AGENT, allowLoopback: true, network }));
}
const check = (e: Envelope, id: string) => e.camadas.flatMap((c) => c.verificacoes).find((v) => v.id === id)!;
const lacuna = (e: Envelope, id: string) => e.lacunas.find((l) => l.verificacao === id);

describe('titles true to the outcome (issue 19, item 3)', () => {
  test('12 of 13 pages with a markdown twin: its own title, the fraction and the page that lacks one', async () => {
    const e = await read({ pages: 12, noTwin: [7] });
    const twins = check(e, 'markdown-gemeo');
    assert.equal(twins.status, 'parcial');
    const gap = lacuna(e, 'markdown-gemeo');
    assert.equal(gap?.titulo, 'Parte das páginas não tem versão em markdown');
    assert.notEqual(gap?.titulo, 'As páginas não têm versão em markdown');
    assert.match(gap?.constatacao ?? '', /^12 de 13 páginas amostradas têm versão em markdown; falta: “\/p7”/);
    assert.match(gap?.reproducao ?? '', /^curl .*'http:\/\/localhost:\d+\/p7'$/, 'the page that announces no twin');
  });
  test('pages with little text and no <script> are not told their content needs JavaScript', async () => {
    const plain = await read({ pages: 3, thin: true });
    assert.equal(lacuna(plain, 'texto-no-servidor')?.titulo, 'O HTML das páginas quase não tem texto');
    const scripted = await read({ pages: 3, thin: true, scripts: true });
    assert.equal(lacuna(scripted, 'texto-no-servidor')?.titulo, 'O conteúdo só aparece depois do JavaScript');
  });
});

describe('llms.txt links checked for what they claim (issue 19, items 4 and 7)', () => {
  test('a broken llms.txt (every .md link 404) is no better than none; a working one is well above it', async () => {
    const none = await read({ pages: 4, llms: 'none' });
    const broken = await read({ pages: 4, llms: 'broken' });
    const working = await read({ pages: 4, llms: 'working' });
    assert.equal(check(broken, 'llms-txt-markdown').status, 'falhou', check(broken, 'llms-txt-markdown').detalhe);
    assert.equal(check(broken, 'llms-txt-links').status, 'falhou', check(broken, 'llms-txt-links').detalhe);
    assert.match(check(broken, 'llms-txt-links').detalhe, /^0 de 5 links do llms\.txt funcionam; quebrados: “\/index\.md” \(404\)/);
    assert.equal(lacuna(broken, 'llms-txt')?.titulo, 'O llms.txt não leva a nenhuma página que funcione');
    assert.match(lacuna(broken, 'llms-txt')?.reproducao ?? '', /'http:\/\/localhost:\d+\/index\.md'$/);
    assert.ok((broken.nota ?? 0) <= (none.nota ?? 0), `broken ${broken.nota}, none ${none.nota}`);
    assert.ok((working.nota ?? 0) > (none.nota ?? 0), `working ${working.nota}, none ${none.nota}`);
  });
  test('a 405 outside ## Optional is broken and costs in proportion (no 90% step); inside ## Optional it is an endpoint that exists', async () => {
    const outside = await read({ pages: 8, llms: 'endpoint-405' });
    const links = check(outside, 'llms-txt-links');
    assert.equal(links.status, 'parcial', links.detalhe);
    assert.equal(links.pontos, Math.round(4 * (9 / 10) * 100) / 100);
    assert.match(links.detalhe, /^9 de 10 links do llms\.txt funcionam; quebrados: “\/api\/busca” \(405\)/);
    assert.equal(lacuna(outside, 'llms-txt-links')?.titulo, 'Parte dos links do llms.txt está quebrada');
    const inside = await read({ pages: 8, llms: 'optional-405' });
    assert.equal(check(inside, 'llms-txt-links').status, 'passou', check(inside, 'llms-txt-links').detalhe);
  });
});
