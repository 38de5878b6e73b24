import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

export const robotsTxt: CheckDefinition = {
  id: 'robots-txt',
  nome: 'robots.txt publicado e legível',
  camada: 'acesso',
  severidade: 'alta',
  titulo: 'O robots.txt está ausente ou ilegível',
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
    if (status !== 200) return failed(`/robots.txt respondeu ${status}.`);
    if (info.servedHtml) return failed('/robots.txt devolve uma página HTML em vez de texto.');
    const file = info.file;
    if (!file || file.groups.length === 0) return failed('/robots.txt não tem nenhum grupo User-agent.');
    const problems: string[] = [];
    if (!info.probe.contentType.startsWith('text/plain')) problems.push(`Content-Type ${info.probe.contentType || 'ausente'} (o esperado é text/plain)`);
    if (file.sitemaps.length === 0) problems.push('sem linha Sitemap:');
    if (file.unknownLines > 0) problems.push(`${file.unknownLines} linha(s) não reconhecida(s)`);
    if (problems.length === 0) return passed(`/robots.txt com ${file.groups.length} grupo(s) e ${file.sitemaps.length} sitemap(s) declarado(s).`);
    return partial(1 - 0.25 * Math.min(problems.length, 3), `/robots.txt legível, mas: ${problems.join('; ')}.`);
  },
};
