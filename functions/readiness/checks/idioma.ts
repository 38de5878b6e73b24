import { siteText } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

export const idioma: CheckDefinition = {
  id: 'idioma',
  nome: 'Idioma declarado',
  camada: 'conteudo',
  severidade: 'baixa',
  titulo: 'O idioma da página não está declarado',
  tituloParcial: 'O idioma declarado não é uma etiqueta válida',
  porque: 'O atributo lang informa o idioma do conteúdo a leitores de tela, buscadores e agentes, que o usam para escolher a página certa para perguntas em português.',
  comoCorrigir: 'Declare o idioma na raiz do documento: <html lang="pt-BR">.',
  async run(ctx) {
    const lang = ctx.page.lang?.trim();
    const evidencias = [ctx.evidence(ctx.home, { em: 'corpo', decisivo: lang ? `<html lang="${lang}">` : '<html> sem lang' })];
    if (!lang) return failed('Sem atributo lang em <html>.', { evidencias });
    if (!/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(lang)) return partial(0.5, `lang=${siteText(lang)} não é uma etiqueta de idioma válida (BCP 47).`, { evidencias });
    return passed(`<html lang=${siteText(lang)}>.`, { evidencias });
  },
};
