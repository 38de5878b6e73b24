import { type CheckDefinition, failed, partial } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

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
    const { checked, found } = await ctx.twins();
    const credit = (t: { typed: boolean; announced: boolean }) => (!t.typed ? 0.5 : t.announced ? 1 : 0.75);
    const share = found.reduce((sum, t) => sum + credit(t), 0) / checked;
    const untyped = found.filter((t) => !t.typed);
    const unannounced = found.filter((t) => t.typed && !t.announced);
    const parts = [`${found.length} de ${plural(checked, 'página amostrada', 'páginas amostradas')} com versão markdown`];
    if (found[0]) parts.push(`por exemplo ${new URL(found[0].url).pathname} (${found[0].probe.contentType || 'tipo ausente'})`);
    if (untyped.length) parts.push(`${plural(untyped.length, 'servida', 'servidas')} sem Content-Type de markdown`);
    if (unannounced.length) parts.push(plural(unannounced.length, 'não anunciada', 'não anunciadas') + ' na página');
    const detail = `${parts.join('; ')}.`;
    if (found.length === 0) {
      return failed(ctx.page.markdownAlternates.length ? `A página inicial anuncia ${ctx.page.markdownAlternates[0]}, mas o endereço não devolve markdown; nenhuma das ${plural(checked, 'página amostrada', 'páginas amostradas')} tem versão markdown.` : `Nenhuma versão markdown anunciada nem encontrada (/index.md, /pagina.md) em ${plural(checked, 'página amostrada', 'páginas amostradas')}.`);
    }
    const fix = untyped.length
      ? { comoCorrigir: 'Sirva os arquivos .md com Content-Type: text/markdown; charset=utf-8.' }
      : unannounced.length && found.length === checked
        ? { comoCorrigir: 'Anuncie a versão markdown no <head> com <link rel="alternate" type="text/markdown" href="…"> e no cabeçalho Link.' }
        : {};
    return partial(share, detail, fix);
  },
};
