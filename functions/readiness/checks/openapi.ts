import { isObject } from '../context.ts';
import { apiSignals } from './api-signals.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const openapi: CheckDefinition = {
  id: 'openapi',
  nome: 'Descrição OpenAPI da API',
  camada: 'agentes',
  severidade: 'media',
  titulo: 'A API não publica uma descrição OpenAPI',
  porque: 'Com uma descrição OpenAPI, um agente descobre sozinho as rotas, os parâmetros, as respostas e a autenticação da API, e a usa sem documentação humana nem tentativa e erro.',
  comoCorrigir: 'Publique a descrição OpenAPI 3.x em JSON (por exemplo /openapi.json), com info, paths e components.securitySchemes, e aponte para ela no catálogo /.well-known/api-catalog (service-desc) e no cabeçalho Link.',
  referencia: 'https://spec.openapis.org/oas/latest.html',
  async run(ctx) {
    const doc = await ctx.openApi();
    if (!doc) {
      const signals = await apiSignals(ctx);
      if (signals.length === 0) return notApplicable('Nenhum sinal de API pública no site: verificação não se aplica.');
      return failed(`Há sinais de API (${signals.join(', ')}), mas nenhuma descrição OpenAPI foi encontrada.`);
    }
    const json = doc.json as Record<string, unknown>;
    const version = String(json.openapi ?? json.swagger ?? '');
    const paths = isObject(json.paths) ? Object.keys(json.paths).length : 0;
    const title = isObject(json.info) && typeof json.info.title === 'string' ? json.info.title : '';
    const where = new URL(doc.url).pathname;
    if (!version.startsWith('3.')) return partial(0.5, `Descrição Swagger/OpenAPI ${version} em ${where} (use OpenAPI 3.x).`);
    if (paths === 0 || !title) return partial(0.5, `OpenAPI ${version} em ${where}, mas ${paths === 0 ? 'sem paths' : 'sem info.title'}.`);
    return passed(`OpenAPI ${version} em ${where}: "${title}", ${plural(paths, 'rota', 'rotas')}.`);
  },
};
