import { isObject, type MeasurementContext, ok200, parseJson } from '../context.ts';
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
  porque: 'Os metadados do servidor de autorização (RFC 8414) informam ao agente o endpoint de token e os tipos de concessão aceitos; sem eles o agente não consegue obter um token sem ajuda humana.',
  comoCorrigir: 'Publique /.well-known/oauth-authorization-server com issuer (igual ao endereço do servidor), token_endpoint, grant_types_supported e token_endpoint_auth_methods_supported.',
  referencia: 'https://www.rfc-editor.org/rfc/rfc8414',
  async run(ctx) {
    const issuer = await issuerOf(ctx);
    if (!issuer) {
      if (!(await openApiUsesOAuth(ctx))) return notApplicable('Nenhum servidor de autorização anunciado: verificação não se aplica.');
      return failed('A API declara OAuth, mas nenhum servidor de autorização é anunciado em /.well-known/oauth-protected-resource.');
    }
    let urls: string[];
    try {
      urls = authorizationServerMetadataUrls(issuer);
    } catch {
      return failed(`authorization_servers contém um endereço inválido: ${issuer}.`);
    }
    for (const candidate of urls) {
      const probe = await ctx.get(candidate, { accept: 'application/json' });
      if (!ok200(probe)) continue;
      const json = parseJson(probe.body);
      if (!isObject(json)) continue;
      const problems: string[] = [];
      if (json.issuer !== issuer && json.issuer !== issuer.replace(/\/$/, '')) problems.push(`issuer ${String(json.issuer)} difere de ${issuer}`);
      if (typeof json.token_endpoint !== 'string') problems.push('sem token_endpoint');
      if (!Array.isArray(json.grant_types_supported)) problems.push('sem grant_types_supported');
      const where = new URL(candidate).pathname;
      if (problems.length === 0) return passed(`${where}: token_endpoint e ${plural((json.grant_types_supported as unknown[]).length, 'tipo', 'tipos')} de concessão.`);
      return partial(0.5, `${where} com problemas: ${problems.join('; ')}.`);
    }
    return failed(`Nenhum metadado de servidor de autorização em ${urls.map((u) => new URL(u).pathname).join(' nem ')}.`);
  },
};
