import { parseLinkHeader } from '../analysis/link-header.ts';
import { looksLikeHtml } from '../analysis/llms.ts';
import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

const MARKDOWN_TYPES = ['text/markdown', 'text/x-markdown', 'text/plain'];

export const markdownGemeo: CheckDefinition = {
  id: 'markdown-gemeo',
  nome: 'Versão em markdown das páginas',
  camada: 'conteudo',
  severidade: 'alta',
  titulo: 'As páginas não têm versão em markdown',
  porque:
    'Uma versão em markdown da página (o "gêmeo" .md) dá ao agente só o conteúdo, sem menus nem scripts, com uma fração dos tokens do HTML. Nem todo agente envia Accept: text/markdown, então o endereço próprio importa.',
  comoCorrigir:
    'Publique /pagina.md para cada página (e /index.md para a inicial) com o conteúdo em markdown, sirva com Content-Type: text/markdown e anuncie com <link rel="alternate" type="text/markdown" href="/pagina.md"> e com o cabeçalho Link.',
  async run(ctx) {
    const announced = [
      ...ctx.page.markdownAlternates,
      ...parseLinkHeader(ctx.home.headers.get('link')).filter((l) => l.rel.includes('alternate') && /markdown/.test(l.type ?? '')).map((l) => l.href),
    ];
    const homePath = new URL(ctx.home.finalUrl).pathname;
    const guesses = homePath === '/' || homePath === '' ? ['/index.md', '/index.html.md'] : [`${homePath.replace(/\/$/, '')}.md`, `${homePath.replace(/\/?$/, '/')}index.md`];
    const candidates = [...new Set([...announced, ...guesses].map((c) => ctx.url(c)))].slice(0, 4);
    for (const candidate of candidates) {
      const probe = await ctx.get(candidate, { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.5' });
      if (!isResponse(probe) || probe.status !== 200 || looksLikeHtml(probe.body) || probe.body.trim().length < 50) continue;
      const typed = MARKDOWN_TYPES.includes(probe.contentType);
      const isAnnounced = announced.some((a) => ctx.url(a) === candidate);
      const path = new URL(candidate).pathname;
      if (typed && isAnnounced) return passed(`Versão markdown em ${path} (${probe.contentType}), anunciada na página.`);
      if (!typed) return partial(0.5, `Versão markdown em ${path}, mas servida como ${probe.contentType || 'tipo ausente'}.`, {
        comoCorrigir: 'Sirva os arquivos .md com Content-Type: text/markdown; charset=utf-8.',
      });
      return partial(0.75, `Versão markdown em ${path}, mas a página não a anuncia (<link rel="alternate" type="text/markdown"> ou cabeçalho Link).`, {
        comoCorrigir: 'Anuncie a versão markdown no <head> com <link rel="alternate" type="text/markdown" href="…"> e no cabeçalho Link.',
      });
    }
    return failed(announced.length ? `A página anuncia ${announced[0]}, mas o endereço não devolve markdown.` : 'Nenhuma versão markdown anunciada nem encontrada em /index.md.');
  },
};
