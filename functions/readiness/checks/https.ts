import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';

export const https: CheckDefinition = {
  id: 'https',
  nome: 'HTTPS com redirecionamento',
  camada: 'seguranca',
  severidade: 'alta',
  titulo: 'O site não é servido só por HTTPS',
  tituloParcial: 'http:// não redireciona de forma permanente para https://',
  porque: 'Robôs e agentes preferem, e muitos exigem, conteúdo por HTTPS: é a garantia de que o que leem não foi alterado no caminho. Um endereço http:// que não redireciona divide a reputação e expõe os visitantes.',
  comoCorrigir: 'Sirva o site por HTTPS com certificado válido e redirecione permanentemente (301 ou 308) todo endereço http:// para o equivalente https://.',
  async run(ctx) {
    if (ctx.loopback) return notApplicable('Medição local em loopback (ambiente de teste): HTTPS não se aplica.', { evidencias: [ctx.evidence(ctx.home, { em: 'status' })] });
    const final = new URL(ctx.home.finalUrl);
    if (final.protocol !== 'https:') {
      return failed(ctx.httpFallback ? 'O site não respondeu por HTTPS; foi medido por http://.' : 'A página inicial termina em http://.', { evidencias: [ctx.evidence(ctx.home, { em: 'status', decisivo: `página inicial em ${ctx.home.finalUrl}` })] });
    }
    const plain = await ctx.get(`http://${final.host}/`, { accept: 'text/html', followRedirects: false, maxBytes: 64 * 1024 });
    if (!isResponse(plain)) return passed('A página inicial é servida por HTTPS; http:// não responde.', { evidencias: [ctx.evidence(plain)] });
    const location = plain.headers.get('location') ?? '';
    const evidencias = [ctx.evidence(plain, { em: 'cabecalho', decisivo: location ? `HTTP ${plain.status}, Location: ${location}` : `HTTP ${plain.status}, sem Location` })];
    if ([301, 308].includes(plain.status) && location.startsWith('https://')) return passed(`HTTPS, e http:// redireciona permanentemente (${plain.status}) para https://.`, { evidencias });
    if (plain.status >= 300 && plain.status < 400 && location.startsWith('https://')) return partial(0.75, `http:// redireciona para https://, mas com ${plain.status} (temporário).`, { evidencias });
    return partial(0.5, `HTTPS funciona, mas http:// responde ${plain.status} sem redirecionar para https://.`, { evidencias, titulo: 'http:// responde sem redirecionar para https://' });
  },
};
