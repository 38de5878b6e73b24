import { isObject } from '../context.ts';
import { sitePath, siteText } from '../evidence.ts';
import { apiSignals } from './api-signals.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const openapi: CheckDefinition = {
  id: 'openapi',
  nome: 'Descrição OpenAPI da API',
  camada: 'agentes',
  severidade: 'media',
  titulo: 'A API não publica uma descrição OpenAPI',
  tituloParcial: 'A descrição OpenAPI está incompleta ou é de uma versão antiga',
  porque: 'Com uma descrição OpenAPI, um agente descobre sozinho as rotas, os parâmetros, as respostas e a autenticação da API, e a usa sem documentação humana nem tentativa e erro.',
  comoCorrigir: 'Publique a descrição OpenAPI 3.x em JSON (por exemplo /openapi.json), com info, paths e components.securitySchemes, e aponte para ela no catálogo /.well-known/api-catalog (service-desc) e no cabeçalho Link.',
  referencia: 'https://spec.openapis.org/oas/latest.html',
  async run(ctx) {
    const doc = await ctx.openApi();
    if (!doc) {
      const signals = await apiSignals(ctx);
      // The conventional address, as asked (the memoized answer): what a developer checks first.
      const tried = [ctx.evidence(await ctx.get('/openapi.json', { accept: 'application/vnd.oai.openapi+json, application/json;q=0.9, */*;q=0.5' }), { em: 'status' })];
      if (signals.length === 0) return notApplicable('Nenhum sinal de API pública no site: verificação não se aplica.', { evidencias: tried });
      return failed(`Há sinais de API (${signals.join(', ')}), mas nenhuma descrição OpenAPI foi encontrada.`, { evidencias: tried });
    }
    const json = doc.json as Record<string, unknown>;
    const version = String(json.openapi ?? json.swagger ?? '');
    const paths = isObject(json.paths) ? Object.keys(json.paths).length : 0;
    const title = isObject(json.info) && typeof json.info.title === 'string' ? json.info.title : '';
    const where = sitePath(doc.url);
    const evidencias = [ctx.evidence(doc.probe, { em: 'corpo', decisivo: `${json.openapi !== undefined ? 'openapi' : 'swagger'}: ${version}; ${plural(paths, 'path', 'paths')}${title ? `; info.title: ${title}` : ''}` })];
    if (!version.startsWith('3.')) return partial(0.5, `Descrição Swagger/OpenAPI ${siteText(version)} em ${where} (use OpenAPI 3.x).`, { evidencias, titulo: 'A descrição da API não está em OpenAPI 3' });
    if (paths === 0 || !title) return partial(0.5, `OpenAPI ${siteText(version)} em ${where}, mas ${paths === 0 ? 'sem paths' : 'sem info.title'}.`, { evidencias });
    return passed(`OpenAPI ${siteText(version)} em ${where}: ${siteText(title)}, ${plural(paths, 'rota', 'rotas')}.`, { evidencias });
  },
};
