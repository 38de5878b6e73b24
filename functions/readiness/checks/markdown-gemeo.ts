import { answeredInstead, examples, siteText } from '../evidence.ts';
import { type CheckDefinition, failed, partial } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

export const markdownGemeo: CheckDefinition = {
  id: 'markdown-gemeo',
  nome: 'Versão em markdown das páginas',
  camada: 'conteudo',
  severidade: 'alta',
  titulo: 'As páginas não têm versão em markdown',
  tituloParcial: 'Parte das páginas não tem versão em markdown',
  porque:
    'Uma versão em markdown da página (o "gêmeo" .md) dá ao agente só o conteúdo, sem menus nem scripts, com uma fração dos tokens do HTML. Nem todo agente envia Accept: text/markdown, então o endereço próprio importa.',
  comoCorrigir:
    'Publique /pagina.md para cada página (e /index.md para a inicial) com o conteúdo em markdown, sirva com Content-Type: text/markdown e anuncie com <link rel="alternate" type="text/markdown" href="/pagina.md"> e com o cabeçalho Link.',
  async run(ctx) {
    const { checked, found, missing } = await ctx.twins();
    const credit = (t: { typed: boolean; announced: boolean }) => (!t.typed ? 0.5 : t.announced ? 1 : 0.75);
    const share = found.reduce((sum, t) => sum + credit(t), 0) / checked;
    const untyped = found.filter((t) => !t.typed);
    const unannounced = found.filter((t) => t.typed && !t.announced);
    const parts = [`${found.length} de ${plural(checked, 'página amostrada', 'páginas amostradas')} ${agree(found.length, 'tem', 'têm')} versão em markdown`];
    if (missing.length) parts.push(`falta: ${examples(missing.map((m) => m.page))}`);
    if (found[0] && !missing.length) parts.push(`por exemplo ${examples([found[0].url], 1)} (${found[0].probe.contentType || 'tipo ausente'})`);
    if (untyped.length) parts.push(`${untyped.length} ${agree(untyped.length, 'servida', 'servidas')} sem Content-Type de markdown (ex.: ${examples([untyped[0]!.url], 1)}, ${untyped[0]!.probe.contentType || 'sem tipo'})`);
    if (unannounced.length) parts.push(`${unannounced.length} não ${agree(unannounced.length, 'anunciada', 'anunciadas')} na página`);
    const detail = `${parts.join('; ')}.`;
    const missed = missing.slice(0, 3).map((m) => ctx.evidence(m.probe, !m.candidate ? { em: 'corpo', decisivo: 'nenhum <link rel="alternate" type="text/markdown">' } : answeredInstead(m.probe)));
    if (found.length === 0) {
      return failed(
        ctx.page.markdownAlternates.length
          ? `A página inicial anuncia ${siteText(ctx.page.markdownAlternates[0] as string)}, mas o endereço não devolve markdown; nenhuma das ${plural(checked, 'página amostrada', 'páginas amostradas')} tem versão markdown.`
          : `Nenhuma versão markdown anunciada nem encontrada (/index.md, /pagina.md) em ${plural(checked, 'página amostrada', 'páginas amostradas')}.`,
        { evidencias: missed },
      );
    }
    const typeEvidence = untyped.slice(0, 1).map((t) => ctx.evidence(t.probe, { em: 'cabecalho', decisivo: `Content-Type: ${t.probe.headers.get('content-type') ?? 'ausente'}` }));
    const evidencias = [...missed, ...typeEvidence, ...found.slice(0, 1).map((t) => ctx.evidence(t.probe, { em: 'cabecalho', decisivo: `Content-Type: ${t.probe.headers.get('content-type') ?? 'ausente'}` }))];
    const fix = untyped.length
      ? { comoCorrigir: 'Sirva os arquivos .md com Content-Type: text/markdown; charset=utf-8.' }
      : unannounced.length && found.length === checked
        ? { comoCorrigir: 'Anuncie a versão markdown no <head> com <link rel="alternate" type="text/markdown" href="…"> e no cabeçalho Link.' }
        : {};
    // All pages have one: what is missing is the type or the announcement, not the twins.
    const titulo = missing.length ? undefined : untyped.length ? 'As versões markdown não são servidas como text/markdown' : 'As versões markdown não são anunciadas nas páginas';
    return partial(share, detail, { ...fix, evidencias, ...(titulo ? { titulo } : {}) });
  },
};
