/**
 * One measurement of a domain: fetch the home page through the safe, signed fetcher; give up with an
 * unscored envelope (`nao_pontuada` + `motivo`) when the site is unreachable, answers with an error, a login
 * wall, a bot challenge or a WAF page, or is too big; otherwise run every check in parallel (each URL fetched
 * once, at most 4 requests at a time per host) and score the outcomes.
 */
import { MEASUREMENT_BUDGET_MS } from '../config.ts';
import { detectInterference } from './analysis/challenge.ts';
import { type ReaderKey, readerUserAgent, signRequest } from './agent/signing.ts';
import { boundReading } from './bounds.ts';
import { paymentSignalOf } from './analysis/payment.ts';
import { interfaceSignals } from './checks/api-signals.ts';
import { describePayments, PAYMENT_LACUNA } from './checks/pagamento-402.ts';
import { CHECKS } from './checks/index.ts';
import type { CheckDefinition, CheckOutcome } from './checks/types.ts';
import { createContext, HTML_ACCEPT, type MeasurementContext } from './context.ts';
import { AnalysisCutShort, createDeadline } from './deadline.ts';
import { isLoopbackTarget } from './domain.ts';
import { type Envelope, type Lacuna, withSiteDataNotice } from '../../src/model/reading.ts';
import { createSafeFetcher, type FetchedResponse, FetchError } from './fetch/safe-fetch.ts';
import type { NetworkHooks } from './fetch/network.ts';
import { METHOD_REVISION } from './method-revision.ts';
import { score } from './scoring.ts';

export interface MeasureOptions {
  /** The reader's signing key: every request is signed. */
  key: ReaderKey;
  /** Origin serving the reader's key directory (Signature-Agent) and named in the User-Agent. */
  agentOrigin: string;
  network?: NetworkHooks;
  allowLoopback?: boolean;
  /** Clock of `medidoEm` (signatures always use the real clock). */
  now?: () => number;
  /** Per-request limit (default 6 s) and the home page's (default 8 s). */
  timeoutMs?: number;
  homeTimeoutMs?: number;
  /** Limit of the whole measurement (default 20 s). */
  totalMs?: number;
  /** Body caps: other resources (default 2 MB) and the home page (default 5 MB). */
  maxBytes?: number;
  homeMaxBytes?: number;
  /** Called as checks finish (for progress). */
  onProgress?: (event: { verificacao: string; nome: string; feitas: number; total: number }) => void;
}

/** Requests of one measurement, redirect hops included (published on the method page). */
export const MAX_REQUESTS = 400;

export const BOT_BLOCK_LACUNA: Lacuna = {
  verificacao: 'acesso-do-leitor',
  camada: 'acesso',
  severidade: 'critica',
  titulo: 'Uma proteção anti-robô impediu a leitura do site',
  porque:
    'O leitor se identifica (User-Agent próprio e assinatura Web Bot Auth) e faz poucas requisições. Se ele foi barrado por um desafio ou firewall, robôs de busca e de IA provavelmente também são, e o site fica fora das respostas.',
  comoCorrigir:
    'Revise as regras do firewall/CDN (modo anti-bot, desafios JavaScript, bloqueio por país ou por ASN) para liberar robôs verificados e agentes que assinam requisições com Web Bot Auth, ao menos na página inicial, no robots.txt, no sitemap e no llms.txt.',
};

function unscored(dominio: string, medidoEm: string, motivo: string, lacunas: Lacuna[] = []): Envelope {
  return { dominio, estado: 'nao_pontuada', nota: null, grau: null, camadas: [], lacunas, medidoEm, motivo };
}

function describeFetchError(error: FetchError): string {
  switch (error.code) {
    case 'dns':
      return `O domínio não foi encontrado no DNS (${error.message}).`;
    case 'refused_address':
    case 'refused_host':
    case 'refused_port':
    case 'refused_scheme':
      return `O site aponta para um endereço que o medidor não acessa por segurança (${error.message}).`;
    case 'timeout':
    case 'budget':
      return `O site não respondeu a tempo (${error.message}).`;
    case 'too_many_redirects':
      return `A página inicial redireciona demais (${error.message}).`;
    case 'redirect_loop':
      return `A página inicial entra em um ciclo de redirecionamentos (${error.message}).`;
    case 'tls':
      return `Falha no certificado ou na conexão HTTPS (${error.message}).`;
    default:
      return `O site não pôde ser lido (${error.message}).`;
  }
}

/**
 * Measures `domain`. Every envelope leaves through `boundReading` (site-controlled texts and size bounded) and
 * carries the method's revision.
 * Throws `AnalysisCutShort` (with a message for the person) when the deadline cut the measurement short after
 * the home page was read: such a measurement must not be recorded.
 */
export async function measure(domain: string, options: MeasureOptions): Promise<Envelope> {
  // Every reading names the method it was scored with (functions/readiness/method-revision.ts).
  return { ...withSiteDataNotice(boundReading(await measureSite(domain, options))), revisaoDoMetodo: METHOD_REVISION };
}

async function measureSite(domain: string, options: MeasureOptions): Promise<Envelope> {
  const now = options.now ?? Date.now;
  const medidoEm = new Date(now()).toISOString();
  const loopback = isLoopbackTarget(domain);
  const allowLoopback = options.allowLoopback ?? false;
  if (loopback && !allowLoopback) return unscored(domain, medidoEm, 'Endereços locais não são medidos.');

  const totalMs = options.totalMs ?? MEASUREMENT_BUDGET_MS;
  const deadline = createDeadline(totalMs);
  const { signal } = deadline;
  const userAgent = readerUserAgent(options.agentOrigin);
  const fetcher = createSafeFetcher({
    network: options.network,
    allowLoopback,
    baseHeaders: { 'user-agent': userAgent, 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' },
    sign: ({ method, url }) => signRequest(options.key, { method, url }, options.agentOrigin),
    signal,
    timeoutMs: options.timeoutMs ?? 6_000,
    maxBytes: options.maxBytes ?? 2 * 1024 * 1024,
    perHostConcurrency: 4,
    // A sample of up to 50 pages, their twins and negotiated variants, and every llms.txt link.
    maxRequests: MAX_REQUESTS,
  });

  // 1. The home page: https first (http for loopback fixtures), http as a fallback when https is unreachable.
  const homeOptions = { headers: { accept: HTML_ACCEPT }, timeoutMs: options.homeTimeoutMs ?? 8_000, maxBytes: options.homeMaxBytes ?? 5 * 1024 * 1024 };
  let home: FetchedResponse;
  let httpFallback = false;
  try {
    home = await fetcher(loopback ? `http://${domain}/` : `https://${domain}/`, homeOptions);
  } catch (error) {
    const fe = error instanceof FetchError ? error : new FetchError('protocol', domain, 'falha inesperada');
    if (loopback || !['connect', 'tls'].includes(fe.code)) return unscored(domain, medidoEm, describeFetchError(fe));
    try {
      home = await fetcher(`http://${domain}/`, homeOptions);
      httpFallback = true;
    } catch (second) {
      return unscored(domain, medidoEm, describeFetchError(second instanceof FetchError ? second : fe));
    }
  }

  const seen = detectInterference(home);
  if (seen) {
    return unscored(domain, medidoEm, `A página inicial devolveu ${seen.kind === 'desafio' ? 'um desafio anti-robô' : 'uma página de bloqueio'} (${seen.vendor}, HTTP ${home.status}) em vez do conteúdo; uma nota agora seria enganosa.`, [BOT_BLOCK_LACUNA]);
  }
  if (home.status === 401 || home.status === 407) return unscored(domain, medidoEm, `A página inicial exige autenticação (HTTP ${home.status}).`);
  if (home.status === 403) return unscored(domain, medidoEm, 'A página inicial recusou o acesso do leitor (HTTP 403), provavelmente por um firewall ou bloqueio de robôs.', [BOT_BLOCK_LACUNA]);
  if (home.status === 429) return unscored(domain, medidoEm, 'O site limitou as requisições do leitor (HTTP 429). Tente medir mais tarde.', [BOT_BLOCK_LACUNA]);
  if (home.status >= 500) return unscored(domain, medidoEm, `O servidor respondeu com erro (HTTP ${home.status}). Tente medir mais tarde.`);
  const charge = home.status === 402 ? paymentSignalOf(home) : undefined;
  if (charge) {
    return unscored(domain, medidoEm, `A página inicial pediu pagamento ao leitor (HTTP 402, ${describePayments([charge])}), que age a pedido de uma pessoa: sem a página, não há leitura a pontuar.`, [PAYMENT_LACUNA]);
  }
  if (home.status !== 200) return unscored(domain, medidoEm, `A página inicial respondeu HTTP ${home.status} em vez de 200.`);
  if (home.truncated) return unscored(domain, medidoEm, `A página inicial passa de ${Math.round((homeOptions.maxBytes / 1024 / 1024) * 10) / 10} MB; o medidor não a lê inteira.`);
  if (!home.contentType.includes('html')) return unscored(domain, medidoEm, `A página inicial não é HTML (${home.contentType || 'sem Content-Type'}).`);

  // 2. Every check, in parallel (fetches are memoized and limited per host), all under the deadline: a
  // measurement cut short throws instead of returning an envelope (nothing is recorded from partial work).
  const tooLong = new AnalysisCutShort(
    `A medição passou do limite de ${Math.round(totalMs / 1000)} s: o site respondeu devagar demais ou entregou conteúdo pesado demais para uma leitura completa. Nenhuma leitura foi registrada; tente de novo mais tarde.`,
  );
  let done = 0;
  const run = async (check: CheckDefinition, ctx: MeasurementContext): Promise<CheckOutcome> => {
    let outcome: CheckOutcome;
    try {
      outcome = await check.run(ctx);
    } catch (error) {
      if (error instanceof AnalysisCutShort) throw error;
      // A defect of the instrument must not cost the site points.
      console.error(`[readiness] verificação ${check.id} falhou:`, error);
      outcome = { status: 'nao_se_aplica', detalhe: 'Não foi possível avaliar esta verificação nesta medição.' };
    }
    done++;
    options.onProgress?.({ verificacao: check.id, nome: check.nome, feitas: done, total: CHECKS.length });
    return outcome;
  };
  let ctx: MeasurementContext;
  let outcomes: CheckOutcome[];
  try {
    ctx = await createContext({ domain, home, homeAccept: HTML_ACCEPT, userAgent, fetch: fetcher, loopback, httpFallback, deadline });
    const context = ctx;
    outcomes = await deadline.race(Promise.all(CHECKS.map((check) => run(check, context))));
  } catch (error) {
    throw error instanceof AnalysisCutShort ? tooLong : error;
  }

  // 3. Interference on the way (challenges, WAF pages, 429) makes a grade untrustworthy.
  const interference = ctx.interference();
  if (interference.blocked >= 2 && interference.blocked / interference.total >= 0.25) {
    return unscored(
      domain,
      medidoEm,
      `Proteção anti-robô ou limite de requisições interferiu em ${interference.blocked} de ${interference.total} respostas (${interference.vendors.join(', ')}); uma nota agora seria enganosa.`,
      [BOT_BLOCK_LACUNA],
    );
  }
  if (deadline.expired()) throw tooLong;

  const result = score(CHECKS.map((check, i) => ({ check, outcome: outcomes[i] as CheckOutcome })));
  const sample = ctx.sampleReport();
  let sinais: string[];
  try {
    sinais = await deadline.race(interfaceSignals(ctx));
  } catch (error) {
    throw error instanceof AnalysisCutShort ? tooLong : error;
  }
  return {
    dominio: domain,
    estado: 'registrada',
    nota: result.nota,
    grau: result.grau,
    camadas: result.camadas,
    lacunas: result.lacunas,
    medidoEm,
    ...(result.teto ? { teto: result.teto } : {}),
    amostra: { paginas: sample.pages, planejadas: sample.planned, linksDoLlmsTxt: sample.llmsLinks, cortada: sample.cut },
    interfaces: { exigidas: sinais.length > 0, sinais },
  };
}
