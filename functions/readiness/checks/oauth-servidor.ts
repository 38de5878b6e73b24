import { isObject, isResponse, type MeasurementContext, ok200, parseJson, type Probe } from '../context.ts';
import { siteText } from '../evidence.ts';
import { openApiUsesOAuth } from './api-signals.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** RFC 8414 §3.1: the well-known suffix is inserted between the host and the issuer's path. */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [`${url.origin}/.well-known/oauth-authorization-server${path}`, `${url.origin}${path}/.well-known/openid-configuration`];
}

async function issuerOf(ctx: MeasurementContext): Promise<string | undefined> {
  const prm = await ctx.protectedResource();
  if (ok200(prm.probe) && isObject(prm.json) && Array.isArray(prm.json.authorization_servers)) {
    const first = prm.json.authorization_servers.find((s): s is string => typeof s === 'string');
    if (first) return first;
  }
  return undefined;
}

export const oauthServidor: CheckDefinition = {
  id: 'oauth-servidor',
  nome: 'Metadados do servidor de autorização (RFC 8414)',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'O servidor de autorização não publica os seus metadados',
  tituloParcial: 'Os metadados do servidor de autorização têm problemas',
  porque: 'Os metadados do servidor de autorização (RFC 8414) informam ao agente o endpoint de token e os tipos de concessão aceitos; sem eles o agente não consegue obter um token sem ajuda humana.',
  comoCorrigir: 'Publique /.well-known/oauth-authorization-server com issuer (igual ao endereço do servidor), token_endpoint, grant_types_supported e token_endpoint_auth_methods_supported.',
  referencia: 'https://www.rfc-editor.org/rfc/rfc8414',
  async run(ctx) {
    const issuer = await issuerOf(ctx);
    const prm = (await ctx.protectedResource()).probe;
    if (!issuer) {
      const evidencias = [ctx.evidence(prm, isResponse(prm) ? { em: prm.status === 200 ? 'corpo' : 'status', decisivo: prm.status === 200 ? 'sem authorization_servers' : `HTTP ${prm.status}` } : {})];
      if (!(await openApiUsesOAuth(ctx))) return notApplicable('Nenhum servidor de autorização anunciado: verificação não se aplica.', { evidencias });
      return failed('A API declara OAuth, mas nenhum servidor de autorização é anunciado em /.well-known/oauth-protected-resource.', { evidencias });
    }
    const announced = [ctx.evidence(prm, { em: 'corpo', decisivo: `authorization_servers: ${issuer}` })];
    let urls: string[];
    try {
      urls = authorizationServerMetadataUrls(issuer);
    } catch {
      return failed(`authorization_servers contém um endereço inválido: ${siteText(issuer)}.`, { evidencias: announced });
    }
    // The reading agent contacts only the measured origin (issue 18, item 13): an authorization server
    // elsewhere (a hosted identity provider) is reported, not fetched, and not judged.
    if (!ctx.onMeasuredOrigin(urls[0] as string)) {
      return notApplicable(`O servidor de autorização anunciado, ${siteText(issuer)}, fica fora da origem medida (${ctx.origin}); o leitor só contata o site medido e não o consultou.`, { evidencias: announced });
    }
    const tried: Probe[] = [];
    for (const candidate of urls) {
      const probe = await ctx.get(candidate, { accept: 'application/json' });
      tried.push(probe);
      if (!ok200(probe)) continue;
      const json = parseJson(probe.body);
      if (!isObject(json)) continue;
      const problems: string[] = [];
      if (json.issuer !== issuer && json.issuer !== issuer.replace(/\/$/, '')) problems.push(`issuer ${siteText(String(json.issuer))} difere de ${siteText(issuer)}`);
      if (typeof json.token_endpoint !== 'string') problems.push('sem token_endpoint');
      if (!Array.isArray(json.grant_types_supported)) problems.push('sem grant_types_supported');
      const where = new URL(candidate).pathname;
      const evidencias = [ctx.evidence(probe, { em: 'corpo', decisivo: problems.length ? problems.join('; ') : `issuer: ${String(json.issuer)}` })];
      if (problems.length === 0) return passed(`${where}: token_endpoint e ${plural((json.grant_types_supported as unknown[]).length, 'tipo', 'tipos')} de concessão.`, { evidencias });
      return partial(0.5, `${where} com problemas: ${problems.join('; ')}.`, { evidencias });
    }
    return failed(`Nenhum metadado de servidor de autorização em ${urls.map((u) => new URL(u).pathname).join(' nem ')}.`, {
      evidencias: tried.map((p) => ctx.evidence(p, isResponse(p) ? { em: 'status', decisivo: `HTTP ${p.status}` } : {})),
    });
  },
};
