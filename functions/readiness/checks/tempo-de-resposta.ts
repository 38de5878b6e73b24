import { type CheckDefinition, failed, partial, passed } from './types.ts';

/** Time to first byte of the home page (ms): good, and the limit Mintlify uses. */
export const TTFB_GOOD_MS = 800;
export const TTFB_MAX_MS = 2_000;

export const tempoDeResposta: CheckDefinition = {
  id: 'tempo-de-resposta',
  nome: 'Tempo de resposta',
  camada: 'seguranca',
  severidade: 'media',
  titulo: 'O servidor demora a responder',
  porque: 'Agentes buscam páginas durante a conversa e desistem das lentas: acima de cerca de 2 segundos até o primeiro byte, a página costuma ficar de fora da resposta.',
  comoCorrigir: 'Sirva as páginas públicas de um cache ou CDN (HTML estático ou em cache na borda) e reduza o trabalho por requisição no servidor.',
  referencia: 'https://web.dev/articles/ttfb',
  async run(ctx) {
    const ttfb = ctx.home.ttfbMs;
    if (ttfb <= TTFB_GOOD_MS) return passed(`Primeiro byte da página inicial em ${ttfb} ms.`);
    if (ttfb <= TTFB_MAX_MS) return partial(0.5, `Primeiro byte da página inicial em ${ttfb} ms (acima de ${TTFB_GOOD_MS} ms).`);
    return failed(`Primeiro byte da página inicial em ${ttfb} ms (acima de ${TTFB_MAX_MS} ms).`);
  },
};
