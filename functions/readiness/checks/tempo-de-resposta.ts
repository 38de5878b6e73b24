import { shellQuote } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

/** The time to first byte as curl measures it, asked as the reader asked. */
const timing = (userAgent: string, url: string): string =>
  `curl -sS -o /dev/null -w '%{time_starttransfer}\\n' -A ${shellQuote(userAgent)} ${shellQuote(url)}`;

/** Time to first byte of the home page (ms): good, and the limit Mintlify uses. */
export const TTFB_GOOD_MS = 800;
export const TTFB_MAX_MS = 2_000;

export const tempoDeResposta: CheckDefinition = {
  id: 'tempo-de-resposta',
  nome: 'Tempo de resposta',
  camada: 'seguranca',
  severidade: 'media',
  titulo: 'O servidor demora a responder',
  tituloParcial: 'O servidor responde, mas acima do ideal',
  porque: 'Agentes buscam páginas durante a conversa e desistem das lentas: acima de cerca de 2 segundos até o primeiro byte, a página costuma ficar de fora da resposta.',
  comoCorrigir: 'Sirva as páginas públicas de um cache ou CDN (HTML estático ou em cache na borda) e reduza o trabalho por requisição no servidor.',
  referencia: 'https://web.dev/articles/ttfb',
  async run(ctx) {
    const ttfb = ctx.home.ttfbMs;
    // The evidence names the band, not the milliseconds: two readings of one site stay identical.
    const band = ttfb <= TTFB_GOOD_MS ? `primeiro byte em até ${TTFB_GOOD_MS} ms` : ttfb <= TTFB_MAX_MS ? `primeiro byte entre ${TTFB_GOOD_MS} e ${TTFB_MAX_MS} ms` : `primeiro byte acima de ${TTFB_MAX_MS} ms`;
    const evidencias = [ctx.evidence(ctx.home, { em: 'status', decisivo: band })];
    if (ttfb <= TTFB_GOOD_MS) return passed(`Primeiro byte da página inicial em ${ttfb} ms.`, { evidencias });
    if (ttfb <= TTFB_MAX_MS) return partial(0.5, `Primeiro byte da página inicial em ${ttfb} ms (acima de ${TTFB_GOOD_MS} ms).`, { evidencias, reproducao: timing(ctx.userAgent, ctx.home.url) });
    return failed(`Primeiro byte da página inicial em ${ttfb} ms (acima de ${TTFB_MAX_MS} ms).`, { evidencias, reproducao: timing(ctx.userAgent, ctx.home.url) });
  },
};
