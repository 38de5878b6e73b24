import { siteText } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

export const canonical: CheckDefinition = {
  id: 'canonical',
  nome: 'URL canônica',
  camada: 'conteudo',
  severidade: 'baixa',
  titulo: 'A página não declara a URL canônica',
  tituloParcial: 'A URL canônica está relativa, inválida ou em outro domínio',
  porque: 'A URL canônica diz qual endereço citar quando a mesma página é acessível por vários (com e sem www, com parâmetros). Sem ela, buscadores e agentes podem dividir ou escolher mal a referência.',
  comoCorrigir: 'Inclua no <head> de cada página <link rel="canonical" href="https://seu-dominio/endereco-preferido"> com a URL absoluta.',
  async run(ctx) {
    const href = ctx.page.canonical;
    const evidencias = [ctx.evidence(ctx.home, { em: 'corpo', decisivo: href === undefined ? 'nenhum <link rel="canonical">' : `<link rel="canonical" href="${href}">` })];
    if (!href) return failed('Sem <link rel="canonical"> na página inicial.', { evidencias });
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return partial(0.5, `Canônica relativa ou inválida: ${siteText(href)}.`, { evidencias, titulo: 'A URL canônica não é absoluta' });
    }
    const home = new URL(ctx.home.finalUrl);
    if (url.hostname.replace(/^www\./, '') !== home.hostname.replace(/^www\./, '')) {
      return partial(0.5, `A canônica aponta para outro domínio: ${siteText(url.host)}.`, { evidencias, titulo: 'A URL canônica aponta para outro domínio' });
    }
    return passed(`Canônica absoluta: ${siteText(href)}.`, { evidencias });
  },
};
