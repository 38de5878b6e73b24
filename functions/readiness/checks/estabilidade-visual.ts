import { type CheckDefinition, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const estabilidadeVisual: CheckDefinition = {
  id: 'estabilidade-visual',
  nome: 'Layout estável (mídia com dimensões)',
  camada: 'conteudo',
  severidade: 'baixa',
  titulo: 'Imagens e vídeos sem dimensões deslocam o layout',
  tituloParcial: 'Parte das imagens e vídeos não tem dimensões',
  porque:
    'Quando imagens, vídeos e iframes não declaram largura e altura, a página "pula" enquanto carrega (Cumulative Layout Shift). Agentes que clicam em elementos erram o alvo, e a experiência de quem lê piora.',
  comoCorrigir: 'Declare width e height (ou aspect-ratio via CSS) em toda <img>, <video> e <iframe>.',
  referencia: 'https://web.dev/articles/cls',
  async run(ctx) {
    const media = [...ctx.page.images.map((i) => i.sized), ...ctx.page.embeds.map((e) => e.sized)];
    const sized = media.filter(Boolean).length;
    const evidencias = [ctx.evidence(ctx.home, { em: 'corpo', decisivo: `${media.length - sized} de ${media.length} <img>/<video>/<iframe> sem width e height` })];
    if (media.length === 0) return passed('A página inicial não tem imagens, vídeos nem iframes que desloquem o layout.', { evidencias });
    if (sized === media.length) return passed(`${plural(sized, 'elemento', 'elementos')} de mídia com largura e altura declaradas.`, { evidencias });
    return partial(sized / media.length, `${sized} de ${plural(media.length, 'elemento', 'elementos')} de mídia da página inicial com largura e altura; ${media.length - sized} sem.`, { evidencias });
  },
};
