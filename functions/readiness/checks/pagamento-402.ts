import { agree, plural } from '../../../src/model/plural.ts';
import { paymentSignalOf, type PaymentSignal, SCHEME_NAMES } from '../analysis/payment.ts';
import { type Decisive, isResponse, type Probe } from '../context.ts';
import type { Lacuna } from '../../../src/model/reading.ts';
import { examples, headerLine, siteText } from '../evidence.ts';
import type { FetchedResponse } from '../fetch/safe-fetch.ts';
import { type RevisaoVerificada, revisionOf } from '../revision.ts';
import { type CheckDefinition, failed, notApplicable } from './types.ts';

const WHY =
  'O leitor age a pedido de uma pessoa, como os agentes de usuário das IAs (ChatGPT-User, Claude-User, Perplexity-User): quando o site cobra esse acesso com HTTP 402, o assistente não consegue ler a página para responder a quem perguntou, e o site some da resposta. Cobrar robôs de treinamento (pay-per-crawl) é uma escolha legítima; cobrar o acesso pedido por uma pessoa não.';
const FIX =
  'Nas regras de cobrança (Cloudflare AI Crawl Control, gateway x402), restrinja o HTTP 402 aos robôs de treinamento e de indexação que você quer cobrar, e deixe passar os agentes que agem a pedido de uma pessoa e os robôs verificados por Web Bot Auth, ao menos na página inicial, no robots.txt, no llms.txt e nas páginas públicas.';

/** The lacuna of a reading left unscored because the home page itself asked the reader for payment (measure.ts). */
export const PAYMENT_LACUNA: Lacuna = {
  verificacao: 'pagamento-402',
  camada: 'acesso',
  severidade: 'media',
  titulo: 'O site cobra (HTTP 402) agentes que agem a pedido de uma pessoa',
  porque: WHY,
  comoCorrigir: FIX,
};

/** The scheme's verdict: what the site asks with, against the current forms (x402 v2, pay-per-crawl). */
function schemeVerdict(signals: PaymentSignal[]): RevisaoVerificada {
  const schemes = new Set(signals.map((s) => s.scheme));
  if (schemes.has('x402-v1') && !schemes.has('x402-v2') && !schemes.has('pay-per-crawl')) {
    return revisionOf('pagamento', 'legado', { forma: SCHEME_NAMES['x402-v1'], migracao: 'Se mantiver a cobrança, use o x402 v2: a exigência vai no cabeçalho PAYMENT-REQUIRED (base64), não no corpo.' });
  }
  if (schemes.has('x402-v2') || schemes.has('pay-per-crawl')) return revisionOf('pagamento', 'atual');
  return revisionOf('pagamento', 'invalido', { forma: SCHEME_NAMES.desconhecido, migracao: 'Um 402 sem crawler-price nem PAYMENT-REQUIRED não diz a nenhum cliente como pagar.' });
}

/** A sentence naming the schemes (and the price, when stated, quoted as read) of the payment answers. */
export function describePayments(signals: PaymentSignal[]): string {
  const schemes = [...new Set(signals.map((s) => SCHEME_NAMES[s.scheme]))].join(', ');
  const price = signals.find((s) => s.price)?.price;
  return `${schemes}${price ? `, preço ${siteText(price)}` : ''}`;
}

/** What in a payment answer names its scheme: the header that states the price or the requirement, else the body or the status. */
function decisiveOf(response: FetchedResponse, signal: PaymentSignal): Decisive {
  switch (signal.scheme) {
    case 'pay-per-crawl':
      return { em: 'cabecalho', decisivo: headerLine(response.headers, 'Crawler-Price') };
    case 'x402-v2':
      return response.headers.has('payment-required') ? { em: 'cabecalho', decisivo: headerLine(response.headers, 'Payment-Required') } : { em: 'corpo', decisivo: 'x402Version e accepts no corpo' };
    case 'x402-v1':
      return { em: 'corpo', decisivo: 'x402Version: 1 e accepts no corpo' };
    case 'desconhecido':
      return { em: 'status', decisivo: `HTTP ${response.status}` };
  }
}

export const pagamento402: CheckDefinition = {
  id: 'pagamento-402',
  nome: 'Acesso pedido por pessoas sem cobrança (HTTP 402)',
  camada: 'acesso',
  severidade: 'media',
  titulo: PAYMENT_LACUNA.titulo,
  porque: WHY,
  comoCorrigir: FIX,
  referencia: 'https://developers.cloudflare.com/ai-crawl-control/features/pay-per-crawl/',
  async run(ctx) {
    // Only responses other checks already asked for (memoized): this check adds no request.
    const [robots, llms, pages, links] = await Promise.all([ctx.robots(), ctx.llms(), ctx.samplePages(), ctx.llmsLinks()]);
    const probes: Probe[] = [ctx.home, robots.probe, llms.probe, ...pages.map((p) => p.probe), ...links.flatMap((l) => (l.probe ? [l.probe] : []))];
    const seen = new Set<string>();
    const charged: { response: FetchedResponse; signal: PaymentSignal }[] = [];
    for (const probe of probes) {
      if (!isResponse(probe) || seen.has(probe.finalUrl)) continue;
      seen.add(probe.finalUrl);
      const signal = paymentSignalOf(probe);
      if (signal) charged.push({ response: probe, signal });
    }
    if (charged.length === 0) {
      // The home page is the answer every reading starts with: what it answered stands for the rest.
      return notApplicable(`Nenhuma das ${plural(seen.size, 'resposta lida', 'respostas lidas')} pediu pagamento (HTTP 402, crawler-price ou PAYMENT-REQUIRED) ao leitor.`, {
        evidencias: [ctx.evidence(ctx.home, { em: 'status', decisivo: `HTTP ${ctx.home.status}` })],
      });
    }
    const signals = charged.map((c) => c.signal);
    const revisao = schemeVerdict(signals);
    return failed(
      `${charged.length} de ${plural(seen.size, 'resposta', 'respostas')} ${agree(charged.length, 'pediu', 'pediram')} pagamento ao leitor, que age a pedido de uma pessoa (${describePayments(signals)}): ${examples(signals.map((s) => s.url))}.`,
      { revisao, evidencias: charged.slice(0, 3).map((c) => ctx.evidence(c.response, decisiveOf(c.response, c.signal))) },
    );
  },
};
