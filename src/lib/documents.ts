/** Markdown-only documents: content/documentos (with `{base_url}` filled in) and the generated /pricing.md. */
import { getCollection } from 'astro:content';
import { SITE_NAME, contactEmail, siteOrigin } from '../config/site.ts';
import { loadPrices, paymentMarkdown } from '../model/prices.ts';
import { type StartingPrice, priceRows, startingPricesMarkdown } from './facts.ts';
import { canonicalBlock } from './markdown-twin.ts';
import { isoDay } from './text.ts';

export async function renderDocument(caminho: string, origin = siteOrigin()): Promise<string> {
  const doc = (await getCollection('documentos')).find((d) => d.data.caminho === caminho);
  if (!doc) throw new Error(`Nenhum documento em content/documentos tem caminho "${caminho}"`);
  const body = (doc.body ?? '').replaceAll('{base_url}', origin).replaceAll('<CONTACT_EMAIL>', contactEmail()).trim();
  return `# ${doc.data.titulo}\n\n> ${doc.data.descricao}\n\n${canonicalBlock(`${origin}${caminho}`, origin)}\n\nAtualizado em ${isoDay(doc.data.atualizadoEm)}\n\n${body}\n`;
}

/** /pricing.md: the public prices, from content/precos.json (same data as the pricing page and the API). */
export function renderPricing(origin = siteOrigin(), aPartirDe: readonly StartingPrice[] = []): string {
  const prices = loadPrices();
  const products = priceRows().map(({ produto: p, preco }) =>
    [
      `## ${p.nome}`,
      `- Preço: ${preco}${p.preco > 0 ? ` (${p.preco.toFixed(2)} ${prices.moeda})` : ''}`,
      `- Tipo: ${p.tipo}`,
      `- Prazo: ${p.prazo}`,
      `- Página: ${origin}/${p.rota}`,
      '',
      p.descricao,
      '',
      'Inclui:',
      '',
      ...p.inclui.map((i) => `- ${i}`),
      '',
      `Como contratar: ${p.comoContratar}`,
    ].join('\n'),
  );
  return [
    `# Preços públicos: ${SITE_NAME}`,
    '> Um diagnóstico pago com preço público, uma medição gratuita e os demais serviços sob proposta. Valores em reais (BRL).',
    canonicalBlock(`${origin}/pricing.md`, origin),
    `Atualizado em ${isoDay(prices.atualizadoEm)}`,
    ...products,
    paymentMarkdown(),
    `## Demais serviços: sob proposta\n\n${prices.sobProposta.descricao}\n\n${aPartirDe.length ? `${startingPricesMarkdown(aPartirDe, origin)}\n\n` : ''}Contato: ${origin}/${prices.sobProposta.rota} (${contactEmail()})`,
    `## Para agentes\n\nOs mesmos dados estão em ${origin}/api/v1/precos (token gratuito, veja ${origin}/auth.md) e na sandbox ${origin}/api/v1/sandbox/precos. Não há cobrança por chamada nem plano pago da API.`,
  ].join('\n\n') + '\n';
}
