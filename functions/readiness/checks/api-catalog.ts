import { parseLinkHeader } from '../analysis/link-header.ts';
import { isObject, isResponse } from '../context.ts';
import { headerLine } from '../evidence.ts';
import { apiSignals } from './api-signals.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const apiCatalog: CheckDefinition = {
  id: 'api-catalog',
  nome: 'Catálogo de APIs (RFC 9727)',
  camada: 'agentes',
  severidade: 'media',
  titulo: 'Não há catálogo de APIs em /.well-known/api-catalog',
  tituloParcial: 'O catálogo de APIs existe, mas está incompleto',
  porque: 'O catálogo de APIs (RFC 9727) é o endereço padrão onde um agente encontra todas as APIs de um domínio, com links para a descrição OpenAPI, a documentação e o estado de cada uma.',
  comoCorrigir:
    'Publique /.well-known/api-catalog como linkset (Content-Type: application/linkset+json) com um item por API contendo anchor e links service-desc (OpenAPI), service-doc (documentação) e status; responda HEAD com Link: </.well-known/api-catalog>; rel="api-catalog".',
  referencia: 'https://www.rfc-editor.org/rfc/rfc9727',
  async run(ctx) {
    const doc = await ctx.apiCatalog();
    if (!isResponse(doc.probe) || doc.probe.status !== 200 || !isObject(doc.json)) {
      const signals = (await apiSignals(ctx)).filter((s) => !s.includes('api-catalog'));
      const evidencias = [ctx.evidence(doc.probe, isResponse(doc.probe) ? { em: doc.probe.status === 200 ? 'corpo' : 'status', decisivo: doc.probe.status === 200 ? 'o corpo não é um objeto JSON' : `HTTP ${doc.probe.status}` } : {})];
      if (signals.length === 0) return notApplicable('Nenhum sinal de API pública no site: verificação não se aplica.', { evidencias });
      const seen = isResponse(doc.probe) ? `respondeu ${doc.probe.status}` : doc.probe.message;
      return failed(`Há sinais de API (${signals.join(', ')}), mas /.well-known/api-catalog ${seen}.`, { evidencias });
    }
    const body = ctx.evidence(doc.probe, { em: 'cabecalho', decisivo: headerLine(doc.probe.headers, 'Content-Type') });
    const linkset = Array.isArray(doc.json.linkset) ? doc.json.linkset.filter(isObject) : [];
    if (linkset.length === 0) return partial(0.25, '/.well-known/api-catalog responde JSON, mas sem a lista "linkset".', { evidencias: [{ ...body, em: 'corpo', decisivo: 'sem "linkset"' }] });
    const described = linkset.filter((e) => ['service-desc', 'service-doc', 'service-meta', 'item', 'api-catalog'].some((rel) => Array.isArray(e[rel])));
    const problems: string[] = [];
    if (!doc.probe.contentType.startsWith('application/linkset+json')) problems.push(`Content-Type ${doc.probe.contentType} (o esperado é application/linkset+json)`);
    if (described.length < linkset.length) problems.push(`${plural(linkset.length - described.length, 'item', 'itens')} sem service-desc, service-doc ou item`);
    const head = await ctx.get('/.well-known/api-catalog', { method: 'HEAD', accept: 'application/linkset+json' });
    const headLink = isResponse(head) && parseLinkHeader(head.headers.get('link')).some((l) => l.rel.includes('api-catalog'));
    if (!headLink) problems.push('HEAD sem cabeçalho Link rel="api-catalog"');
    const evidencias = [body, ctx.evidence(head, isResponse(head) ? { em: 'cabecalho', decisivo: headerLine(head.headers, 'Link') } : {})];
    if (!headLink) evidencias.reverse();
    if (problems.length === 0) return passed(`Catálogo com ${plural(linkset.length, 'API descrita', 'APIs descritas')}, application/linkset+json e Link no HEAD.`, { evidencias });
    return partial(Math.max(0.25, 1 - 0.25 * problems.length), `Catálogo com ${plural(linkset.length, 'item', 'itens')}, mas: ${problems.join('; ')}.`, { evidencias });
  },
};
