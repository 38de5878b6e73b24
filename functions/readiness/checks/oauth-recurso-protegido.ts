import { isObject, isResponse } from '../context.ts';
import { siteText } from '../evidence.ts';
import { openApiUsesOAuth } from './api-signals.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const oauthRecursoProtegido: CheckDefinition = {
  id: 'oauth-recurso-protegido',
  nome: 'Metadados do recurso protegido (RFC 9728)',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'A API protegida não publica os metadados OAuth do recurso',
  tituloParcial: 'Os metadados OAuth do recurso protegido estão incompletos',
  porque: 'Quando uma API exige token, os metadados do recurso protegido (RFC 9728) dizem ao agente qual servidor de autorização usar e quais escopos pedir, para que ele obtenha acesso sozinho.',
  comoCorrigir: 'Publique /.well-known/oauth-protected-resource com resource, authorization_servers, scopes_supported e bearer_methods_supported, e aponte para ele no WWW-Authenticate das respostas 401 (resource_metadata="…").',
  referencia: 'https://www.rfc-editor.org/rfc/rfc9728',
  async run(ctx) {
    const doc = await ctx.protectedResource();
    const present = isResponse(doc.probe) && doc.probe.status === 200 && isObject(doc.json);
    if (!present) {
      const evidencias = [ctx.evidence(doc.probe, isResponse(doc.probe) ? { em: 'status', decisivo: `HTTP ${doc.probe.status}` } : {})];
      if (!(await openApiUsesOAuth(ctx))) return notApplicable('Nenhuma API protegida por OAuth ou bearer encontrada: verificação não se aplica.', { evidencias });
      return failed('A descrição OpenAPI declara autenticação OAuth/bearer, mas /.well-known/oauth-protected-resource não existe.', { evidencias });
    }
    const json = doc.json as Record<string, unknown>;
    const problems: string[] = [];
    if (typeof json.resource !== 'string') problems.push('sem resource');
    if (!Array.isArray(json.authorization_servers) || json.authorization_servers.length === 0) problems.push('sem authorization_servers');
    if (!Array.isArray(json.scopes_supported)) problems.push('sem scopes_supported');
    const evidencias = [ctx.evidence(doc.probe, { em: 'corpo', decisivo: problems.length ? problems.join('; ') : `resource: ${String(json.resource)}` })];
    if (problems.length === 0) return passed(`Recurso ${siteText(json.resource as string)} com ${plural((json.authorization_servers as unknown[]).length, 'servidor', 'servidores')} de autorização.`, { evidencias });
    return partial(problems.length === 1 && problems[0] === 'sem scopes_supported' ? 0.75 : 0.25, `Metadados incompletos: ${problems.join('; ')}.`, { evidencias });
  },
};
