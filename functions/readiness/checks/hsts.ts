import { headerLine, siteText } from '../evidence.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';

/** Six months, the usual minimum (and the preload list requires one year). */
export const HSTS_MIN_SECONDS = 15_552_000;

export const hsts: CheckDefinition = {
  id: 'hsts',
  nome: 'HSTS',
  camada: 'seguranca',
  severidade: 'media',
  titulo: 'Falta o cabeçalho Strict-Transport-Security',
  tituloParcial: 'O HSTS tem validade curta ou inválida',
  porque: 'O HSTS obriga navegadores e clientes a usar sempre HTTPS no domínio, fechando a porta a ataques que rebaixam a conexão para http://.',
  comoCorrigir: 'Envie Strict-Transport-Security: max-age=63072000; includeSubDomains nas respostas HTTPS (acrescente preload depois de conferir todos os subdomínios).',
  referencia: 'https://developer.mozilla.org/docs/Web/HTTP/Headers/Strict-Transport-Security',
  dependeDe: 'https',
  async run(ctx) {
    // HSTS is only honoured over HTTPS: where the site is read over http (a loopback fixture, or https
    // unreachable), the header cannot be judged, and the https check already tells what is wrong.
    if (ctx.loopback || new URL(ctx.home.finalUrl).protocol !== 'https:') {
      return notApplicable('O site foi lido por http://: o HSTS só vale em respostas HTTPS, então a verificação não se aplica.', { evidencias: [ctx.evidence(ctx.home, { em: 'status' })] });
    }
    const value = ctx.home.headers.get('strict-transport-security');
    const evidencias = [ctx.evidence(ctx.home, { em: 'cabecalho', decisivo: headerLine(ctx.home.headers, 'Strict-Transport-Security') })];
    if (!value) return failed('Sem cabeçalho Strict-Transport-Security na página inicial.', { evidencias });
    const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(value)?.[1] ?? NaN);
    if (!Number.isFinite(maxAge)) return partial(0.25, `Strict-Transport-Security sem max-age válido: ${siteText(value)}.`, { evidencias });
    if (maxAge < HSTS_MIN_SECONDS) return partial(0.5, `max-age=${maxAge} (menos de seis meses).`, { evidencias });
    return passed(`Strict-Transport-Security: ${siteText(value)}.`, { evidencias });
  },
};
