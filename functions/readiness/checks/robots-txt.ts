import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** Share of the weight for a robots.txt that answers 4xx (allowed by RFC 9309, no policy stated). */
export const ROBOTS_ABSENT_CREDIT = 0.5;

export const robotsTxt: CheckDefinition = {
  id: 'robots-txt',
  nome: 'robots.txt publicado e legível',
  camada: 'acesso',
  severidade: 'alta',
  titulo: 'O robots.txt está ausente ou ilegível',
  tituloParcial: 'O robots.txt é legível, mas incompleto',
  porque:
    'O robots.txt é o primeiro arquivo que robôs de busca e de IA leem: ele diz o que podem acessar e onde está o sitemap. Sem ele, cada robô decide sozinho, e um robots.txt que devolve HTML ou erro confunde os leitores.',
  comoCorrigir:
    'Publique /robots.txt como texto puro (Content-Type: text/plain) com pelo menos um grupo User-agent, as regras Allow/Disallow desejadas e uma linha Sitemap: com o endereço absoluto do sitemap.',
  referencia: 'https://www.rfc-editor.org/rfc/rfc9309',
  async run(ctx) {
    const info = await ctx.robots();
    if (!isResponse(info.probe)) return failed(`Não foi possível ler /robots.txt: ${info.probe.message}.`);
    const status = info.probe.status;
    if (status >= 500) return failed(`/robots.txt respondeu ${status}: pela RFC 9309, robôs tratam isso como proibição total.`);
    // RFC 9309 §2.3.1.3: an unavailable robots.txt (4xx) allows everything. Nothing is blocked, but no policy
    // is stated and no sitemap declared: half the weight. A robots.txt robots can read earns at least as much,
    // and any AI block costs more than the difference (robots-ia, ROBOTS_BLOCK_CREDIT).
    if (status >= 400 && status < 500) {
      return partial(ROBOTS_ABSENT_CREDIT, `/robots.txt respondeu ${status}: pela RFC 9309 tudo pode ser lido, mas o site não declara política nem sitemap.`, {
        titulo: 'Não há robots.txt: tudo pode ser lido, mas nenhuma política é declarada',
        comoCorrigir: 'Publique /robots.txt (text/plain) declarando a sua política para robôs de busca e de IA e uma linha Sitemap: com o endereço absoluto do sitemap.',
      });
    }
    if (status !== 200) return failed(`/robots.txt respondeu ${status}.`);
    if (info.servedHtml) return failed('/robots.txt devolve uma página HTML em vez de texto.');
    const file = info.file;
    if (!file) return failed('/robots.txt não pôde ser lido.');
    // RFC 9309 §2.2.1: a file without groups (empty, or only `Sitemap:` lines, as jekyll-sitemap writes it) is
    // valid and allows everything. What robots read never scores below no robots.txt at all.
    const problems: string[] = [];
    if (!info.probe.contentType.startsWith('text/plain')) problems.push(`Content-Type ${info.probe.contentType || 'ausente'} (o esperado é text/plain)`);
    if (file.sitemaps.length === 0) problems.push('sem linha Sitemap:');
    if (file.unknownLines > 0) problems.push(plural(file.unknownLines, 'linha não reconhecida', 'linhas não reconhecidas'));
    const groups = file.groups.length ? plural(file.groups.length, 'grupo', 'grupos') : 'nenhum grupo User-agent (tudo liberado, pela RFC 9309)';
    if (problems.length === 0) return passed(`/robots.txt com ${groups} e ${plural(file.sitemaps.length, 'sitemap declarado', 'sitemaps declarados')}.`);
    return partial(Math.max(ROBOTS_ABSENT_CREDIT, 1 - 0.25 * problems.length), `/robots.txt legível, com ${groups}, mas: ${problems.join('; ')}.`);
  },
};
